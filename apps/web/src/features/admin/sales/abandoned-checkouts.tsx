import {
  ABANDONED_PAGE_SIZE,
  type AbandonedCheckout,
  type AbandonedCheckoutsPage,
  type AbandonedState,
  formatPrice,
  NOT_SENT_LABELS,
} from '@shop/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatInstant } from '../../../lib/dates';
import { usePermissions } from '../../../lib/permissions';
import { QueryStatus } from '../shared/query-status';
import { StateBadge, type Tone } from '../shared/state-badge';
import { TableHead } from '../shared/table-head';
import '../../../components/state-pill.css';
import { useAbandonedCheckouts } from './api/get-abandoned-checkouts';
import { RecoverySettingsForm } from './recovery-settings-form';
import { pluralise } from './sales-format';
import { ShowMore } from './show-more';
import './abandoned-checkouts.css';

export const NO_ABANDONED_TEXT = 'No abandoned checkouts in the last 90 days.';

/** Each state in words on its colour; a checkout never reminded says why (NOT_SENT_LABELS). */
const STATES: Record<Exclude<AbandonedState, 'not-sent'>, { label: string; tone: Tone }> = {
  waiting: { label: 'Reminder due', tone: 'amber' },
  reminded: { label: 'Reminded', tone: 'blue' },
  recovered: { label: 'Recovered', tone: 'green' },
  ordered: { label: 'Bought before a reminder', tone: 'grey' },
};

function stateOf(checkout: AbandonedCheckout): { label: string; tone: Tone } {
  if (checkout.state !== 'not-sent') return STATES[checkout.state];
  return { label: checkout.reason ? NOT_SENT_LABELS[checkout.reason] : 'Not sent', tone: 'orange' };
}

/** Where a member of staff reads an order. */
const orderHref = (orderId: string) => `/account/orders?order=${encodeURIComponent(orderId)}`;

/** 'Showing 25 of 60 abandoned checkouts.' */
export const abandonedShown = (shown: number, total: number) =>
  `Showing ${shown} of ${pluralise(total, 'abandoned checkout', 'abandoned checkouts')}.`;

/**
 * The Sales tab's abandoned checkouts (orders.read): their figures, then each of them, newest first, a
 * page at a time; and, for a member who may change the settings (settings.write), the reminders' settings.
 */
export function AbandonedCheckoutsSection() {
  const permissions = usePermissions();
  if (!permissions.has('orders.read')) return null;
  return <AbandonedCheckouts mayChangeSettings={permissions.has('settings.write')} />;
}

function AbandonedCheckouts({ mayChangeSettings }: { mayChangeSettings: boolean }) {
  const headingId = useId();
  const abandoned = useAbandonedCheckouts();
  const pages = abandoned.data?.pages ?? [];
  const last = pages.at(-1);
  const items = pages.flatMap((page) => page.items);
  return (
    <section className="sales-card sales-abandoned" aria-labelledby={headingId}>
      <h3 id={headingId} className="sales-card__title">
        Abandoned checkouts
      </h3>
      <p className="sales-card__lead">
        Signed-in shoppers who reached the payment page and did not pay, in the last 90 days, and what the
        reminders brought back.
      </p>
      {!last ? (
        <QueryStatus query={abandoned} what="the abandoned checkouts" spacing="py-4" />
      ) : items.length === 0 ? (
        <p className="text-muted mb-0">{NO_ABANDONED_TEXT}</p>
      ) : (
        <>
          <AbandonedFigures summary={last.summary} />
          <AbandonedList items={items} total={last.total} pages={abandoned} />
        </>
      )}
      {mayChangeSettings ? <RecoverySettingsForm /> : null}
    </section>
  );
}

function AbandonedFigures({ summary }: { summary: AbandonedCheckoutsPage['summary'] }) {
  const figures = [
    { term: 'Checkouts', value: String(summary.checkouts) },
    { term: 'Reminders sent', value: String(summary.emailsSent) },
    { term: 'Recovered orders', value: String(summary.recoveredOrders) },
    { term: 'Recovered value', value: formatPrice(summary.recoveredValue, summary.currency) },
  ];
  return (
    <dl className="sales-tiles sales-tiles--4 sales-abandoned__figures">
      {figures.map((figure) => (
        <div key={figure.term} className="sales-tile">
          <dt className="sales-tile__label">{figure.term}</dt>
          <dd className="sales-tile__value">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => unknown;
}

/** The checkouts read so far, how many of all, and 'Show more', the first checkout it adds focused. */
function AbandonedList({
  items,
  total,
  pages,
}: {
  items: AbandonedCheckout[];
  total: number;
  pages: MorePages;
}) {
  const table = useRef<HTMLTableElement>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const more = Math.min(ABANDONED_PAGE_SIZE, total - items.length);

  useEffect(() => {
    if (focusRow === null || items.length <= focusRow) return;
    table.current?.querySelectorAll<HTMLElement>('tbody th')[focusRow]?.focus();
    setFocusRow(null);
  }, [focusRow, items.length]);

  return (
    <>
      <table ref={table} className="admin-table sales-abandoned__table">
        <caption className="visually-hidden">Abandoned checkouts, newest first</caption>
        <TableHead columns={['Customer', 'Started', 'Pairs', 'Value', 'State', 'Reminders', 'Order']} />
        <tbody>
          {items.map((checkout) => (
            <AbandonedRow key={checkout.id} checkout={checkout} />
          ))}
        </tbody>
      </table>
      <ShowMore
        shown={abandonedShown(items.length, total)}
        what="abandoned checkouts"
        more={more}
        pages={pages}
        onMore={() => {
          setFocusRow(items.length);
          void pages.fetchNextPage();
        }}
      />
    </>
  );
}

const Instant = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatInstant(iso)}</time>;

function AbandonedRow({ checkout }: { checkout: AbandonedCheckout }) {
  const state = stateOf(checkout);
  const order = checkout.recoveredOrder;
  return (
    <tr>
      <th scope="row" className="admin-table__wide fw-normal sales-abandoned__customer" tabIndex={-1}>
        <span className="d-block fw-semibold">{checkout.customer.name || checkout.customer.email}</span>
        <span className="d-block sales-abandoned__note">{checkout.customer.email}</span>
      </th>
      <td data-label="Started">
        <Instant iso={checkout.startedAt} />
      </td>
      <td data-label="Pairs" className="sales-abandoned__figure">
        {checkout.units}
      </td>
      <td data-label="Value" className="sales-abandoned__figure">
        {formatPrice(checkout.value, checkout.currency)}
      </td>
      <td data-label="State">
        <StateBadge label={state.label} tone={state.tone} />
        {checkout.restoredAt ? (
          <span className="d-block sales-abandoned__note">
            <strong>Came back</strong> <Instant iso={checkout.restoredAt} />
          </span>
        ) : null}
      </td>
      <td data-label="Reminders">
        {checkout.emailsSent === 0 ? 'None sent' : `${checkout.emailsSent} sent`}
        {checkout.lastEmailAt ? (
          <span className="d-block sales-abandoned__note">
            Last <Instant iso={checkout.lastEmailAt} />
          </span>
        ) : null}
      </td>
      <td data-label="Order">
        {order ? (
          <>
            <Link to={orderHref(order.id)} className="sales-top__link sales-abandoned__order">
              Order #{order.number}
            </Link>
            <span className="d-block sales-abandoned__note">
              {formatPrice(order.total, checkout.currency)}
            </span>
          </>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
