import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PRODUCTS_KEY, type AdminProduct, fetchAdminProducts } from '../../products/products-api';

/**
 * The products a drop or a promotion can name, found by name: the Products tab's list
 * (`GET /api/products/admin`), its first page, archived products left out.
 */
export const productChoicesQuery = (search: string) =>
  queryOptions({
    queryKey: [...ADMIN_PRODUCTS_KEY, 'choices', search],
    queryFn: async (): Promise<AdminProduct[]> => {
      const { products } = await fetchAdminProducts({ search: search || undefined, page: 1 });
      return products.filter((product) => !product.archived);
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useProductChoices(search: string) {
  return useQuery(productChoicesQuery(search));
}
