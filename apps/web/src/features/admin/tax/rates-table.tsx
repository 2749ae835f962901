import { TAX_CATEGORIES, type TaxRate } from '@shop/contracts';
import { TableHead } from '../shared/table-head';
import { placeName } from './tax-places';

/** The rates of a place together (by name), standard first, oldest period first. */
export function sortRates(rates: readonly TaxRate[]): TaxRate[] {
  return [...rates].sort(
    (a, b) =>
      placeName(a).localeCompare(placeName(b)) ||
      TAX_CATEGORIES.indexOf(a.category) - TAX_CATEGORIES.indexOf(b.category) ||
      (a.from ?? '').localeCompare(b.from ?? ''),
  );
}

interface RatesTableProps {
  rates: readonly TaxRate[];
  caption: string;
  onEdit: (rate: TaxRate) => void;
  onEnd: (rate: TaxRate) => void;
  onDelete: (rate: TaxRate) => void;
}

/** The rates shown: where, which category, how much, the days they apply and their source; Edit, End, Delete. */
export function RatesTable({ rates, caption, onEdit, onEnd, onDelete }: RatesTableProps) {
  return (
    <div className="admin-tax__table-wrap">
      <table className="admin-table admin-tax__table">
        <caption className="visually-hidden">{caption}</caption>
        <TableHead columns={['Place', 'Category', 'Rate', 'From', 'To', 'Source']} actions />
        <tbody>
          {rates.map((rate) => {
            const name = `${placeName(rate)} ${rate.category} ${rate.rate}%`;
            return (
              <tr key={rate.id}>
                <th scope="row" className="admin-table__wide admin-tax__place">
                  {placeName(rate)}
                </th>
                <td data-label="Category" className="text-capitalize">
                  {rate.category}
                </td>
                <td data-label="Rate">{`${rate.rate}%`}</td>
                <td data-label="From">{rate.from ?? '—'}</td>
                <td data-label="To">{rate.to ?? '—'}</td>
                <td data-label="Source" className="admin-table__wide admin-tax__source">
                  {rate.source || '—'}
                </td>
                <td className="admin-tax__actions">
                  <button
                    type="button"
                    className="btn btn-outline-dark btn-sm"
                    onClick={() => onEdit(rate)}
                    aria-label={`Edit ${name}`}
                  >
                    Edit
                  </button>
                  {rate.to === null ? (
                    <button
                      type="button"
                      className="btn btn-outline-dark btn-sm"
                      onClick={() => onEnd(rate)}
                      aria-label={`End ${name}`}
                    >
                      End
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-outline-danger btn-sm"
                    onClick={() => onDelete(rate)}
                    aria-label={`Delete ${name}`}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
