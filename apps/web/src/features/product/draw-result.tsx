import type { DropSummary } from '@shop/contracts';
import { Link } from 'react-router';
import { DropTime } from '../../components/drop-countdown';
import { useDrawResult } from './use-draw-result';

/** The draw has been made: what it gave the shopper (won, bought, waiting list, lapsed, or no entry). */
export function DrawResult({ drop }: { drop: DropSummary }) {
  const { signedIn, loading, entry, waitingPlace, buy } = useDrawResult(drop);
  if (loading) return <p className="text-muted mb-0">Looking for your entry…</p>;
  if (!entry)
    return (
      <p className="mb-0">
        The draw has been made. {signedIn ? 'You did not enter this one.' : 'Log in to see whether you won.'}
      </p>
    );
  switch (entry.status) {
    case 'won':
      return (
        <div className="drop-panel__won">
          <p className="drop-panel__result">
            You won a pair in size {entry.size}
            {entry.holdUntil ? (
              <>
                {' '}
                — pay before <DropTime at={entry.holdUntil} />
              </>
            ) : null}
            .
          </p>
          <button type="button" className="btn btn-dark btn-lg w-100 product__add" onClick={buy}>
            Buy size {entry.size}
          </button>
        </div>
      );
    case 'bought':
      return (
        <p className="drop-panel__result mb-0">
          You bought your pair in size {entry.size}. <Link to="/account/orders">See your orders</Link>
        </p>
      );
    case 'waiting':
      return (
        <p className="drop-panel__result mb-0">
          {`Not picked this time — you're number ${waitingPlace ?? '?'} on the waiting list for size ${entry.size}; we'll e-mail you if a pair comes free.`}
        </p>
      );
    case 'lapsed':
      return (
        <p className="drop-panel__result mb-0">
          You won size {entry.size}, but the time to pay ran out, so the pair went to the waiting list.
        </p>
      );
    default:
      return (
        <p className="drop-panel__result mb-0">
          You're in: entry <code className="drop-panel__id">{entry.id}</code>, size {entry.size}. The result
          comes shortly.
        </p>
      );
  }
}
