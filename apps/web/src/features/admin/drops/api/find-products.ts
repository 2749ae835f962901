import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminProduct, fetchAdminProducts } from '../../products/products-api';
import { ADMIN_DROPS_KEY } from './get-drops';

/**
 * The products a drop can be of, found by name: the Products tab's list (`GET /api/products/admin`), its
 * first page, archived products left out.
 */
export const dropProductsQuery = (search: string) =>
  queryOptions({
    queryKey: [...ADMIN_DROPS_KEY, 'products', search],
    queryFn: async (): Promise<AdminProduct[]> => {
      const { products } = await fetchAdminProducts({ search: search || undefined, page: 1 });
      return products.filter((product) => !product.archived);
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useDropProducts(search: string) {
  return useQuery(dropProductsQuery(search));
}
