import { useQuery } from '@tanstack/react-query';
import { stockAlertsQuery } from '../../../lib/stock-alerts';

/**
 * `GET /api/stock-alerts` (stockAlertListSchema): the user's back-in-stock alerts, newest first. The cache
 * entry is shared with the product page's 'Notify me' (lib/stock-alerts), so both always agree.
 */
export function useStockAlerts(uid: string) {
  return useQuery({ ...stockAlertsQuery(uid), staleTime: 0 });
}
