import { formatPrice, type Order, orderName } from '@shop/contracts';
import { useCreditNotes } from '../lib/credit-notes';
import './credit-note-links.css';

/**
 * The order's credit notes, one a refund, each a link that opens the printable note in a new tab (as the
 * invoice's does): "Credit note CN-000001 – $X". Nothing while nothing was refunded.
 */
export function CreditNoteLinks({
  order,
  className = '',
  linkClassName,
}: {
  order: Order;
  className?: string;
  linkClassName?: string;
}) {
  const notes = useCreditNotes(order).data ?? [];
  if (notes.length === 0) return null;
  return (
    <ul
      className={`credit-note-links ${className}`.trim()}
      aria-label={`Credit notes of order ${orderName(order)}`}
    >
      {notes.map((note) => (
        <li key={note.number}>
          <a href={note.url} target="_blank" rel="noopener" className={linkClassName}>
            Credit note {note.number} – {formatPrice(note.amount)}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
