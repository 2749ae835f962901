import { BUILT_IN_ROLES, CAROUSEL_MAX } from '@shop/contracts';
import type {
  EnsureInfiniteQueryDataOptions,
  EnsureQueryDataOptions,
  QueryClient,
  QueryKey,
} from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { boughtQuery } from '../features/account/api/get-bought';
import { ordersQuery } from '../features/account/api/get-orders';
import { readSort, toOrdersSort } from '../features/account/orders/order-sort';
import { adminOrdersQuery } from '../features/admin/orders/api/get-orders';
import { readFilters } from '../features/admin/orders/orders-view';
import { readCatalogState, toProductListParams } from '../lib/catalog/catalog-params';
import {
  featuredProductsQuery,
  type ProductListParams,
  productListQuery,
  productQuery,
} from '../lib/catalog/catalog-queries';
import { dashboardQuery } from '../lib/dashboard';
import { dropNotifyQuery, dropQuery, dropsQuery, myDropEntryQuery } from '../lib/drops/drops-api';
import { paymentProvidersQuery } from '../lib/payment-providers';
import { type SessionUser, sessionQuery } from '../lib/session';
import { stockAlertsQuery } from '../lib/stock-alerts';
import { homeStructuredDataQuery, productStructuredDataQuery } from '../lib/structured-data';

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

/** The first page of a list that 'Load more' continues (the orders of features/account and features/admin). */
function loadFirstPage<T, K extends QueryKey>(
  client: QueryClient,
  query: EnsureInfiniteQueryDataOptions<T, Error, T, K, number>,
): Promise<unknown> {
  return client.ensureInfiniteQueryData({ ...query, retry: false }).catch(() => undefined);
}

const all = (...loads: Promise<unknown>[]) => Promise.all(loads);

/** Nothing to load. */
const skip = () => Promise.resolve();

const searchParams = (request: Request) => new URL(request.url).searchParams;

/** The signed-in user, or null for a guest (lib/session). */
async function visitor(client: QueryClient): Promise<SessionUser | null> {
  return (await load(client, sessionQuery)) ?? null;
}

/** A ProductCarousel's list (components/product-carousel). */
const carousel = (params: ProductListParams) => productListQuery({ ...params, limit: CAROUSEL_MAX });

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

/**
 * Every page: the navbar and the footer show who is signed in; the providers' names are the registry's
 * (lib/payment-providers), loaded once for the orders and the checkout a visit may open.
 */
export const layout: RouteData = (client) => all(visitor(client), load(client, paymentProvidersQuery));

export const landing: RouteData = (client) =>
  all(
    // 'Next drops' (features/marketing/next-drops).
    load(client, dropsQuery()),
    load(client, carousel({ category: 'basketball' })),
    load(client, featuredProductsQuery),
    load(client, carousel({ category: 'lifestyle' })),
    favourites(client),
    // Its JSON-LD: the shop and its search (features/marketing/landing-head).
    load(client, homeStructuredDataQuery),
  );

export const catalog: RouteData = (client, { request }) =>
  all(
    load(client, productListQuery(toProductListParams(readCatalogState(searchParams(request))))),
    // The upcoming drops in place of the products (features/catalog/upcoming-drops).
    searchParams(request).get('upcoming') === '1' ? load(client, dropsQuery()) : skip(),
    favourites(client),
  );

/**
 * A product released as a drop shows its drop panel instead of the sizes (features/product/drop-panel),
 * with the shopper's 'Notify me' before the release, and a verified shopper's entry in a draw (and once
 * drawn the draw, for the place on the waiting list).
 */
async function productDrop(client: QueryClient, productId: string) {
  const drops = await load(client, dropsQuery(productId));
  const drop = drops?.find((candidate) => candidate.product.id === productId);
  const user = drop ? await visitor(client) : null;
  if (!drop || !user) return;
  const verified = user.emailVerified && drop.mode === 'draw';
  await all(
    drop.state === 'drawn' || drop.state === 'live'
      ? skip()
      : load(client, dropNotifyQuery(drop.id, user.uid)),
    verified && (drop.state === 'entry_open' || drop.state === 'drawn')
      ? load(client, myDropEntryQuery(drop.id, user.uid))
      : skip(),
    verified && drop.state === 'drawn' ? load(client, dropQuery(drop.id)) : skip(),
  );
}

export const productPage: RouteData = (client, { params }) =>
  all(
    load(client, productQuery(params.id ?? '')),
    productDrop(client, params.id ?? ''),
    favourites(client),
    // 'Notify me when a size is back' (features/product/back-in-stock).
    forVerified(client, (user) => load(client, stockAlertsQuery(user.uid))),
    // Its JSON-LD: the product with an offer per size, and its breadcrumbs (features/product/product-head).
    load(client, productStructuredDataQuery(params.id ?? '')),
  );

/** A drop (features/drops/drop-page) and, in a draw, the verified shopper's own entry to highlight. */
export const dropPage: RouteData = async (client, { params }) => {
  const id = params.id ?? '';
  const drop = await load(client, dropQuery(id));
  if (drop?.mode === 'draw')
    await forVerified(client, (user) => load(client, myDropEntryQuery(id, user.uid)));
};

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
    load(client, featuredProductsQuery),
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
  accountTab(client, (user) => load(client, boughtQuery(user.uid)));

/** A shopper's own orders, or every order for staff with orders.read (app/account-orders-section). */
export const accountOrders: RouteData = (client, { request }) =>
  accountTab(client, (user) => {
    const params = searchParams(request);
    if (BUILT_IN_ROLES[user.role]?.includes('orders.read'))
      return loadFirstPage(client, adminOrdersQuery(readFilters(params)));
    const { field, direction } = readSort(params);
    return loadFirstPage(client, ordersQuery(user.uid, toOrdersSort(field, direction)));
  });
