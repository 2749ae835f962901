import { formatPrice, type OrderReturn, type ReturnState } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminReturns } from './api/get-returns';
import { readState } from './returns-view';

/** What the last action did, in words, with the replacement order to link to when there is one. */
export interface ReturnDone {
  key: number;
  text: string;
  exchangeOrderId: string | null;
}

/** `currency`: the return's order's (ISO 4217), which its refund is in. */
function doneText(
  what: 'approved' | 'rejected' | 'received',
  changed: OrderReturn,
  currency: string,
): string {
  if (what === 'approved') return `Return ${changed.number} is approved: the buyer was told to send it back.`;
  if (what === 'rejected') return `Return ${changed.number} is rejected: the buyer was told why.`;
  const refund =
    changed.refundedAmount > 0 ? ` ${formatPrice(changed.refundedAmount, currency)} was refunded.` : '';
  const exchange = changed.exchangeOrderId ? ' The replacement order is ready to ship.' : '';
  return `Return ${changed.number} is received.${refund}${exchange}`;
}

/**
 * The staff's Returns tab: the state filter read from the address (`?state=`), the returns it matches, and
 * the last action's outcome, which takes the focus (the card may leave the filtered list).
 */
export function useReturnsTab() {
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const returns = useAdminReturns(state);
  const [done, setDone] = useState<ReturnDone | null>(null);
  const doneBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (done) doneBox.current?.focus();
  }, [done]);

  return {
    state,
    returns,
    done,
    doneBox,
    setState: (next: ReturnState | '') => {
      setDone(null);
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set('state', next);
          else updated.delete('state');
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    onDone: (what: 'approved' | 'rejected' | 'received', changed: OrderReturn, currency: string) =>
      setDone({
        key: Date.now(),
        text: doneText(what, changed, currency),
        exchangeOrderId: changed.exchangeOrderId,
      }),
    dismissDone: () => setDone(null),
  };
}
