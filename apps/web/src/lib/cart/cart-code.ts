import {
  type CartItem,
  cartLineId,
  fromCents,
  type PricedDiscount,
  type PromotionCheck,
  toCents,
} from '@shop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, api } from '../api';
import { useCartStore } from './cart-store';

type CheckProducts = { id: string; size: string; count: number }[];

/** `POST /api/promotions/check`: what the code takes off these lines, or a refusal saying why. */
export function fetchPromotionCheck(code: string, products: CheckProducts): Promise<PromotionCheck> {
  return api.post<PromotionCheck>('/promotions/check', { code, products });
}

export interface CartCode {
  /** The code applied to the cart, or null. */
  code: string | null;
  /** The shop's answer for the code on today's lines (undefined while it is asked). */
  check: PromotionCheck | undefined;
  /** The code is being checked (applied, or checked again after the lines changed). */
  checking: boolean;
  /** Why the code just typed was refused, in the shop's words. */
  refusal: string | null;
  /** Why an applied code was removed after the cart changed. */
  dropped: string | null;
  apply: (code: string) => void;
  remove: () => void;
  /** The code's effect as the pricing function takes it (undefined without a code or its answer). */
  discount: PricedDiscount | undefined;
  /** Whether the code applies to a line (every line without an answer). */
  eligible: (item: CartItem) => boolean;
  /** The code's amount off a line (all its units), in dollars. */
  lineDiscount: (item: CartItem) => number;
}

/**
 * The discount code kept with the cart: Apply asks the shop about it on `lines` (the lines bought), and it
 * is asked again whenever they change (added, removed, counts). A refused code is not kept: typed just now,
 * the refusal shows under the field; applied before, it is removed with a message saying why. A failure to
 * reach the shop keeps the code (the checkout checks it again).
 */
export function useCartCode(lines: CartItem[], ready: boolean): CartCode {
  const code = useCartStore((state) => state.code);
  const products = useMemo(
    () => lines.map((line) => ({ id: line.id, size: line.size, count: line.count })),
    [lines],
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dropped, setDropped] = useState<string | null>(null);
  const typed = useRef(false);

  const query = useQuery({
    queryKey: ['promotions', 'check', code, products],
    queryFn: () => fetchPromotionCheck(code ?? '', products),
    enabled: Boolean(code) && ready && products.length > 0,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (!code || !query.isError) return;
    const error = query.error;
    const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
    if (typed.current) setRefusal(error.message);
    else if (refused) setDropped(`The code ${code} was removed: ${error.message}`);
    else return;
    typed.current = false;
    useCartStore.getState().setCode(null);
  }, [code, query.isError, query.error]);

  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData) typed.current = false;
  }, [query.isSuccess, query.isPlaceholderData]);

  const check = code && query.data?.code.toUpperCase() === code.toUpperCase() ? query.data : undefined;
  const byLine = useMemo(
    () => new Map((check?.lines ?? []).map((line) => [cartLineId(line.id, line.size), line])),
    [check],
  );

  return {
    code,
    check,
    checking: Boolean(code) && query.isFetching,
    refusal,
    dropped,
    apply: (next) => {
      const trimmed = next.trim();
      setDropped(null);
      if (!trimmed) {
        setRefusal('Type a code to apply it.');
        return;
      }
      setRefusal(null);
      typed.current = true;
      useCartStore.getState().setCode(trimmed);
    },
    remove: () => {
      setRefusal(null);
      setDropped(null);
      typed.current = false;
      useCartStore.getState().setCode(null);
    },
    discount: check ? discountOf(check) : undefined,
    eligible: (item) => byLine.get(item.idAux)?.eligible ?? true,
    lineDiscount: (item) => byLine.get(item.idAux)?.discount ?? 0,
  };
}

/**
 * The code's effect for the pricing function: free shipping, or the answer's cents off the eligible lines
 * (the pricing function splits them over the lines as the shop did).
 */
function discountOf(check: PromotionCheck): PricedDiscount {
  if (check.freeShipping) return { kind: 'free_shipping', value: null };
  return { kind: 'amount', value: toCents(check.discount) };
}

/** What a line comes to after its discount, in dollars. */
export const lineAfterDiscount = (item: CartItem, discount: number) =>
  fromCents(toCents(item.totalPrice) - toCents(discount));
