import { Link } from 'react-router';

interface CardPictureLinkProps {
  productId: string;
  /** The card's picture and the product's name, its text. */
  picture: string;
  name: string;
  /** The card's own class for its picture ('product-card__image'). */
  className: string;
  /** Loads at once and ahead of other pictures (a list's first row); otherwise as it nears the screen. */
  priority?: boolean;
}

/** A shoe card's picture, its link stretched over the whole card, to the product's page. */
export function CardPictureLink({
  productId,
  picture,
  name,
  className,
  priority = false,
}: CardPictureLinkProps) {
  return (
    <Link to={`/home/${productId}`} className="stretched-link text-decoration-none text-reset">
      <img
        src={picture}
        alt={name}
        className={`card-img-top ${className}`}
        width={480}
        height={360}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </Link>
  );
}
