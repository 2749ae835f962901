import type { ReturnState } from '@shop/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { AlertSuccess } from '../../../components/alert-success';
import { EmptyState } from '../../../components/empty-state';
import { QueryStatus } from '../shared/query-status';
import { StaffPage } from '../shared/staff-page';
import { SelectFilter } from '../shared/toolbar';
import { ReturnCard } from './return-card';
import { orderHref, STATE_FILTERS } from './returns-view';
import { useReturnsTab } from './use-returns-tab';
import '../shared/admin.css';
import './returns.css';

/** What an empty list says: none at all, or none in the state filtered on. */
export function noReturnsText(state: ReturnState | ''): string {
  const filter = STATE_FILTERS.find((choice) => choice.value === state);
  return state && filter ? `No ${filter.label.toLowerCase()} returns.` : 'No returns yet.';
}

/**
 * /account/returns (staff): the returns, newest first as the server gives them, filtered by state (in the
 * address); each a card with what its state allows: approve, reject with words for the buyer, mark
 * received with the pairs that go back on sale.
 */
export function AdminReturnsTab() {
  const tab = useReturnsTab();
  const { returns, state, done } = tab;
  const id = useId();
  const list = returns.data ?? [];

  return (
    <StaffPage
      id={id}
      className="admin-returns"
      title="Returns"
      count={returns.isSuccess ? `${list.length} ${list.length === 1 ? 'return' : 'returns'}` : ''}
    >
      <div className="admin-toolbar">
        <SelectFilter
          id={`${id}-state`}
          label="State"
          value={state}
          options={STATE_FILTERS}
          onChange={tab.setState}
          className="admin-returns__filter"
          inline
        />
      </div>

      {done ? (
        <div ref={tab.doneBox} tabIndex={-1} className="admin-done">
          <AlertSuccess key={done.key} message={done.text} onClose={tab.dismissDone} className="mb-3">
            {done.exchangeOrderId ? (
              <Link to={orderHref(done.exchangeOrderId)} className="alert-link">
                Open the replacement order
              </Link>
            ) : null}
          </AlertSuccess>
        </div>
      ) : null}

      {returns.isPending || returns.isError ? (
        <QueryStatus query={returns} what="the returns" />
      ) : list.length === 0 ? (
        <EmptyState text={noReturnsText(state)} />
      ) : (
        <ul className="admin-cards list-unstyled" aria-label="Returns">
          {list.map((orderReturn) => (
            <li key={orderReturn.id}>
              <ReturnCard orderReturn={orderReturn} onDone={tab.onDone} />
            </li>
          ))}
        </ul>
      )}
    </StaffPage>
  );
}
