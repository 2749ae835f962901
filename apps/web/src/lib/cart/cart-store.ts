import {
  CART_LINES_COOKIE,
  CART_STORAGE_KEY,
  type CartItem,
  cartLineId,
  fromCents,
  toCents,
} from '@shop/contracts';
import { create } from 'zustand';

/**
 * The browser's cart (spec section 3): a plain list of cart items kept in localStorage under 'carrito'.
 * localStorage['carrito'] holds exactly that JSON list (no wrapper), so the stored shape is the spec's.
 * Corrupt or hand-edited data is repaired on read; other tabs stay in sync through the storage event.
 */

/** What a caller gives to add a line; idAux and totalPrice are derived. */
export type NewCartItem = Omit<CartItem, 'idAux' | 'totalPrice'> &
  Partial<Pick<CartItem, 'idAux' | 'totalPrice'>>;

export type AddResult = 'added' | 'duplicate';

/** Where the discount code applied in the cart is kept, beside the cart's lines, so the checkout sends it. */
const CODE_STORAGE_KEY = 'carrito-code';

export interface CartState {
  items: CartItem[];
  /** The discount code applied in the cart (checked again whenever the lines change), or null. */
  code: string | null;
  setCode: (code: string | null) => void;
  /** Adds a line, or answers 'duplicate' (changing nothing) when the same id + size is anywhere in the cart. */
  add: (item: NewCartItem) => AddResult;
  /** One more unit, never above maxUnits (the size's stock). */
  increment: (idAux: string, maxUnits: number) => void;
  /** One unit fewer, never below 1. */
  decrement: (idAux: string) => void;
  /** Sets the count directly, kept between 1 and maxUnits. */
  setCount: (idAux: string, count: number, maxUnits?: number) => void;
  remove: (idAux: string) => void;
  clear: () => void;
  /** A refreshed unit price for a line (prices come from the server). */
  setPrice: (idAux: string, price: number) => void;
  /** Replaces the whole list (e.g. after a price/stock refresh); the lines are normalised. */
  replace: (items: NewCartItem[]) => void;
}

/** price × count, rounded to cents. */
export function lineTotal(price: number, count: number): number {
  return fromCents(toCents(price) * count);
}

function normalize(item: NewCartItem): CartItem {
  const count = Math.max(1, Math.floor(item.count));
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    img: item.img,
    size: String(item.size),
    idAux: cartLineId(item.id, String(item.size)),
    price: fromCents(toCents(item.price)),
    count,
    totalPrice: lineTotal(item.price, count),
  };
}

/**
 * A stored line usable as is: the spec's fields with the right types. idAux and totalPrice may be missing
 * (they are derived again anyway). Checked by hand, not with a schema library, so the cart (and the navbar
 * badge that reads it) stays light.
 */
function isStoredLine(value: Record<string, unknown>): value is Omit<CartItem, 'idAux' | 'totalPrice'> {
  const text = (key: string) => typeof value[key] === 'string';
  const price = value.price;
  const count = value.count;
  return (
    text('id') &&
    text('name') &&
    text('description') &&
    text('img') &&
    text('size') &&
    value.size !== '' &&
    typeof price === 'number' &&
    Number.isFinite(price) &&
    price >= 0 &&
    typeof count === 'number' &&
    Number.isInteger(count) &&
    count >= 1
  );
}

/** Keeps the valid lines of whatever is stored, recomputes derived fields and drops repeated lines. */
export function repairCart(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const entry of raw) {
    if (!entry || typeof entry !== 'object') continue;
    const record = entry as Record<string, unknown>;
    const count = Number(record.count);
    // Sizes may have been stored as numbers and counts out of range: keep the line, fix the value.
    const candidate: Record<string, unknown> = {
      ...record,
      size: typeof record.size === 'number' || typeof record.size === 'string' ? String(record.size) : '',
      count: Number.isFinite(count) ? Math.max(1, Math.floor(count)) : record.count,
    };
    if (!isStoredLine(candidate)) continue;
    const item = normalize(candidate);
    if (seen.has(item.idAux)) continue;
    seen.add(item.idAux);
    items.push(item);
  }
  return items;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Reads the stored cart, repairing it (and writing the repair back) when it is not a clean list. */
export function readStoredCart(): CartItem[] {
  const store = storage();
  const text = store?.getItem(CART_STORAGE_KEY);
  if (text === null || text === undefined) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = [];
  }
  const items = repairCart(raw);
  const clean = JSON.stringify(items);
  if (clean !== text) writeStoredCart(items);
  return items;
}

