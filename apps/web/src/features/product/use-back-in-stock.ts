import { STOCK_ALERT_MESSAGES, type StockAlert } from '@shop/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useRef, useState } from 'react';
import type { SignInPromptKind } from '../../components/sign-in-prompt';
import { useSession } from '../../lib/session';
import {
  cancelStockAlert,
  createStockAlert,
  STOCK_ALERTS_QUERY_KEY,
  stockAlertsQuery,
} from '../../lib/stock-alerts';

export const ALERT_CREATED_TEXT = STOCK_ALERT_MESSAGES.CREATED;

const NO_ALERTS: StockAlert[] = [];

/**
 * The user's back-in-stock alerts for one product, by size, and the action on a size: ask for an alert,
 * or cancel it. A guest is asked to log in, an unverified user to verify the e-mail; a refusal is shown
 * and the alerts and the stock are read again.
 */
export function useBackInStock(
  productId: string,
  onStockChanged: () => void,
  nameOf: (size: string) => string = (size) => size,
) {
  const { user } = useSession();
  const client = useQueryClient();
  const verified = Boolean(user?.emailVerified);
  const alertsQuery = useQuery({ ...stockAlertsQuery(user?.uid ?? ''), enabled: verified });
  const alerts = verified ? (alertsQuery.data ?? NO_ALERTS) : NO_ALERTS;
  /** The alert asked for each size, by size. */
  const waiting = new Map(
    alerts.filter((alert) => alert.product._id === productId).map((alert) => [alert.size, alert._id]),
  );

  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<SignInPromptKind | null>(null);
  const promptTarget = useRef<HTMLButtonElement | null>(null);
  const errorBox = useRef<HTMLDivElement>(null);

  async function refreshAlerts() {
    if (user) await client.invalidateQueries({ queryKey: STOCK_ALERTS_QUERY_KEY(user.uid) });
  }

  async function toggleAlert(event: MouseEvent<HTMLButtonElement>, size: string) {
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
        setStatus(`Size ${nameOf(size)}: you will not be e-mailed about it.`);
      } else {
        await createStockAlert({ productId, size });
        await refreshAlerts();
        setStatus(`Size ${nameOf(size)}: ${ALERT_CREATED_TEXT}.`);
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

  return {
    waiting,
    alertsError: alertsQuery.isError ? alertsQuery.error.message : null,
    /** The size whose alert is being changed. */
    busy,
    status,
    error,
    dismissError: () => setError(null),
    errorBox,
    prompt,
    promptTarget,
    hidePrompt: () => setPrompt(null),
    toggleAlert,
  };
}
