import type { TaxReport } from '@shop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, toQueryString } from '../../../../lib/api';

/** `GET /api/admin/tax/report?from=&to=` (admin): the period's sales and refunds per place and rate. */
export function useTaxReport(from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'tax', 'report', from, to],
    queryFn: () => api.get<TaxReport>('/admin/tax/report', { from, to }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The report's CSV (the One-Stop-Shop lines first), a download. */
export function taxReportCsvUrl(from: string, to: string): string {
  return `/api/admin/tax/report${toQueryString({ from, to, format: 'csv' })}`;
}
