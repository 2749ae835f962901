import { STOCK_ALERT_MESSAGES, type StockAlert } from '@shop/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type MouseEvent, Suspense, useId, useRef, useState } from 'react';
import { AlertError } from '../../components/alert-error';
import { BellIcon } from '../../components/icons';
import type { SignInPromptKind } from '../../components/sign-in-prompt';
import { useSession } from '../../lib/session';
import {
  cancelStockAlert,
  createStockAlert,
  STOCK_ALERTS_QUERY_KEY,
  stockAlertsQuery,
} from '../../lib/stock-alerts';

const SignInPrompt = lazy(() => import('../../components/sign-in-prompt'));

export const NOTIFY_ME_TEXT = STOCK_ALERT_MESSAGES.NOTIFY_ME;
export const ALERT_CREATED_TEXT = STOCK_ALERT_MESSAGES.CREATED;

export const NOTIFY_TOGGLE_TEXT = 'Notify me when a size is back';
export const NOTIFY_GUEST_TEXT = 'You must be logged in to be told when a size is back';

const NO_ALERTS: StockAlert[] = [];

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
}

/**
 * 'Notify me when a size is back': a disclosure listing the sold-out sizes, each with 'Notify me' (or, once
 * asked, 'Cancel'). A guest is asked to log in, an unverified user to verify the e-mail. The sizes the user
 * waits for are named under the closed disclosure; it starts open when every size is sold out.
 */
export function BackInStock({ product, soldOutSizes, allSoldOut, onStockChanged }: BackInStockProps) {
  const { user } = useSession();
  const client = useQueryClient();
  const verified = Boolean(user?.emailVerified);
  const alertsQuery = useQuery({ ...stockAlertsQuery(user?.uid ?? ''), enabled: verified });
  const alerts = verified ? (alertsQuery.data ?? NO_ALERTS) : NO_ALERTS;
  const waiting = new Map(
    alerts.filter((alert) => alert.product._id === product._id).map((alert) => [alert.size, alert._id]),
  );

  const [open, setOpen] = useState<boolean | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<SignInPromptKind | null>(null);
  const promptTarget = useRef<HTMLButtonElement | null>(null);
  const errorBox = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const promptId = useId();

  if (soldOutSizes.length === 0) return null;
  const expanded = open ?? allSoldOut;
  const waitingSizes = soldOutSizes.filter((size) => waiting.has(size));

  async function refreshAlerts() {
    if (user) await client.invalidateQueries({ queryKey: STOCK_ALERTS_QUERY_KEY(user.uid) });
  }

  async function onSizeAction(event: MouseEvent<HTMLButtonElement>, size: string) {
    if (busy !== null) return;
    promptTarget.current = event.currentTarget;
    if (!user) {
      setPrompt((shown) => (shown ? null : 'guest'));
      return;
    }
    if (!user.emailVerified) {
      setPrompt((shown) => (shown ? null : 'unverified'));
      return;
    }
    const alertId = waiting.get(size);
    setBusy(size);
    setError(null);
    setStatus('');
    try {
      if (alertId) {
        await cancelStockAlert(alertId);
        await refreshAlerts();
        setStatus(`Size ${size}: you will not be e-mailed about it.`);
      } else {
        await createStockAlert({ productId: product._id, size });
        await refreshAlerts();
        setStatus(`Size ${size}: ${ALERT_CREATED_TEXT}.`);
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The alert could not be changed');
      requestAnimationFrame(() =>
        errorBox.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }),
      );
      // The size may be on sale again, or the alert already asked or used up: read both again.
      void refreshAlerts();
      onStockChanged();
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="back-in-stock mt-3">
      <button
        type="button"
        className="back-in-stock__toggle"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setOpen(!expanded)}
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
      {!expanded && waitingSizes.length > 0 ? (
        <p className="back-in-stock__summary">{waitingText(waitingSizes)}</p>
      ) : null}
      {expanded ? (
        <div id={panelId} className="back-in-stock__panel">
          <p className="small text-muted mb-2">
            Sold out in your size? We will send you one e-mail when it is back in stock.
          </p>
          <ul className="back-in-stock__list list-unstyled mb-0">
            {soldOutSizes.map((size) => {
              const asked = waiting.has(size);
              return (
                <li key={size} className={`back-in-stock__row${asked ? ' is-asked' : ''}`}>
                  <span className="back-in-stock__size">Size {size}</span>
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
                    aria-label={
                      asked ? `Cancel the alert for size ${size}` : `Notify me when size ${size} is back`
                    }
                    aria-disabled={busy !== null || undefined}
                    aria-busy={busy === size || undefined}
                    onClick={(event) => void onSizeAction(event, size)}
                  >
                    {asked ? 'Cancel' : NOTIFY_ME_TEXT}
                  </button>
                </li>
              );
            })}
          </ul>
          <p className="small fw-semibold back-in-stock__status" role="status">
            {status}
          </p>
          {alertsQuery.isError ? (
            <AlertError message={alertsQuery.error.message} className="mt-2 mb-0" />
          ) : null}
          <div ref={errorBox}>
            {error ? (
              <AlertError message={error} onClose={() => setError(null)} className="mt-2 mb-0" />
            ) : null}
          </div>
        </div>
      ) : null}
      {prompt ? (
        <Suspense fallback={null}>
          <SignInPrompt
            id={promptId}
            kind={prompt}
            guestText={NOTIFY_GUEST_TEXT}
            target={promptTarget}
            show
            onHide={() => setPrompt(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
