import type { Brand, ChartGender, SizeChart, SizeChartBody } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, fetchWithStepUp, refusalOf } from '../../../../lib/api';

/** Which chart: a brand's, for men or women. */
export interface ChartPlace {
  brand: Brand;
  gender: ChartGender;
}

export const sizeChartKey = ({ brand, gender }: ChartPlace) =>
  ['admin', 'size-chart', brand, gender] as const;

/** Where a chart is kept: `/api/size-charts/nike/men` (its CSV: the same with `.csv`). */
const chartPath = ({ brand, gender }: ChartPlace) =>
  `/size-charts/${encodeURIComponent(brand)}/${encodeURIComponent(gender)}`;

/** `GET /api/size-charts/:brand/:gender.csv` (products.write): the chart as a CSV file. */
export const sizeChartCsvHref = (place: ChartPlace) => `/api${chartPath(place)}.csv`;

/**
 * `GET /api/size-charts?brand&gender`: the chart, and for staff who edit products the products with a size
 * in stock the chart does not give.
 */
export function useSizeChart(place: ChartPlace) {
  return useQuery({
    queryKey: sizeChartKey(place),
    queryFn: () => api.get<SizeChart>('/size-charts', { brand: place.brand, gender: place.gender }),
  });
}

/** The saved chart replaces the one shown (the product pages read the public chart on their own). */
function useKeepSaved(place: ChartPlace) {
  const queryClient = useQueryClient();
  return (saved: SizeChart) => queryClient.setQueryData(sizeChartKey(place), saved);
}

/** `PUT /api/size-charts/:brand/:gender` (products.write): the rows and their source. */
export function useSaveSizeChart(place: ChartPlace) {
  const keep = useKeepSaved(place);
  return useMutation({
    mutationFn: (body: SizeChartBody) => api.put<SizeChart>(chartPath(place), body),
    onSuccess: keep,
  });
}

/** `PUT /api/size-charts/:brand/:gender.csv` with the CSV's text (text/csv): a wrong line is refused, named. */
async function putCsv(place: ChartPlace, csv: string): Promise<SizeChart> {
  let response: Response;
  try {
    response = await fetchWithStepUp(sizeChartCsvHref(place), {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'text/csv', Accept: 'application/json' },
      body: csv,
    });
  } catch {
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      'We could not reach the shop. Check your connection and try again.',
    );
  }
  if (!response.ok) throw await refusalOf(response);
  return (await response.json()) as SizeChart;
}

/** Replaces the chart with a CSV's rows (the chart keeps its source). */
export function useImportSizeChart(place: ChartPlace) {
  const keep = useKeepSaved(place);
  return useMutation({ mutationFn: (csv: string) => putCsv(place, csv), onSuccess: keep });
}

/** `DELETE /api/size-charts/:brand/:gender` (products.write): staff's changes dropped, the brand's chart back. */
export function useRestoreSizeChart(place: ChartPlace) {
  const keep = useKeepSaved(place);
  return useMutation({
    mutationFn: () => api.delete<SizeChart>(chartPath(place)),
    onSuccess: keep,
  });
}
