import type { Order } from '@shop/contracts';
import { Fragment } from 'react';

/** The lines a carrier reads: the recipient, the street, city, state and postal code, the country, the phone. */
export function shipToLines(to: NonNullable<Order['shipTo']>): string[] {
  return [
    to.fullName || to.name,
    to.address,
    [to.city, to.state, to.postalCode].filter(Boolean).join(', '),
    to.country,
    to.phone,
  ].filter(Boolean);
}

/** Where an order's parcel goes, as the order keeps it. */
export function ShipToAddress({ to, className }: { to: NonNullable<Order['shipTo']>; className?: string }) {
  return (
    <address className={className}>
      {shipToLines(to).map((line, index) => (
        <Fragment key={line}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </address>
  );
}
