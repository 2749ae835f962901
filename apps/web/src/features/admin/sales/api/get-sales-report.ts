import { SALES_PERIODS, type SalesPeriod, type SalesReport } from '@shop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const SALES_QUERY_KEY = ['admin', 'sales'] as const;

/** The period a `days` search parameter names; anything else is the default, 30 days. */
export function toSalesPeriod(value: string | null): SalesPeriod {
  const days = Number(value);
  return (SALES_PERIODS as readonly number[]).includes(days) ? (days as SalesPeriod) : SALES_PERIODS[0];
}

/** `GET /api/admin/sales?days=30|90` (salesQuerySchema): the paid orders of the period, day by day. */
export function getSalesReport(days: SalesPeriod): Promise<SalesReport> {
  return api.get<SalesReport>('/admin/sales', { days });
}

/** The report of one period; the previous period's stays on screen while the other one loads. */
export function useSalesReport(days: SalesPeriod) {
  return useQuery({
    queryKey: [...SALES_QUERY_KEY, days],
    queryFn: () => getSalesReport(days),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
