import { formatPrice, fromCents, toCents } from '@shop/contracts';
import { useSizeLabels } from '../lib/size-labels';
import './order-lines.css';

export interface SummaryLine {
  key: string;
  name: string;
  img: string;
  /** The shop's size key (the US size). */
  size: string;
  /** The line's product and its brand, where known: its size then shows in the shopper's system too. */
  productId?: string;
  brand?: string;
  /** The product's genders (a women's product is sized on the women's chart). */
  genders?: readonly string[];
  count: number;
  price: number;
  totalPrice: number;
  /** A discount code's amount off the line (all its units): the total shows struck through, then what is paid. */
  discount?: number;
}

/**
 * Lines of an order or of the cart being bought: picture, name, size (in the shopper's size system, the US
 * key beside it), count × price and the line total, in `currency` (an order's; the shop's when not given).
 */
export function OrderLines({
  lines,
  label,
  currency,
}: {
  lines: SummaryLine[];
  label: string;
  currency?: string;
}) {
  const labelOf = useSizeLabels(
    lines.flatMap((line) =>
      line.productId ? [{ id: line.productId, brand: line.brand, genders: line.genders }] : [],
    ),
  );
  return (
    <ul className="order-lines list-unstyled mb-0" aria-label={label}>
      {lines.map((line) => (
        <li key={line.key} className="order-line">
          <img src={line.img} alt="" width={64} height={48} loading="lazy" className="order-line__img" />
          <div className="order-line__body">
            <p className="order-line__name">{line.name}</p>
            <p className="order-line__meta">
              Size {line.productId ? labelOf(line.productId, line.size) : line.size} · {line.count} ×{' '}
              {formatPrice(line.price, currency)}
            </p>
          </div>
          <LineTotal total={line.totalPrice} discount={line.discount ?? 0} currency={currency} />
        </li>
      ))}
    </ul>
  );
}

function LineTotal({ total, discount, currency }: { total: number; discount: number; currency?: string }) {
  if (discount <= 0) return <span className="order-line__total">{formatPrice(total, currency)}</span>;
  return (
    <span className="order-line__total">
      <s className="order-line__was">
        <span className="visually-hidden">was </span>
        {formatPrice(total, currency)}
      </s>
      <span className="visually-hidden">, now </span>{' '}
      {formatPrice(fromCents(toCents(total) - toCents(discount)), currency)}
    </span>
  );
}
