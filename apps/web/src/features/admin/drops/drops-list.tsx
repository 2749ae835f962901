import type { DropSummary } from '@shop/contracts';
import { Link } from 'react-router';
import { formatInstant } from '../../../lib/dates';
import { TableHead } from '../shared/table-head';
import { DropStateBadge } from './drop-state-badge';
import { entrantsOf, isEditable, MODE_LABELS, viewSearch } from './drops-view';

/** A draw's entrants so far; a first-come drop's shoppers who joined its waiting room. */
const entrantsText = (drop: DropSummary) =>
  drop.mode === 'draw' ? String(entrantsOf(drop)) : `${drop.room?.joined ?? 0} joined`;

/** View or Edit of one drop, named with its product for screen readers. */
function DropLink({ drop, kind, label }: { drop: DropSummary; kind: 'detail' | 'edit'; label: string }) {
  return (
    <Link
      to={{ search: viewSearch({ kind, id: drop.id }) }}
      className="btn btn-outline-dark btn-sm"
      aria-label={`${label} the drop of ${drop.product.name}`}
    >
      {label}
    </Link>
  );
}

/**
 * The drops as a table from a laptop up and one card each on a phone (the same markup, laid out by CSS):
 * product, mode, state, release time in the reader's zone, entrants, and View / Edit.
 */
export function DropsTable({ drops }: { drops: DropSummary[] }) {
  return (
    <table className="admin-table admin-drops__table">
      <caption className="visually-hidden">Drops, newest release first</caption>
      <TableHead columns={['Product', 'Mode', 'State', 'Release', 'Entrants']} actions />
      <tbody>
        {drops.map((drop) => (
          <tr key={drop.id}>
            <th scope="row" className="admin-table__wide admin-drops__product">
              <img src={drop.product.card_picture} alt="" width={48} height={48} loading="lazy" />
              <span>
                <span className="admin-drops__product-name">{drop.product.name}</span>
                <span className="admin-drops__product-brand">{drop.product.brand}</span>
              </span>
            </th>
            <td data-label="Mode">{MODE_LABELS[drop.mode]}</td>
            <td data-label="State">
              <DropStateBadge state={drop.state} />
            </td>
            <td data-label="Release">
              <time dateTime={drop.releaseAt}>{formatInstant(drop.releaseAt)}</time>
            </td>
            <td data-label="Entrants">{entrantsText(drop)}</td>
            <td className="admin-table__actions">
              <DropLink drop={drop} kind="detail" label="View" />
              {isEditable(drop) ? <DropLink drop={drop} kind="edit" label="Edit" /> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
