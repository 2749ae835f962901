import { formatPrice, type Promotion } from '@shop/contracts';
import { Link } from 'react-router';
import { formatInstant } from '../../../lib/dates';
import { TableHead } from '../shared/table-head';
import { PromotionStateBadge } from './promotion-state-badge';
import { offerText, perCustomerText, usesText } from './promotions-view';

/** "From Jan 1, 2027 … to Jan 31, 2027 …", or "No end". */
function Dates({ promotion }: { promotion: Promotion }) {
  return (
    <>
      <span className="d-block">
        From{' '}
        {promotion.startsAt ? (
          <time dateTime={promotion.startsAt}>{formatInstant(promotion.startsAt)}</time>
        ) : (
          'its creation'
        )}
      </span>
      <span className="d-block">
        {promotion.endsAt ? (
          <>
            to <time dateTime={promotion.endsAt}>{formatInstant(promotion.endsAt)}</time>
          </>
        ) : (
          'No end'
        )}
      </span>
    </>
  );
}

/**
 * The promotions as a table from a laptop up and one card each on a phone (the same markup, laid out by
 * CSS): code, what it takes off, state, dates, uses, cap per customer, what it took off and sold, and Edit.
 */
export function PromotionsTable({ promotions }: { promotions: Promotion[] }) {
  return (
    <table className="admin-table admin-promotions__table">
      <caption className="visually-hidden">Promotions, newest first</caption>
      <TableHead
        columns={['Code', 'Offer', 'State', 'Dates', 'Uses', 'Per customer', 'Discounted', 'Sales']}
        actions
      />
      <tbody>
        {promotions.map((promotion) => (
          <tr key={promotion.id}>
            <th scope="row" className="admin-table__wide admin-promotions__code">
              <code>{promotion.code}</code>
            </th>
            <td data-label="Offer">{offerText(promotion.kind, promotion.value)}</td>
            <td data-label="State">
              <PromotionStateBadge state={promotion.state} />
            </td>
            <td data-label="Dates" className="admin-table__wide">
              <Dates promotion={promotion} />
            </td>
            <td data-label="Uses">{usesText(promotion)}</td>
            <td data-label="Per customer">{perCustomerText(promotion.usesPerCustomer)}</td>
            <td data-label="Discounted">{formatPrice(promotion.discounted)}</td>
            <td data-label="Sales">{formatPrice(promotion.sales)}</td>
            <td className="admin-table__actions">
              <Link
                to={`/account/promotions/${encodeURIComponent(promotion.id)}`}
                className="btn btn-outline-dark btn-sm"
                aria-label={`Edit the promotion ${promotion.code}`}
              >
                Edit
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
