import {
  type AdminUser,
  CREDIT_KIND_LABELS,
  type Credit,
  type CreditEntry,
  formatPrice,
} from '@shop/contracts';
import { useId, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { Pagination } from '../../../components/pagination';
import { formatDay } from '../../../lib/dates';
import { useCan } from '../../../lib/permissions';
import { useUserCredit } from './api/user-credit';
import { GrantCreditForm } from './grant-credit-form';

/** "+$15.00", "-$5.00": which way the balance moved. */
const signed = (amount: number) => (amount < 0 ? `-${formatPrice(-amount)}` : `+${formatPrice(amount)}`);

/** An entry's reason, with its order's number when it paid or refunded one. */
function reasonOf(entry: CreditEntry): string {
  const order = entry.orderNumber === null ? '' : ` (order #${entry.orderNumber})`;
  return `${entry.reason}${order}`;
}

/** The ledger's page: newest first, each entry's amount, kind, reason, date and balance after it. */
function History({ entries }: { entries: CreditEntry[] }) {
  if (entries.length === 0) return <p className="admin-muted">No store credit yet.</p>;
  return (
    <ol className="admin-user-credit__history list-unstyled" aria-label="Credit history, newest first">
      {entries.map((entry) => (
        <li key={entry.id} className="admin-user-credit__entry">
          <span
            className={`admin-user-credit__amount${entry.amount < 0 ? ' admin-user-credit__amount--out' : ''}`}
          >
            {signed(entry.amount)}
          </span>
          <span className="admin-user-credit__kind">{CREDIT_KIND_LABELS[entry.kind]}</span>
          <span className="admin-user-credit__reason">{reasonOf(entry)}</span>
          <span className="admin-user-credit__meta">
            <time dateTime={entry.date}>{formatDay(entry.date)}</time> · balance{' '}
            {formatPrice(entry.balanceAfter)}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * A user's store credit, for staff: the balance, the history a page at a time, and Grant credit. After a
 * grant the balance and the history show the server's answer, and a live region says what changed.
 */
function UserCredit({ userId, name }: { userId: string; name: string }) {
  const id = useId();
  const [page, setPage] = useState(1);
  const mayGrant = useCan('credit.grant');
  const credit = useUserCredit(userId, page);
  const [done, setDone] = useState('');
  const onGranted = (now: Credit, amount: number) => {
    setPage(1);
    setDone(
      amount < 0
        ? `Took ${formatPrice(-amount)} of credit from ${name}. Balance now ${formatPrice(now.balance)}.`
        : `Granted ${formatPrice(amount)} of credit to ${name}. Balance now ${formatPrice(now.balance)}.`,
    );
  };
  return (
    <section className="admin-user-credit" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`} className="admin-user-credit__title">
        Store credit
      </h4>
      {credit.isPending ? (
        <p className="admin-muted" role="status">
          Loading the credit…
        </p>
      ) : credit.isError ? (
        <AlertError
          message={`We could not load the credit: ${credit.error.message}`}
          dismissible={false}
          onRetry={() => credit.refetch()}
        />
      ) : (
        <>
          <p className="admin-user-credit__balance">
            Balance <strong>{formatPrice(credit.data.balance)}</strong>
          </p>
          <History entries={credit.data.entries} />
          {credit.data.pages > 1 ? (
            <Pagination
              page={page}
              pages={credit.data.pages}
              onChange={setPage}
              label={`Credit history pages of ${name}`}
            />
          ) : null}
        </>
      )}
      <p className="admin-user-credit__done" role="status">
        {done}
      </p>
      {mayGrant ? <GrantCreditForm name={name} userId={userId} onGranted={onGranted} /> : null}
    </section>
  );
}

/** "Store credit" on a user's card: opens and closes the user's credit below it (read when opened). */
export function CreditDisclosure({ user }: { user: AdminUser }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-dark btn-sm admin-user-card__credit"
        aria-expanded={open}
        aria-controls={`${id}-credit`}
        aria-label={`Store credit of ${user.email}`}
        onClick={() => setOpen((was) => !was)}
      >
        Store credit
      </button>
      <div id={`${id}-credit`} hidden={!open}>
        {open ? <UserCredit userId={user._id} name={user.username || user.email} /> : null}
      </div>
    </>
  );
}
