import './sale-price.css';
import { formatPrice, fromCents, toCents } from '@shop/contracts';

/** The amount a sale takes off, as every sale price says it: "Save $30.00". */
export function savingText(price: number, compareAtPrice: number): string {
  return `Save ${formatPrice(fromCents(toCents(compareAtPrice) - toCents(price)))}`;
}

/**
 * A product's price; on sale, the compare-at price struck through before it and the saving after it.
 * Screen readers hear "was $150.00, now $120.00, save $30.00".
 */
export function SalePrice({
  price,
  compareAtPrice,
  className = '',
}: {
  price: number;
  compareAtPrice: number | null;
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
    </span>
  );
}
