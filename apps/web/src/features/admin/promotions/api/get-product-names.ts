import { useQueries } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { ADMIN_PROMOTIONS_KEY } from './get-promotions';

/**
 * The names of products a saved promotion names by id (`GET /api/products/details/:id`), so its form shows
 * them by name; one the shop no longer sells keeps its short id.
 */
export function useProductNames(ids: string[]): Map<string, string> {
  const answers = useQueries({
    queries: ids.map((id) => ({
      queryKey: [...ADMIN_PROMOTIONS_KEY, 'product-name', id],
      queryFn: async () => {
        const [product] = await api.get<{ name: string }[]>(`/products/details/${encodeURIComponent(id)}`);
        return product?.name ?? null;
      },
      staleTime: 300_000,
      retry: false,
    })),
  });
  const names = new Map<string, string>();
  ids.forEach((id, index) => {
    const name = answers[index]?.data;
    if (name) names.set(id, name);
  });
  return names;
}
