import './sale-price.css';
import { formatPrice, fromCents, toCents } from '@shop/contracts';

/** The amount a sale takes off, as every sale price says it: "Save $30.00". */
export function savingText(price: number, compareAtPrice: number): string {
  return `Save ${formatPrice(fromCents(toCents(compareAtPrice) - toCents(price)))}`;
}

/** What a reduction says of its prior price (EU Omnibus directive, Art. 6a). */
export function priorPriceText(priorPrice: number): string {
  return `Lowest price in the last 30 days: ${formatPrice(priorPrice)}`;
}

/**
 * A product's price; on sale, the compare-at price struck through before it and the saving after it, and
 * under them the lowest price of the 30 days before the reduction when the product had another price.
 * Screen readers hear "was $150.00, now $120.00, save $30.00", then the lowest price as it is written.
 */
export function SalePrice({
  price,
  compareAtPrice,
  priorPrice = null,
  className = '',
}: {
  price: number;
  compareAtPrice: number | null;
  /** The lowest price of the 30 days before the current price took effect; null when it never changed. */
  priorPrice?: number | null;
  className?: string;
}) {
  if (compareAtPrice === null || compareAtPrice <= price)
    return <span className={className}>{formatPrice(price)}</span>;
  const saving = savingText(price, compareAtPrice);
  return (
    <span className={`sale-price ${className}`}>
      <span className="visually-hidden">
        was {formatPrice(compareAtPrice)}, now {formatPrice(price)}, {saving.toLowerCase()}
      </span>
      <s className="sale-price__was" aria-hidden="true">
        {formatPrice(compareAtPrice)}
      </s>
      <span aria-hidden="true">{formatPrice(price)}</span>
      <span className="sale-price__saving" aria-hidden="true">
        {saving}
      </span>
      {priorPrice === null ? null : <span className="sale-price__prior">{priorPriceText(priorPrice)}</span>}
    </span>
  );
}
