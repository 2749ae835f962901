import {
  CAROUSEL_MAX,
  type FeaturedProducts,
  ORDERS_PAGE_SIZE,
  type Order,
  type ProductDetail,
} from '@shop/contracts';
import {
  type EnsureQueryDataOptions,
  type QueryClient,
  type QueryKey,
  queryOptions,
} from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { boughtQueryKey, getBought } from '../features/account/api/get-bought';
import { getOrders as getOwnOrders, ORDERS_QUERY_KEY } from '../features/account/api/get-orders';
import { readSort, toOrdersSort } from '../features/account/orders/order-sort';
import { ADMIN_ORDER_LISTS_KEY, getOrders as getAllOrders } from '../features/admin/orders/api/get-orders';
import { readFilters } from '../features/admin/orders/orders-view';
import { ApiError, api } from '../lib/api';
import { readCatalogState, toProductListParams } from '../lib/catalog/catalog-params';
import { fetchProducts, type ProductListParams } from '../lib/catalog/catalog-queries';
import { dashboardQuery } from '../lib/dashboard';
import { fetchSession, SESSION_QUERY_KEY, type SessionUser } from '../lib/session';
import { stockAlertsQuery } from '../lib/stock-alerts';

/** Loads what a route shows into the query cache, with the query keys and functions its page uses. */
export type RouteData = (client: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>;

/**
 * What each page rendered on the server shows, loaded before its one render (server-data.ts), with the
 * query keys and functions the page's own queries use, so the page finds its data in the cache and the
 * browser's cache is filled with it. A query that fails is left for the browser to fetch, as it would
 * without the server (entry-server.tsx drops it before the render). entry-server.test.tsx checks that
 * each page asks for nothing more than its route loads.
 */

function load<T, K extends QueryKey>(
  client: QueryClient,
  query: EnsureQueryDataOptions<T, Error, T, K>,
): Promise<T | undefined> {
  return client.ensureQueryData({ ...query, retry: false }).catch(() => undefined);
}

/** The first page of a list of orders 'Load more' continues (features/account and features/admin). */
function loadFirstOrders(client: QueryClient, queryKey: QueryKey, page: (page: number) => Promise<Order[]>) {
  return client
    .ensureInfiniteQueryData({
      queryKey,
      queryFn: ({ pageParam }) => page(pageParam),
      initialPageParam: 1,
      getNextPageParam: (last: Order[], pages: Order[][]) =>
        last.length < ORDERS_PAGE_SIZE ? undefined : pages.length + 1,
      retry: false,
    })
    .catch(() => undefined);
}

const all = (...loads: Promise<unknown>[]) => Promise.all(loads);

const searchParams = (request: Request) => new URL(request.url).searchParams;

const session = queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession });

/** The signed-in user, or null for a guest (lib/session). */
async function visitor(client: QueryClient): Promise<SessionUser | null> {
  return (await load(client, session)) ?? null;
}

/** `GET /api/products` (features/catalog/catalog-queries). */
const products = (params: ProductListParams) =>
  queryOptions({ queryKey: ['products', params], queryFn: () => fetchProducts(params) });

/** A ProductCarousel's list (components/product-carousel). */
const carousel = (params: ProductListParams) => products({ ...params, limit: CAROUSEL_MAX });

/** FeaturedBanners (features/marketing/featured-banners). */
const featured = queryOptions({
  queryKey: ['products', 'featured'],
  queryFn: () => api.get<FeaturedProducts>('/products/featured'),
});

/** The product page's product (features/catalog/catalog-queries, useProduct). */
const product = (id: string) =>
  queryOptions({
    queryKey: ['product', id],
    queryFn: async () => {
      const [found] = await api.get<ProductDetail[]>(`/products/details/${encodeURIComponent(id)}`);
      if (!found) throw new ApiError(404, 'NOT_FOUND', 'Product not found');
      return found;
    },
  });

/** What a verified user's visit adds (favourites, alerts...): nothing for a guest or an unverified user. */
async function forVerified(client: QueryClient, load: (user: SessionUser) => Promise<unknown>) {
  const user = await visitor(client);
  if (user?.emailVerified) await load(user);
}

/** The hearts on product cards show a verified user's favourites (lib/favorites). */
const favourites = (client: QueryClient) =>
  forVerified(client, (user) => load(client, dashboardQuery(user.uid)));

/** The account frame (features/account/account-layout) and one of its tabs; the guards turn others away. */
const accountTab = (client: QueryClient, tab: (user: SessionUser) => Promise<unknown>) =>
  forVerified(client, (user) => all(load(client, dashboardQuery(user.uid)), tab(user)));

/** Every page: the navbar and the footer show who is signed in. */
export const layout: RouteData = (client) => visitor(client);

export const landing: RouteData = (client) =>
  all(
    load(client, carousel({ category: 'basketball' })),
    load(client, featured),
    load(client, carousel({ category: 'lifestyle' })),
    favourites(client),
  );

export const catalog: RouteData = (client, { request }) =>
  all(
    load(client, products(toProductListParams(readCatalogState(searchParams(request))))),
    favourites(client),
  );

export const productPage: RouteData = (client, { params }) =>
  all(
    load(client, product(params.id ?? '')),
    favourites(client),
    // 'Notify me when a size is back' (features/product/back-in-stock).
    forVerified(client, (user) => load(client, stockAlertsQuery(user.uid))),
  );

export const women: RouteData = (client) =>
  all(
    load(client, carousel({ category: 'running', gender: 'women' })),
    load(client, carousel({ brand: 'nike', gender: 'women' })),
    load(client, carousel({ brand: 'adidas' })),
    load(client, carousel({ brand: 'nike' })),
    load(client, carousel({ category: 'running' })),
    favourites(client),
  );

export const basketball: RouteData = (client) =>
  all(
    load(client, carousel({ category: 'basketball' })),
    // The strip by gender starts on men's.
    load(client, carousel({ category: 'basketball', gender: 'men' })),
    load(client, featured),
    favourites(client),
  );

export const preview: RouteData = (client) =>
  all(
    load(client, carousel({ category: 'lifestyle' })),
    load(client, carousel({ brand: 'vans' })),
    favourites(client),
  );

export const accountFavorites: RouteData = (client) =>
  accountTab(client, (user) => load(client, stockAlertsQuery(user.uid)));

export const accountBought: RouteData = (client) =>
  accountTab(client, (user) =>
    load(client, queryOptions({ queryKey: boughtQueryKey(user.uid), queryFn: () => getBought(user.uid) })),
  );

/** A shopper's own orders, or every order for an admin (app/account-orders-section). */
export const accountOrders: RouteData = (client, { request }) =>
  accountTab(client, (user) => {
    const params = searchParams(request);
    if (user.role === 'admin') {
      const filters = readFilters(params);
      return loadFirstOrders(client, [...ADMIN_ORDER_LISTS_KEY, filters], (page) =>
        getAllOrders(filters, page),
      );
    }
    const { field, direction } = readSort(params);
    const sort = toOrdersSort(field, direction);
    return loadFirstOrders(client, [...ORDERS_QUERY_KEY, user.uid, sort], (page) =>
      getOwnOrders({ uid: user.uid, sort, page }),
    );
  });
