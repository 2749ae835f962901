import type {
  AdminOrderBy,
  AdminProductList,
  Brand,
  Category,
  Gender,
  Product,
  ProductCreate,
  ProductsTaxCategoryResult,
  Review,
  TaxCategory,
} from '@shop/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';

/** A product as the staff's list shows it: archived ones included and marked. */
export type AdminProduct = AdminProductList['products'][number];

/**
 * The staff's list orders: newest added first (the default, kept out of the address), the latest release
 * first, or by name (spec section 3: 1 for A-Z, -1 for Z-A).
 */
export const PRODUCT_SORTS = [
  { value: 'newest', label: 'Newest first', orderBy: { created: -1 } },
  { value: 'released', label: 'Latest release first', orderBy: { release_date: -1 } },
  { value: 'name-asc', label: 'Name A-Z', orderBy: { name: 1 } },
  { value: 'name-desc', label: 'Name Z-A', orderBy: { name: -1 } },
] as const satisfies readonly { value: string; label: string; orderBy: AdminOrderBy }[];
export type ProductSort = (typeof PRODUCT_SORTS)[number]['value'];
export const DEFAULT_PRODUCT_SORT: ProductSort = 'newest';

/** What the Products screen asks for: the catalogue's filters, the search text, the sort and the page. */
export interface AdminProductQuery {
  category?: Category;
  brand?: Brand;
  gender?: Gender;
  search?: string;
  /** None: DEFAULT_PRODUCT_SORT. */
  sort?: ProductSort;
  page: number;
}

export const ADMIN_PRODUCTS_KEY = ['admin', 'products'] as const;
const reviewsKey = (productId: string) => ['admin', 'products', 'reviews', productId] as const;

/**
 * `GET /api/products/admin` (adminProductListQuerySchema; 12 a page): every product, archived ones marked.
 * The order is always sent, so a search keeps the order chosen too.
 */
export function fetchAdminProducts(query: AdminProductQuery): Promise<AdminProductList> {
  const sort = query.sort ?? DEFAULT_PRODUCT_SORT;
  const orderBy = PRODUCT_SORTS.find((option) => option.value === sort)?.orderBy;
  return api.get<AdminProductList>('/products/admin', {
    category: query.category,
    gender: query.gender,
    brand: query.brand,
    search: query.search,
    orderBy: orderBy ? JSON.stringify(orderBy) : undefined,
    page: query.page,
  });
}

/**
 * One product on sale by its id, as the staff's list shows it: what `/account/products?edit=<id>` (the
 * product page's Edit) opens in the Product Details dialog.
 */
export function useLinkedProduct(id: string | null) {
  return useQuery({
    queryKey: [...ADMIN_PRODUCTS_KEY, 'linked', id],
    enabled: Boolean(id),
    staleTime: 0,
    retry: false,
    queryFn: async (): Promise<AdminProduct> => {
      const [product] = await api.get<(Product & { reviews: Review[] })[]>(
        `/products/details/${encodeURIComponent(id ?? '')}`,
      );
      if (!product) throw new ApiError(404, 'NOT_FOUND', 'Product not found');
      const { reviews: _reviews, ...fields } = product;
      // The shoppers' page does not say the lowest price of the last 30 days (it moves with the day): the
      // lower of the price and its prior price stands in, never above it, so the form may warn more, not less.
      const lowestPrice30d = Math.min(fields.price, fields.priorPrice ?? fields.price);
      return { ...fields, archived: false, lowestPrice30d };
    },
  });
}

const isClientError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

export function useAdminProducts(query: AdminProductQuery) {
  return useQuery({
    queryKey: [...ADMIN_PRODUCTS_KEY, 'list', query],
    queryFn: () => fetchAdminProducts(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // A refused query (4xx) will be refused again: retry only network and server failures.
    retry: (failures, error) => !isClientError(error) && failures < 1,
  });
}

/** Every product list and page (the staff's and the shoppers') reads the product again. */
function refreshProducts(client: QueryClient, id?: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: [...ADMIN_PRODUCTS_KEY, 'list'] }),
    client.invalidateQueries({ queryKey: ['products'] }),
    id ? client.invalidateQueries({ queryKey: ['product', id] }) : undefined,
  ]);
}

