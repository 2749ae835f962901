import type { ReturnState } from '@shop/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { AlertSuccess } from '../../../components/alert-success';
import { EmptyState } from '../../../components/empty-state';
import { ReturnCard } from './return-card';
import { orderHref, STATE_FILTERS } from './returns-view';
import { useReturnsTab } from './use-returns-tab';
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
    <section className="admin-returns" aria-labelledby={`${id}-heading`}>
      <div className="admin-returns__head">
        <h2 id={`${id}-heading`} className="admin-returns__title">
          Returns
        </h2>
        <p className="admin-returns__count" role="status">
          {returns.isSuccess ? `${list.length} ${list.length === 1 ? 'return' : 'returns'}` : ''}
        </p>
      </div>

      <div className="admin-returns__tools">
        <label htmlFor={`${id}-state`} className="admin-returns__label">
          State
        </label>
        <select
          id={`${id}-state`}
          className="form-select"
          value={state}
          onChange={(event) => tab.setState(event.target.value as ReturnState | '')}
        >
          {STATE_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
      </div>

      {done ? (
        <div ref={tab.doneBox} tabIndex={-1} className="admin-returns__done">
          <AlertSuccess key={done.key} message={done.text} onClose={tab.dismissDone} className="mb-3">
            {done.exchangeOrderId ? (
              <Link to={orderHref(done.exchangeOrderId)} className="alert-link">
                Open the replacement order
              </Link>
            ) : null}
          </AlertSuccess>
        </div>
      ) : null}

      {returns.isPending ? (
        <div className="d-flex justify-content-center py-5" role="status">
          <span className="spinner-border text-dark" aria-hidden="true" />
          <span className="visually-hidden">Loading the returns</span>
        </div>
      ) : returns.isError ? (
        <AlertError
          message={`We could not load the returns: ${returns.error.message}`}
          dismissible={false}
          onRetry={() => returns.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState text={noReturnsText(state)} />
      ) : (
        <ul className="admin-returns__list list-unstyled" aria-label="Returns">
          {list.map((orderReturn) => (
            <li key={orderReturn.id}>
              <ReturnCard orderReturn={orderReturn} onDone={tab.onDone} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