function writeStoredCart(items: CartItem[]): void {
  try {
    storage()?.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked (private mode): the cart still works for this page.
  }
}

function readStoredCode(): string | null {
  const code = storage()?.getItem(CODE_STORAGE_KEY)?.trim();
  return code ? code : null;
}

function writeStoredCode(code: string | null): void {
  try {
    if (code) storage()?.setItem(CODE_STORAGE_KEY, code);
    else storage()?.removeItem(CODE_STORAGE_KEY);
  } catch {
    // Storage blocked: the code still applies on this page.
  }
}

function updateLine(items: CartItem[], idAux: string, change: (item: CartItem) => CartItem): CartItem[] {
  let changed = false;
  const next = items.map((item) => {
    if (item.idAux !== idAux) return item;
    const updated = change(item);
    if (updated.count !== item.count || updated.price !== item.price) changed = true;
    return updated;
  });
  return changed ? next : items;
}

const withCount = (item: CartItem, count: number): CartItem => ({
  ...item,
  count,
  totalPrice: lineTotal(item.price, count),
});

/**
 * Starts empty, as on the server, and is filled from storage at once in the browser: components read the
 * initial (empty) state while they take over a server-rendered page, and the stored cart right after.
 */
export const useCartStore = create<CartState>()((set, get) => ({
  items: [],
  code: null,

  setCode: (code) => set({ code: code?.trim() || null }),

  add: (input) => {
    const item = normalize(input);
    if (get().items.some((line) => line.idAux === item.idAux)) return 'duplicate';
    set({ items: [...get().items, item] });
    return 'added';
  },

  increment: (idAux, maxUnits) =>
    set((state) => ({
      items: updateLine(state.items, idAux, (item) =>
        withCount(item, Math.max(1, Math.min(item.count + 1, Math.floor(maxUnits)))),
      ),
    })),

  decrement: (idAux) =>
    set((state) => ({
      items: updateLine(state.items, idAux, (item) => withCount(item, Math.max(1, item.count - 1))),
    })),

  setCount: (idAux, count, maxUnits = Number.POSITIVE_INFINITY) =>
    set((state) => ({
      items: updateLine(state.items, idAux, (item) =>
        withCount(item, Math.max(1, Math.min(Math.floor(count), Math.floor(maxUnits)))),
      ),
    })),

  remove: (idAux) => set((state) => ({ items: state.items.filter((item) => item.idAux !== idAux) })),

  clear: () => set({ items: [], code: null }),

  setPrice: (idAux, price) =>
    set((state) => ({
      items: updateLine(state.items, idAux, (item) => {
        const unit = fromCents(toCents(price));
        return { ...item, price: unit, totalPrice: lineTotal(unit, item.count) };
      }),
    })),

  replace: (items) => set({ items: repairCart(items) }),
}));

/** Sum of the lines' totals, rounded to cents. */
export const selectCartTotal = (state: Pick<CartState, 'items'>): number =>
  fromCents(state.items.reduce((sum, item) => sum + toCents(item.totalPrice), 0));

/** Number of units in the cart (for a badge). */
export const selectCartCount = (state: Pick<CartState, 'items'>): number =>
  state.items.reduce((sum, item) => sum + item.count, 0);

export const useCartItems = () => useCartStore((state) => state.items);
export const useCartCount = () => useCartStore(selectCartCount);

/** True while the store is loaded from storage, so that load is not written straight back. */
let syncing = false;

/** Re-reads localStorage (another tab changed it, or a test reset it). */
export function rehydrateCart(): void {
  syncing = true;
  try {
    useCartStore.setState({ items: readStoredCart(), code: readStoredCode() });
  } finally {
    syncing = false;
  }
}

/**
 * Tells the server how many lines the cart holds (a cookie beside the storage), so a page it renders shows
 * an empty cart at once instead of waiting for this store (the server's page hints, decision 20).
 */
function writeLinesCookie(items: CartItem[]): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the shop serves
  document.cookie = `${CART_LINES_COOKIE}=${items.length}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

useCartStore.subscribe((state, previous) => {
  if (state.code !== previous.code && !syncing) writeStoredCode(state.code);
  if (state.items === previous.items) return;
  if (!syncing) writeStoredCart(state.items);
  if (typeof document !== 'undefined') writeLinesCookie(state.items);
});

if (typeof window !== 'undefined') {
  rehydrateCart();
  writeLinesCookie(useCartStore.getState().items);
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === CODE_STORAGE_KEY || event.key === null)
      rehydrateCart();
  });
}
