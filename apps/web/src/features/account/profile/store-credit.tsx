import { CREDIT_KIND_LABELS, type CreditEntry, formatPrice } from '@shop/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { LoadingSpinner } from '../../../components/loading-cards';
import { Pagination } from '../../../components/pagination';
import { ShopCard } from '../../../components/shop-card';
import { formatDay } from '../../../lib/dates';
import { useCreditHistory } from '../api/get-credit';

export const NO_CREDIT_TEXT = 'You have no store credit yet.';

/** "+$20.00" for what adds to the balance, "−$15.00" for what takes from it. */
const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${formatPrice(Math.abs(amount))}`;

/** The store credit balance and its history, newest first, a page at a time. */
export function StoreCredit({ uid }: { uid: string }) {
  const [page, setPage] = useState(1);
  const query = useCreditHistory(uid, page);

  return (
    <ShopCard headingId="credit-heading" title="Store credit" titleClassName="account-card__title">
      {query.isPending ? (
        <LoadingSpinner
          label="Loading your store credit"
          className="py-3"
          spinnerClassName="spinner-border-sm text-dark"
        />
      ) : query.isError ? (
        <AlertError
          message={`We could not load your store credit: ${query.error.message}`}
          onRetry={() => query.refetch()}
          dismissible={false}
        />
      ) : (
        <>
          <p className="account-card__lead">
            Balance <strong data-testid="credit-balance">{formatPrice(query.data.balance)}</strong>
            <span className="d-block small">It pays towards your next order at checkout.</span>
          </p>
          {query.data.entries.length === 0 ? (
            <p className="mb-0">{NO_CREDIT_TEXT}</p>
          ) : (
            <ul className="list-unstyled credit-history mb-0" aria-label="Store credit history">
              {query.data.entries.map((entry) => (
                <CreditRow key={entry.id} entry={entry} />
              ))}
            </ul>
          )}
          <Pagination
            page={query.data.page}
            pages={query.data.pages > 1 ? query.data.pages : 0}
            onChange={setPage}
            label="Store credit history pages"
            className="mt-3"
          />
        </>
      )}
    </ShopCard>
  );
}

function CreditRow({ entry }: { entry: CreditEntry }) {
  return (
    <li className="credit-entry">
      <div className="credit-entry__head">
        <span className="fw-semibold">{CREDIT_KIND_LABELS[entry.kind]}</span>
        <span className={`credit-entry__amount${entry.amount < 0 ? '' : ' credit-entry__amount--in'}`}>
          {signed(entry.amount)}
        </span>
      </div>
      {entry.reason && <p className="credit-entry__reason">{entry.reason}</p>}
      <p className="credit-entry__meta">
        <time dateTime={entry.date}>{formatDay(entry.date)}</time>
        {entry.orderId && (
          <>
            {' · '}
            <Link to={`/account/orders?order=${encodeURIComponent(entry.orderId)}`} className="link-dark">
              {entry.orderNumber === null ? 'The order' : `Order #${entry.orderNumber}`}
            </Link>
          </>
        )}
        {' · '}Balance after {formatPrice(entry.balanceAfter)}
      </p>
    </li>
  );
}
