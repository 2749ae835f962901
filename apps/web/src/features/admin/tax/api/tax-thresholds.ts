import type { TaxThresholdBody, TaxThresholds, UsThreshold } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

const TAX_THRESHOLDS_KEY = ['admin', 'tax', 'thresholds'] as const;

/** `GET /api/admin/tax/thresholds` (admin): this year's sales against the EU's and the US states' thresholds. */
export function useTaxThresholds() {
  return useQuery({
    queryKey: TAX_THRESHOLDS_KEY,
    queryFn: () => api.get<TaxThresholds>('/admin/tax/thresholds'),
    staleTime: 60_000,
  });
}

/** `PUT /api/admin/tax/thresholds/:state`: a US state's thresholds (null: none). */
export function useUpdateTaxThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ state, ...body }: TaxThresholdBody & { state: string }) =>
      api.put<UsThreshold>(`/admin/tax/thresholds/${encodeURIComponent(state)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TAX_THRESHOLDS_KEY }),
  });
}

/** The warnings the Sales tab shows: the EU line and the US states crossed or near, worst first. */
export function thresholdWarnings(thresholds: TaxThresholds): string[] {
  const eur = (amount: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
      amount,
    );
  const usd = (amount: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
      amount,
    );
  const warnings: string[] = [];
  const { eu } = thresholds;
  if (eu.crossed)
    warnings.push(`EU cross-border sales passed ${eur(eu.threshold)}: One-Stop-Shop registration is needed`);
  else if (eu.near)
    warnings.push(
      `EU cross-border sales reached ${eur(eu.sales)} of the ${eur(eu.threshold)} threshold (${Math.floor(eu.share * 100)}%): plan the One-Stop-Shop registration`,
    );
  const states = thresholds.us
    .filter((state) => state.crossed || state.near)
    .sort((a, b) => b.share - a.share);
  for (const state of states) {
    const measure =
      state.salesThreshold !== null && state.sales / state.salesThreshold >= state.share - 0.001
        ? `${usd(state.sales)} of its ${usd(state.salesThreshold)} threshold`
        : `${state.transactions} of its ${state.transactionsThreshold ?? 0} transactions threshold`;
    warnings.push(
      `Sales to ${state.name} ${state.crossed ? 'passed' : 'reached'} ${measure} (${Math.floor(state.share * 100)}%): register there or stop selling`,
    );
  }
  return warnings;
}
