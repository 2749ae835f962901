import type { DropSummary } from '@shop/contracts';
import { Link } from 'react-router';
import { formatInstant } from '../shared/typed-values';
import { DropStateBadge } from './drop-state-badge';
import { entrantsOf, isEditable, MODE_LABELS, viewSearch } from './drops-view';

/** A draw's entrants so far; a first-come drop has none to count. */
const entrantsText = (drop: DropSummary) => (drop.mode === 'draw' ? String(entrantsOf(drop)) : '—');

/**
 * The drops as a table from a laptop up and one card each on a phone (the same markup, laid out by CSS):
 * product, mode, state, release time in the reader's zone, entrants, and View / Edit.
 */
export function DropsTable({ drops }: { drops: DropSummary[] }) {
  return (
    <table className="admin-table admin-drops__table">
      <caption className="visually-hidden">Drops, newest release first</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Mode</th>
          <th scope="col">State</th>
          <th scope="col">Release</th>
          <th scope="col">Entrants</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
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
              <Link
                to={{ search: viewSearch({ kind: 'detail', id: drop.id }) }}
                className="btn btn-outline-dark btn-sm"
                aria-label={`View the drop of ${drop.product.name}`}
              >
                View
              </Link>
              {isEditable(drop) ? (
                <Link
                  to={{ search: viewSearch({ kind: 'edit', id: drop.id }) }}
                  className="btn btn-outline-dark btn-sm"
                  aria-label={`Edit the drop of ${drop.product.name}`}
                >
                  Edit
                </Link>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
