import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './secondary-banner.css';

export interface SecondaryBannerProps {
  title: string;
  text: ReactNode;
  /** A picture URL, shown with `imageAlt`; or pass `art` (drawn markup) instead. */
  image?: string;
  imageAlt?: string;
  art?: ReactNode;
  /** Where the button leads. */
  to: string;
  buttonLabel?: string;
  /** A small line above the title. */
  eyebrow?: string;
  /** Image on the other side and dark colours. */
  inverted?: boolean;
  headingLevel?: 2 | 3;
  className?: string;
}

/** The spec's secondary banner: title, text, image and a 'View More' button, optionally inverted. */
export function SecondaryBanner({
  title,
  text,
  image,
  imageAlt = '',
  art,
  to,
  buttonLabel = 'View More',
  eyebrow,
  inverted = false,
  headingLevel = 2,
  className = '',
}: SecondaryBannerProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`secondary-banner${inverted ? ' secondary-banner--inverted' : ''} ${className}`}>
      <div className="secondary-banner__media">
        {image ? (
          <img
            src={image}
            alt={imageAlt}
            className="secondary-banner__image"
            loading="lazy"
            width={640}
            height={480}
          />
        ) : (
          art
        )}
      </div>
      <div className="secondary-banner__body">
        {eyebrow ? <p className="secondary-banner__eyebrow">{eyebrow}</p> : null}
        <Heading className="secondary-banner__title">{title}</Heading>
        <div className="secondary-banner__text">{text}</div>
        <Link
          to={to}
          className={`btn btn-lg rounded-pill px-4 fw-semibold ${inverted ? 'btn-accent' : 'btn-dark'}`}
        >
          {buttonLabel}
          <span className="visually-hidden">: {title}</span>
        </Link>
      </div>
    </article>
  );
}