/** Changes one product in every staff list already loaded, so its card shows the change at once. */
function patchListed(client: QueryClient, id: string, patch: (product: AdminProduct) => AdminProduct) {
  client.setQueriesData<AdminProductList>({ queryKey: [...ADMIN_PRODUCTS_KEY, 'list'] }, (list) =>
    list
      ? {
          ...list,
          products: list.products.map((product) => (product._id === id ? patch(product) : product)),
        }
      : list,
  );
}

/**
 * The create payload as the spec writes it: gender a single value, category a one-element list (the
 * contracts' productCreateSchema takes both forms).
 */
export type ProductCreateBody = Omit<ProductCreate, 'gender'> & { gender: Gender };

/** `POST /api/products/create`: answers the new product (201). */
export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductCreateBody) => api.post<Product>('/products/create', body),
    onSuccess: () => refreshProducts(client),
  });
}

/** The fields `PUT /api/products/modify/:id` is sent: only what changed (productModifySchema). */
export type ProductChanges = Partial<ProductCreate>;

/**
 * A product a change answered, as the staff's list holds it: its archived mark kept, and the lowest price
 * of the last 30 days counting its price now (a new price joins the prices of the last 30 days).
 */
export const changedAdminProduct = (saved: Product, before: AdminProduct): AdminProduct => ({
  ...saved,
  archived: before.archived,
  lowestPrice30d: Math.min(before.lowestPrice30d, saved.price),
});

/** `PUT /api/products/modify/:id`: answers the product as it now is. */
export function useModifyProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ProductChanges }) =>
      api.put<Product>(`/products/modify/${encodeURIComponent(id)}`, changes),
    onSuccess: (saved, { id }) => {
      patchListed(client, id, (product) => changedAdminProduct(saved, product));
      return refreshProducts(client, id);
    },
  });
}

/** `DELETE /api/products/:id` archives: the product leaves the storefront and stays here, marked. */
export function useArchiveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/products/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) => {
      patchListed(client, id, (product) => ({ ...product, archived: true }));
      return refreshProducts(client, id);
    },
  });
}

/** `POST /api/products/:id/restore`: an archived product goes back on sale, as it was. */
export function useRestoreProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Product>(`/products/${encodeURIComponent(id)}/restore`),
    onSuccess: (restored, id) => {
      patchListed(client, id, (product) => ({ ...changedAdminProduct(restored, product), archived: false }));
      return refreshProducts(client, id);
    },
  });
}

/** `GET /api/reviews/product/:id`: the product's reviews, newest first. */
export function useProductReviews(productId: string) {
  return useQuery({
    queryKey: reviewsKey(productId),
    queryFn: () => api.get<Review[]>(`/reviews/product/${encodeURIComponent(productId)}`),
    staleTime: 0,
    retry: (failures, error) => !isClientError(error) && failures < 1,
  });
}

/** `DELETE /api/reviews/product/:id` with `{ _idReviews: [reviewId] }`: answers the reviews left. */
export function useDeleteReview(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: string) =>
      api.delete<Review[]>(`/reviews/product/${encodeURIComponent(productId)}`, { _idReviews: [reviewId] }),
    onSuccess: (left) => {
      client.setQueryData(reviewsKey(productId), left);
      // The product's rating follows its reviews.
      return refreshProducts(client, productId);
    },
  });
}

/**
 * `PUT /api/products/tax-category?<filters>`: the tax category of every product the list's filters match
 * (archived ones too); answers how many changed and how many matched.
 */
export function useSetTaxCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ query, taxCategory }: { query: AdminProductQuery; taxCategory: TaxCategory }) => {
      const filters = new URLSearchParams();
      for (const key of ['category', 'brand', 'gender', 'search'] as const) {
        const value = query[key];
        if (value) filters.set(key, value);
      }
      const search = filters.size > 0 ? `?${filters}` : '';
      return api.put<ProductsTaxCategoryResult>(`/products/tax-category${search}`, { taxCategory });
    },
    onSuccess: () => refreshProducts(client),
  });
}
