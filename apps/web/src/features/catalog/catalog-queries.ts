import type { FeaturedProducts, Product, ProductList } from '@shop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query parameters of `GET /api/products`, as the API takes them (orderBy already JSON). */
export interface ProductListParams {
  category?: string;
  gender?: string;
  brand?: string;
  rating?: number;
  priceMin?: number;
  priceMax?: number;
  orderBy?: string;
  search?: string;
  page?: number;
  limit?: number;
}

export function fetchProducts(params: ProductListParams): Promise<ProductList> {
  return api.get<ProductList>('/products', { ...params });
}

export function useProductList(params: ProductListParams) {
  return useQuery({
    queryKey: ['products', params],
    queryFn: () => fetchProducts(params),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: ['product', id],
    enabled: Boolean(id),
    queryFn: async () => {
      const [product] = await api.get<Product[]>(`/products/details/${id}`);
      if (!product) throw new Error('Product not found');
      return product;
    },
  });
}

export function useFeaturedProducts() {
  return useQuery({
    queryKey: ['products', 'featured'],
    queryFn: () => api.get<FeaturedProducts>('/products/featured'),
  });
}
