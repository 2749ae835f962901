import type { Order } from '@shop/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminOrders } from './api/get-orders';
import { isFiltered, type OrdersFilters, readFilters, unfiltered, writeFilters } from './orders-view';

/**
 * The staff's Orders tab: the filters and the open order (`?order=<id>`) read from the address, the orders
 * they match a page at a time, and focus back on an order's Detail button when its detail closes.
 */
export function useOrdersTab() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const openId = params.get('order');
  const orders = useAdminOrders(filters);
  const list = orders.data?.pages.flat() ?? [];
  const detailButtons = useRef(new Map<string, HTMLButtonElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  // The order whose detail was last open: focus goes back to its Detail button.
  const cameFrom = useRef<string | null>(null);

  const change = (update: (next: URLSearchParams) => URLSearchParams | undefined, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        return update(next) ?? next;
      },
      { replace, preventScrollReset: true },
    );

  // Back from a detail: once the list is there, focus returns to that order's Detail button (or the
  // heading, when the order is not in this list).
  useEffect(() => {
    if (openId || !cameFrom.current || orders.isPending) return;
    const button = detailButtons.current.get(cameFrom.current);
    (button ?? heading.current)?.focus();
    cameFrom.current = null;
  }, [openId, orders.isPending]);

  const applyFilters = (nextFilters: OrdersFilters, replace = false) =>
    change((next) => writeFilters(next, nextFilters), replace);

  return {
    filters,
    filtered: isFiltered(filters),
    openId,
    orders,
    list,
    detailButtons,
    heading,
    applyFilters,
    clearFilters: () => applyFilters(unfiltered(filters)),
    open: (order: Order) => {
      cameFrom.current = order._id;
      change((next) => {
        next.set('order', order._id);
        return next;
      });
    },
    closeDetail: () => {
      cameFrom.current = openId;
      change((next) => {
        next.delete('order');
        return next;
      });
    },
  };
}
