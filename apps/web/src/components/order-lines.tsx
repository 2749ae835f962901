import { formatPrice } from '@shop/contracts';
import './order-lines.css';

export interface SummaryLine {
  key: string;
  name: string;
  img: string;
  size: string;
  count: number;
  price: number;
  totalPrice: number;
}

/** Lines of an order or of the cart being bought: picture, name, size, count × price and the line total. */
export function OrderLines({ lines, label }: { lines: SummaryLine[]; label: string }) {
  return (
    <ul className="order-lines list-unstyled mb-0" aria-label={label}>
      {lines.map((line) => (
        <li key={line.key} className="order-line">
          <img src={line.img} alt="" width={64} height={48} loading="lazy" className="order-line__img" />
          <div className="order-line__body">
            <p className="order-line__name">{line.name}</p>
            <p className="order-line__meta">
              Size {line.size} · {line.count} × {formatPrice(line.price)}
            </p>
          </div>
          <span className="order-line__total">{formatPrice(line.totalPrice)}</span>
        </li>
      ))}
    </ul>
  );
}
