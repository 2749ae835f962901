import { type MouseEvent, useId, useState } from 'react';
import { AlertError } from '../../components/alert-error';
import { BellIcon } from '../../components/icons';
import { GatePrompt } from './gate-prompt';
import { StockAlertRow } from './stock-alert-row';
import { useBackInStock } from './use-back-in-stock';

export const NOTIFY_TOGGLE_TEXT = 'Notify me when a size is back';
export const NOTIFY_GUEST_TEXT = 'You must be logged in to be told when a size is back';

/** 'Waiting for size 9', 'Waiting for sizes 8.5 and 12', 'Waiting for sizes 7, 8.5 and 12'. */
export function waitingText(sizes: string[]): string {
  if (sizes.length === 1) return `Waiting for size ${sizes[0]}`;
  return `Waiting for sizes ${sizes.slice(0, -1).join(', ')} and ${sizes.at(-1)}`;
}

interface BackInStockProps {
  product: { _id: string; name: string };
  /** The product's sold-out sizes, in display order. */
  soldOutSizes: string[];
  /** Every size is sold out: the panel starts open. */
  allSoldOut: boolean;
  /** Called when the server says the stock changed (the size is on sale again). */
  onStockChanged: () => void;
  /** How a size is named in the shopper's system ('EU 44 (US 10)'); the key itself when not given. */
  nameOf?: (size: string) => string;
  /** The shopper's own size, when none of its keys is in stock: offered first, and said above the panel. */
  mine?: { keys: string[]; text: string } | null;
}

/**
 * 'Notify me when a size is back': a disclosure listing the sold-out sizes, each with 'Notify me' (or, once
 * asked, 'Cancel'). A guest is asked to log in, an unverified user to verify the e-mail. The sizes the user
 * waits for are named under the closed disclosure; it starts open when every size is sold out.
 */
export function BackInStock({
  product,
  soldOutSizes,
  allSoldOut,
  onStockChanged,
  nameOf = (size) => size,
  mine = null,
}: BackInStockProps) {
  const alerts = useBackInStock(product._id, onStockChanged, nameOf);
  const [open, setOpen] = useState<boolean | null>(null);
  const panelId = useId();

  if (soldOutSizes.length === 0) return null;
  const expanded = open ?? allSoldOut;
  const myKeys = soldOutSizes.filter((size) => mine?.keys.includes(size));
  const sizes = [...myKeys, ...soldOutSizes.filter((size) => !myKeys.includes(size))];
  const waitingSizes = sizes.filter((size) => alerts.waiting.has(size));

  return (
    <>
      {mine && myKeys[0] ? (
        <MySizeSoldOut
          text={mine.text}
          asked={alerts.waiting.has(myKeys[0])}
          onAlert={(event) => {
            setOpen(true);
            void alerts.toggleAlert(event, myKeys[0] as string);
          }}
        />
      ) : null}
      <div className="back-in-stock mt-3">
        <BackInStockToggle expanded={expanded} panelId={panelId} onToggle={() => setOpen(!expanded)} />
        {!expanded && waitingSizes.length > 0 ? (
          <p className="back-in-stock__summary">{waitingText(waitingSizes.map(nameOf))}</p>
        ) : null}
        {expanded ? (
          <div id={panelId} className="back-in-stock__panel">
            <p className="small text-muted mb-2">
              Sold out in your size? We will send you one e-mail when it is back in stock.
            </p>
            <ul className="back-in-stock__list list-unstyled mb-0">
              {sizes.map((size) => (
                <StockAlertRow
                  key={size}
                  size={size}
                  name={nameOf(size)}
                  mine={myKeys.includes(size)}
                  asked={alerts.waiting.has(size)}
                  busy={alerts.busy !== null}
                  changing={alerts.busy === size}
                  onToggle={alerts.toggleAlert}
                />
              ))}
            </ul>
            <p className="small fw-semibold back-in-stock__status" role="status">
              {alerts.status}
            </p>
            {alerts.alertsError !== null ? (
              <AlertError message={alerts.alertsError} className="mt-2 mb-0" />
            ) : null}
            <div ref={alerts.errorBox}>
              {alerts.error ? (
                <AlertError message={alerts.error} onClose={alerts.dismissError} className="mt-2 mb-0" />
              ) : null}
            </div>
          </div>
        ) : null}
        <GatePrompt gate={alerts} guestText={NOTIFY_GUEST_TEXT} />
      </div>
    </>
  );
}

/** 'Your size EU 44 is sold out: get an alert' (a button asking for it), or that the alert is asked. */
function MySizeSoldOut({
  text,
  asked,
  onAlert,
}: {
  text: string;
  asked: boolean;
  onAlert: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <p className="my-size-line my-size-line--sold-out mt-3 mb-0">
      Your size {text} is sold out:{' '}
      {asked ? (
        'we will e-mail you when it is back.'
      ) : (
        <button type="button" className="btn btn-link my-size-line__action" onClick={onAlert}>
          get an alert
        </button>
      )}
    </p>
  );
}

/** The disclosure's button: a bell, its text and a chevron. */
function BackInStockToggle({
  expanded,
  panelId,
  onToggle,
}: {
  expanded: boolean;
  panelId: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="back-in-stock__toggle"
      aria-expanded={expanded}
      aria-controls={panelId}
      onClick={onToggle}
    >
      <BellIcon className="back-in-stock__bell" />
      <span className="flex-grow-1 text-start">{NOTIFY_TOGGLE_TEXT}</span>
      <svg
        className="back-in-stock__chevron"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        focusable="false"
      >
        <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
