import { BRANDS, type Brand, CHART_GENDERS, type ChartGender, chartGenderOf } from '@shop/contracts';
import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * Which chart sizes each product the shopper has seen (its brand, men's or women's), kept in the browser.
 * Cart lines, orders and alerts name a product and its size key but not always its genders: what the
 * catalogue and the product pages showed lets those sizes be labelled in the shopper's system without
 * asking for each product again. A few hundred products are kept, the latest seen last.
 */
const STORAGE_KEY = 'product-sizing';
const KEPT = 300;

export interface ProductSizing {
  brand: Brand;
  gender: ChartGender;
}

type Kept = Record<string, string>;

let kept: Kept | null = null;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function read(): Kept {
  if (kept) return kept;
  try {
    const raw = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '{}') as unknown;
    kept = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Kept) : {};
  } catch {
    kept = {};
  }
  return kept;
}

const isBrand = (value: unknown): value is Brand => (BRANDS as readonly unknown[]).includes(value);
const isGender = (value: unknown): value is ChartGender =>
  (CHART_GENDERS as readonly unknown[]).includes(value);

/** The chart a seen product is sized on, if this browser has seen it. */
export function knownSizing(productId: string): ProductSizing | undefined {
  const [brand, gender] = (read()[productId] ?? '').split('/');
  return isBrand(brand) && isGender(gender) ? { brand, gender } : undefined;
}

interface Seen {
  _id: string;
  brand: string;
  gender: readonly string[];
}

const isSeen = (value: unknown): value is Seen => {
  const product = value as Partial<Seen> | null;
  return typeof product?._id === 'string' && isBrand(product.brand) && Array.isArray(product.gender);
};

function remember(products: readonly unknown[]): void {
  const current = read();
  const fresh = products.filter(isSeen).filter((product) => {
    const place = `${product.brand}/${chartGenderOf(product.gender)}`;
    return current[product._id] !== place;
  });
  if (fresh.length === 0) return;
  const next: Kept = { ...current };
  for (const product of fresh) {
    delete next[product._id];
    next[product._id] = `${product.brand}/${chartGenderOf(product.gender)}`;
  }
  const ids = Object.keys(next);
  for (const id of ids.slice(0, Math.max(0, ids.length - KEPT))) delete next[id];
  kept = next;
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: kept for this page only.
  }
}

/** The products a query's answer holds: a product's page, a catalogue list, the featured products. */
function productsOf(data: unknown): unknown[] {
  if (!data || typeof data !== 'object') return [];
  if (isSeen(data)) return [data];
  const held = data as { products?: unknown; banners?: unknown; promo?: unknown };
  return [
    ...(Array.isArray(held.products) ? held.products : []),
    ...(Array.isArray(held.banners) ? held.banners : []),
    ...(held.promo ? [held.promo] : []),
  ];
}

function look(query: Query): void {
  const [root] = query.queryKey;
  if ((root === 'product' || root === 'products') && query.state.data !== undefined)
    remember(productsOf(query.state.data));
}

/** Notes each product the query cache receives (and holds already); answers how to stop. */
export function watchProductSizing(client: QueryClient): () => void {
  const cache = client.getQueryCache();
  for (const query of cache.getAll()) look(query);
  return cache.subscribe((event) => {
    if (event.type === 'added' || (event.type === 'updated' && event.action.type === 'success'))
      look(event.query);
  });
}

/** Forgets what is kept in memory (tests: the browser's storage is read again). */
export function forgetProductSizing(): void {
  kept = null;
}
