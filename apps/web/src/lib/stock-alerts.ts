import type { StockAlert, StockAlertCreate } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/**
 * Back-in-stock alerts of the signed-in user, shared by the product page (ask, cancel) and the account
 * area (list, cancel), so both read one cached list.
 */
export const STOCK_ALERTS_QUERY_KEY = (uid: string) => ['stock-alerts', uid] as const;

/** GET /api/stock-alerts: the user's own alerts, newest first. */
export function stockAlertsQuery(uid: string) {
  return queryOptions({
    queryKey: STOCK_ALERTS_QUERY_KEY(uid),
    queryFn: () => api.get<StockAlert[]>('/stock-alerts'),
    staleTime: 30_000,
  });
}

/** POST /api/stock-alerts: only for a size that is sold out right now (201). */
export function createStockAlert(body: StockAlertCreate): Promise<unknown> {
  return api.post<unknown>('/stock-alerts', body);
}

/** DELETE /api/stock-alerts/:id: own alerts only. */
export function cancelStockAlert(id: string): Promise<unknown> {
  return api.delete<unknown>(`/stock-alerts/${encodeURIComponent(id)}`);
}
