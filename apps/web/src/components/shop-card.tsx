import type { ReactNode } from 'react';

interface ShopCardProps {
  /** The heading's id: the card is named by it. */
  headingId: string;
  title: string;
  /** The heading's look (the account's or the checkout's). */
  titleClassName: string;
  /** More classes for the card (a danger card, a sticky summary). */
  className?: string;
  children: ReactNode;
}

/** A white card of the page (.shop-card) under its heading. */
export function ShopCard({ headingId, title, titleClassName, className, children }: ShopCardProps) {
  return (
    <section className={className ? `shop-card ${className}` : 'shop-card'} aria-labelledby={headingId}>
      <h2 id={headingId} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
