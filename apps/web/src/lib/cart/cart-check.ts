import {
  type CartCheck,
  type CartItem,
  cartLineId,
  formatPrice,
  fromCents,
  MAX_COUNT_OPTIONS,
  toCents,
} from '@shop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../api';
import { useCartItems, useCartStore } from './cart-store';

export const EMPTY_CART_TEXT = 'You dont have any products in your cart';

/** What the last price-and-stock refresh says about one cart line. */
export type LineAvailability =
  /** The refresh has not answered yet. */
  | { kind: 'checking' }
  /** The refresh failed: the line is kept as it is (the server checks again at checkout). */
  | { kind: 'unchecked' }
  /**
   * In stock: at most `maxCount` units may be bought (the size's stock, capped at MAX_COUNT_OPTIONS, and a
   * drop's per-person limit, whose `limitReason` the cart gives when it holds the count there).
   */
  | { kind: 'ok'; units: number; maxCount: number; limitReason: string | null }
  /** The size has no units left (it still has a price). */
  | { kind: 'sold-out' }
  /** The product left the catalogue or no longer has this size. */
  | { kind: 'unavailable' };

export interface CartRefresh {
  items: CartItem[];
  /** 'checking' until the first answer; 'error' when the refresh failed. */
  status: 'empty' | 'checking' | 'ready' | 'error';
  error: Error | null;
  retry: () => void;
  availability: (item: CartItem) => LineAvailability;
  /** Notices per line (idAux): a changed price, a count lowered to what is left. */
  notices: Record<string, string[]>;
  /** The lines Buy buys: everything but sold-out and unavailable lines. */
  buyable: CartItem[];
  buyableTotal: number;
  /** Lines left out of the purchase. */
  excluded: CartItem[];
}

export function fetchCartCheck(products: { id: string; size: string }[]): Promise<CartCheck> {
  return api.post<CartCheck>('/cart/check', { products });
}

export function unavailableText(item: Pick<CartItem, 'size'>, availability: LineAvailability): string {
  return availability.kind === 'sold-out'
    ? `Sold out in size ${item.size}`
    : `No longer available in size ${item.size}`;
}

export const isExcluded = (availability: LineAvailability) =>
  availability.kind === 'sold-out' || availability.kind === 'unavailable';

/**
 * Refreshes the cart's prices and stock with `POST /api/cart/check` every time a page using it opens (never
 * cached). A changed price is written to the cart and a count above what is left is lowered, each with a
 * notice for the line. Sold-out and unavailable lines stay in the cart but are left out of `buyable`.
 */
export function useCartRefresh(): CartRefresh {
  const items = useCartItems();
  const products = useMemo(
    () =>
      items
        .map((item) => ({ id: item.id, size: item.size }))
        .sort((a, b) => cartLineId(a.id, a.size).localeCompare(cartLineId(b.id, b.size))),
    [items],
  );

  const query = useQuery({
    queryKey: ['cart', 'check', products],
    queryFn: () => fetchCartCheck(products),
    enabled: products.length > 0,
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    retry: false,
    // After a line is deleted the rest are checked again; keep showing the last answer meanwhile.
    placeholderData: keepPreviousData,
  });

  const [notices, setNotices] = useState<Record<string, string[]>>({});
  const applied = useRef<CartCheck | undefined>(undefined);

  useEffect(() => {
    const data = query.data;
    if (!data || query.isPlaceholderData || applied.current === data) return;
    applied.current = data;
    const found = applyCheck(data);
    if (Object.keys(found).length > 0) setNotices((previous) => ({ ...previous, ...found }));
  }, [query.data, query.isPlaceholderData]);

  const lines = useMemo(() => {
    const map = new Map<string, CartCheck['lines'][number]>();
    for (const line of query.data?.lines ?? []) map.set(cartLineId(line.id, line.size), line);
    return map;
  }, [query.data]);

  const availability = (item: CartItem): LineAvailability => {
    if (query.isError) return { kind: 'unchecked' };
    if (!query.data) return { kind: 'checking' };
    const line = lines.get(item.idAux);
    if (!line) return query.isPlaceholderData ? { kind: 'checking' } : { kind: 'unavailable' };
    // The server answers a sold-out size as not available with today's price, a gone one with no price.
    if (line.price === null) return { kind: 'unavailable' };
    if (line.units <= 0) return { kind: 'sold-out' };
    if (!line.available) return { kind: 'unavailable' };
    return {
      kind: 'ok',
      units: line.units,
      maxCount: maxCountOf(line),
      limitReason: line.limit && line.limit.pairs <= maxCountOf(line) ? line.limit.reason : null,
    };
  };

  const buyable: CartItem[] = [];
  const excluded: CartItem[] = [];
  for (const item of items) (isExcluded(availability(item)) ? excluded : buyable).push(item);
  const buyableTotal = fromCents(buyable.reduce((sum, item) => sum + toCents(item.totalPrice), 0));

  let status: CartRefresh['status'] = 'ready';
  if (items.length === 0) status = 'empty';
  else if (query.isError) status = 'error';
  else if (!query.data) status = 'checking';

  return {
    items,
    status,
    error: query.error,
    retry: () => void query.refetch(),
    availability,
    notices,
    buyable,
    buyableTotal,
    excluded,
  };
}

/** The most a line may hold: its size's units, at most MAX_COUNT_OPTIONS, and a drop's per-person limit. */
function maxCountOf(line: CartCheck['lines'][number]): number {
  return Math.max(1, Math.min(line.units, MAX_COUNT_OPTIONS, line.limit?.pairs ?? MAX_COUNT_OPTIONS));
}

/** Why a line's count was lowered to `maxCount`. */
function loweredText(line: CartCheck['lines'][number], from: number, maxCount: number): string {
  const lowered = `quantity lowered from ${from} to ${maxCount}`;
  if (line.limit && line.limit.pairs <= Math.min(line.units, MAX_COUNT_OPTIONS))
    return `${line.limit.reason}: ${lowered}`;
  return line.units > MAX_COUNT_OPTIONS
    ? `At most ${MAX_COUNT_OPTIONS} pairs per order: ${lowered}`
    : `Only ${line.units} left in size ${line.size}: ${lowered}`;
}

/** Writes a refresh into the cart; answers the notices it gives, per line. */
function applyCheck(data: CartCheck): Record<string, string[]> {
  const cart = useCartStore.getState();
  const before = new Map(cart.items.map((item) => [item.idAux, item]));
  const found: Record<string, string[]> = {};
  for (const line of data.lines) {
    const idAux = cartLineId(line.id, line.size);
    const item = before.get(idAux);
    if (!item || !line.available || line.price === null) continue;
    const messages: string[] = [];
    if (toCents(line.price) !== toCents(item.price)) {
      cart.setPrice(idAux, line.price);
      messages.push(`Price changed from ${formatPrice(item.price)} to ${formatPrice(line.price)}`);
    }
    const maxCount = maxCountOf(line);
    if (line.units > 0 && item.count > maxCount) {
      cart.setCount(idAux, maxCount, maxCount);
      messages.push(loweredText(line, item.count, maxCount));
    }
    if (messages.length > 0) found[idAux] = messages;
  }
  return found;
}
