import type { SalesSizes } from '@shop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, toQueryString } from '../../../../lib/api';
import { SALES_QUERY_KEY } from './get-sales-report';

/** `GET /api/admin/sales/sizes?from=&to=` (salesSizesQuerySchema): the size table of the days [from, to]. */
export function getSalesSizes(from: string, to: string): Promise<SalesSizes> {
  return api.get<SalesSizes>('/admin/sales/sizes', { from, to });
}

/** The size table of the Sales view's period; the previous period's stays on screen while the next loads. */
export function useSalesSizes(from: string, to: string) {
  return useQuery({
    queryKey: [...SALES_QUERY_KEY, 'sizes', from, to],
    queryFn: () => getSalesSizes(from, to),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The size table's CSV, a download (exports.read; the step-up is asked first). */
export function salesSizesCsvUrl(from: string, to: string): string {
  return `/api/admin/sales/sizes${toQueryString({ from, to, format: 'csv' })}`;
}
