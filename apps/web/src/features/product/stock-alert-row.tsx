import { STOCK_ALERT_MESSAGES } from '@shop/contracts';
import type { MouseEvent } from 'react';

export const NOTIFY_ME_TEXT = STOCK_ALERT_MESSAGES.NOTIFY_ME;

interface StockAlertRowProps {
  size: string;
  /** The size as the shopper reads it ('EU 44 (US 10)'); the key itself when not given. */
  name?: string;
  /** It is the shopper's own size: marked so. */
  mine?: boolean;
  /** An alert is asked for this size: 'Cancel' instead of 'Notify me'. */
  asked: boolean;
  /** Some size's alert is being changed. */
  busy: boolean;
  /** This size's alert is being changed. */
  changing: boolean;
  onToggle: (event: MouseEvent<HTMLButtonElement>, size: string) => Promise<void>;
}

/** A sold-out size with 'Notify me', or, once asked, 'We will e-mail you' and 'Cancel'. */
export function StockAlertRow({
  size,
  name = size,
  mine = false,
  asked,
  busy,
  changing,
  onToggle,
}: StockAlertRowProps) {
  return (
    <li className={`back-in-stock__row${asked ? ' is-asked' : ''}`}>
      <span className="back-in-stock__size">
        Size {name}
        {mine ? <span className="back-in-stock__mine">Your size</span> : null}
      </span>
      <span className="back-in-stock__waiting">
        {asked ? (
          <>
            <span aria-hidden="true">✓ </span>We will e-mail you
          </>
        ) : null}
      </span>
      <button
        type="button"
        className={`btn btn-sm rounded-pill back-in-stock__action ${asked ? 'btn-link' : 'btn-outline-dark'}`}
        aria-label={asked ? `Cancel the alert for size ${name}` : `Notify me when size ${name} is back`}
        aria-disabled={busy || undefined}
        aria-busy={changing || undefined}
        onClick={(event) => void onToggle(event, size)}
      >
        {asked ? 'Cancel' : NOTIFY_ME_TEXT}
      </button>
    </li>
  );
}
