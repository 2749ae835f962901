import type { FeaturedProducts, ProductDetail, ProductList } from '@shop/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api';

/** Query parameters of `GET /api/products`, as the API takes them (orderBy already JSON). */
export interface ProductListParams {
  category?: string;
  gender?: string;
  brand?: string;
  rating?: number;
  priceMin?: number;
  priceMax?: number;
  /** 'true': only products on sale. */
  onSale?: 'true';
  orderBy?: string;
  search?: string;
  /** "In my size": only products with this size (in `sizeSystem`, US when not said) in stock. */
  size?: string;
  sizeSystem?: string;
  page?: number;
  limit?: number;
}

export function fetchProducts(params: ProductListParams): Promise<ProductList> {
  return api.get<ProductList>('/products', { ...params });
}

/** `GET /api/products` with these parameters: the catalogue, the carousels, and the pages' server data. */
export const productListQuery = (params: ProductListParams) =>
  queryOptions({ queryKey: ['products', params], queryFn: () => fetchProducts(params) });

export function useProductList(params: ProductListParams) {
  return useQuery({
    ...productListQuery(params),
    placeholderData: keepPreviousData,
    // A refused query (4xx) will be refused again: retry only network and server failures.
    retry: (failures, error) => !isClientError(error) && failures < 1,
  });
}

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** True when the API says the product does not exist (404) or the id cannot be one (400). */
export function isProductNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** `GET /api/products/details/:id`: one product, for its page. */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['product', id],
    queryFn: async () => {
      const [product] = await api.get<ProductDetail[]>(`/products/details/${encodeURIComponent(id)}`);
      if (!product) throw new ApiError(404, 'NOT_FOUND', 'Product not found');
      return product;
    },
  });

export function useProduct(id: string | undefined) {
  return useQuery({
    ...productQuery(id ?? ''),
    enabled: Boolean(id),
    // A missing product stays missing: retry only failures that may pass (network, 5xx).
    retry: (failures, error) => !isProductNotFound(error) && failures < 1,
  });
}

/** `GET /api/products/featured`: the featured banners. */
export const featuredProductsQuery = queryOptions({
  queryKey: ['products', 'featured'],
  queryFn: () => api.get<FeaturedProducts>('/products/featured'),
});

export function useFeaturedProducts() {
  return useQuery(featuredProductsQuery);
}
