import { formatPrice, type Order, type PaymentEntry } from '@shop/contracts';
import { formatDay } from '../../../lib/dates';
import { useProviderLabel } from '../../../lib/payment-providers';
import { givesBack, paidAndBack } from './refund-words';

/** What each kind of ledger entry did, as staff read it. */
const KIND_LABELS: Record<PaymentEntry['kind'], string> = {
  capture: 'Paid',
  credit_spend: 'Paid with store credit',
  refund: 'Refunded',
  credit_back: 'Given back as store credit',
};

/**
 * The order's payments ledger for staff: each capture, store credit spent, refund and credit given back,
 * oldest first, by tender, with the provider's reference and the return a refund was for; then what was
 * paid, what went back and what is left to refund.
 */
export function OrderPayments({ order }: { order: Order }) {
  const tenderName = useProviderLabel();
  if (order.payments.length === 0) return null;
  const returnNumber = (id: string | undefined) => order.returns.find((ret) => ret.id === id)?.number;
  const { paid, back } = paidAndBack(order);
  return (
    <section className="admin-order-payments" aria-labelledby="admin-order-payments-heading">
      <h3 id="admin-order-payments-heading" className="admin-order-detail__label">
        Payments
      </h3>
      <table className="table table-sm align-middle mb-2">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">What</th>
            <th scope="col">By</th>
            <th scope="col" className="text-end">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {order.payments.map((entry) => {
            const ret = returnNumber(entry.returnId);
            const out = givesBack(entry);
            return (
              <tr key={`${entry.kind}-${entry.at}-${entry.returnId ?? ''}`}>
                <td>
                  <time dateTime={entry.at}>{formatDay(entry.at)}</time>
                </td>
                <td>
                  {KIND_LABELS[entry.kind]}
                  {ret ? <span className="admin-order-payments__for"> for return {ret}</span> : null}
                  {entry.reference ? (
                    <span className="admin-order-payments__reference d-block">{entry.reference}</span>
                  ) : null}
                </td>
                <td>{tenderName(entry.tender)}</td>
                <td className="text-end admin-order-payments__amount">
                  {out ? '−' : ''}
                  {formatPrice(entry.amount, order.currency)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <dl className="admin-order-payments__sums">
        <div>
          <dt>Paid</dt>
          <dd>{formatPrice(paid, order.currency)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{formatPrice(back, order.currency)}</dd>
        </div>
        <div>
          <dt>Left to refund</dt>
          <dd>{formatPrice(Math.max(0, Math.round((paid - back) * 100) / 100), order.currency)}</dd>
        </div>
      </dl>
    </section>
  );
}
