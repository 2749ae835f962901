import { Link } from 'react-router';

export const SHOP_NAME = 'Sneaker Shop';

/** The shop's name set in Bebas Neue; 'Shop' takes the accent colour. */
export function Wordmark({ className = '' }: { className?: string }) {
  return (
    <span className={`wordmark site-wordmark ${className}`}>
      Sneaker <span className="site-wordmark__accent">Shop</span>
    </span>
  );
}

export function WordmarkLink({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/"
      className={`site-wordmark-link text-decoration-none ${className}`}
      aria-label={`${SHOP_NAME}, home`}
    >
      <Wordmark />
    </Link>
  );
}
