import type { Order } from '@shop/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useAccount } from '../account-context';
import { useOrders } from '../api/get-orders';
import { readSort, type SortDirection, type SortField, toOrdersSort } from './order-sort';

/**
 * The user's orders, sorted as the address says (`?sort=…&dir=…`), and the order whose detail is open
 * (`?order=<id>`); back from a detail, the focus returns to that order's Detail button.
 */
export function useOrdersTab() {
  const { user } = useAccount();
  const [params, setParams] = useSearchParams();
  const { field, direction } = readSort(params);
  const openId = params.get('order');
  const orders = useOrders(user.uid, toOrdersSort(field, direction));
  const list = orders.data?.pages.flat() ?? [];
  const detailButtons = useRef(new Map<string, HTMLButtonElement>());
  const cameFrom = useRef<string | null>(null);

  // Back from a detail: focus returns to that order's Detail button.
  useEffect(() => {
    if (openId || !cameFrom.current) return;
    detailButtons.current.get(cameFrom.current)?.focus();
    cameFrom.current = null;
  }, [openId]);

  const change = (update: (next: URLSearchParams) => void, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        update(next);
        return next;
      },
      { replace, preventScrollReset: true },
    );

  return {
    field,
    direction,
    openId,
    orders,
    list,
    open: (order: Order) => {
      cameFrom.current = order._id;
      change((next) => next.set('order', order._id));
    },
    closeDetail: () => change((next) => next.delete('order')),
    setSort: (nextField: SortField, nextDirection: SortDirection) =>
      change((next) => {
        next.set('sort', nextField);
        next.set('dir', nextDirection);
      }, true),
    /** Keeps each order's Detail button, to give it the focus back. */
    detailButtonRef: (orderId: string) => (button: HTMLButtonElement | null) => {
      if (button) detailButtons.current.set(orderId, button);
      else detailButtons.current.delete(orderId);
    },
  };
}
