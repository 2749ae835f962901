import { Link } from 'react-router';
import { ProductCarousel } from '../../components/product-carousel';
import { FeaturedBanners } from './featured-banners';
import { SneakerArt } from './sneaker-art';

/** 'Only Basketball' and the featured banners below it: the landing and the basketball pages open with them. */
export function OnlyBasketball() {
  return (
    <>
      <ProductCarousel
        title="Only Basketball"
        params={{ category: 'basketball' }}
        viewAllTo="/home?category=basketball"
      />
      <FeaturedBanners />
    </>
  );
}

/** The welcome banner: who we are, with a way into the catalogue. */
export function WelcomeBanner() {
  return (
    <section className="welcome-banner" aria-labelledby="welcome-title">
      <div className="welcome-banner__copy">
        <p className="eyebrow">Welcome</p>
        <h2 id="welcome-title" className="welcome-banner__title">
          Welcome to Sneaker Shop
        </h2>
        <p className="welcome-banner__text">
          Court classics, everyday runners and statement pairs from the brands you love, picked by people who
          wear them. Find your size, save your favourites and check out with card or wallet.
        </p>
        <ul className="welcome-banner__facts">
          <li>
            <strong>6+</strong> brands
          </li>
          <li>
            <strong>5</strong> categories
          </li>
          <li>
            <strong>2</strong> ways to pay
          </li>
        </ul>
        <Link to="/home" className="btn btn-dark btn-lg rounded-pill px-4">
          Shop all sneakers
        </Link>
      </div>
      <div className="welcome-banner__art">
        <SneakerArt className="welcome-banner__shoe" />
      </div>
    </section>
  );
}

/** The 'German Quality' banner. */
export function QualityBanner() {
  return (
    <section className="quality-banner" aria-labelledby="quality-title">
      <svg viewBox="0 0 120 120" className="quality-banner__seal" aria-hidden="true" focusable="false">
        <path
          d="M60 4l12 10 15-4 6 14 15 5-1 16 10 11-10 11 1 16-15 5-6 14-15-4-12 10-12-10-15 4-6-14-15-5 1-16L2 60l10-11-1-16 15-5 6-14 15 4Z"
          fill="var(--shop-accent)"
        />
        <circle cx="60" cy="60" r="36" fill="none" stroke="#fff" strokeWidth="3" strokeDasharray="4 5" />
        <path
          d="M43 61l11 11 23-25"
          fill="none"
          stroke="#fff"
          strokeWidth="8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div className="quality-banner__copy">
        <h2 id="quality-title" className="quality-banner__title">
          German Quality
        </h2>
        <p className="quality-banner__text">
          Every pair is checked by hand before it ships: stitching, glue lines, sizing and box. Only
          authentic, brand-new sneakers leave our shelves, packed with care and tracked to your door.
        </p>
      </div>
      <ul className="quality-banner__points">
        <li>Authentic pairs only</li>
        <li>Checked by hand</li>
        <li>Secure card or wallet payment</li>
      </ul>
    </section>
  );
}

const TESTIMONIALS = [
  {
    initials: 'LK',
    who: 'Verified buyer, Berlin',
    rating: 5,
    quote: 'Ordered on Monday, wearing them on Thursday. True to size and the box arrived without a dent.',
  },
  {
    initials: 'MA',
    who: 'Verified buyer, Hamburg',
    rating: 5,
    quote:
      'Finally a shop where the filters actually work. Found women’s running shoes in my size in a minute.',
  },
  {
    initials: 'JS',
    who: 'Verified buyer, Munich',
    rating: 4,
    quote: 'Great basketball selection. The cart kept my picks while I made up my mind, checkout was quick.',
  },
] as const;

/** Three static customer quotes with initials avatars. */
export function Testimonials() {
  return (
    <section className="testimonials" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title" className="section-title mb-4">
        What our customers say
      </h2>
      <ul className="testimonials__list">
        {TESTIMONIALS.map((item) => (
          <li key={item.who} className="testimonial">
            <figure className="m-0 d-flex flex-column h-100">
              <span className="testimonial__stars" role="img" aria-label={`Rated ${item.rating} out of 5`}>
                {'★'.repeat(item.rating)}
                <span className="testimonial__stars-off">{'★'.repeat(5 - item.rating)}</span>
              </span>
              <blockquote className="testimonial__quote">
                <p>“{item.quote}”</p>
              </blockquote>
              <figcaption className="testimonial__who">
                <span className="testimonial__avatar" aria-hidden="true">
                  {item.initials}
                </span>
                {item.who}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The register-now call to action (also the women's page 'Join our Club'). */
export function RegisterCta({
  title = 'Register now',
  text = 'Create an account to save favourites, follow your orders and review the pairs you bought.',
  buttonLabel = 'Register now',
}: {
  title?: string;
  text?: string;
  buttonLabel?: string;
}) {
  return (
    <section className="register-cta" aria-labelledby="register-cta-title">
      <svg viewBox="0 0 200 200" className="register-cta__shape" aria-hidden="true" focusable="false">
        <circle cx="100" cy="100" r="96" fill="none" stroke="rgba(255,255,255,.35)" strokeWidth="2" />
        <circle cx="100" cy="100" r="64" fill="none" stroke="rgba(255,255,255,.35)" strokeWidth="2" />
        <circle cx="100" cy="100" r="32" fill="rgba(255,255,255,.2)" />
      </svg>
      <div className="register-cta__copy">
        <h2 id="register-cta-title" className="register-cta__title">
          {title}
        </h2>
        <p className="register-cta__text">{text}</p>
      </div>
      <Link to="/register" className="btn btn-light btn-lg rounded-pill px-4 register-cta__btn">
        {buttonLabel}
      </Link>
    </section>
  );
}
