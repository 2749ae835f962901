import type { CartItem, RecoveryGoneLine } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorText } from '../../lib/api';
import { useCartStore } from '../../lib/cart/cart-store';
import { recoverCart } from './api/recover-cart';

/** The search parameter of a reminder's link: `/cart?recover=<token>`. */
const RECOVER_PARAM = 'recover';

/**
 * The sign-in page, coming back to `here` once signed in (`?redirect=`, as the guards' loginUrl sends a
 * guest). Written here: a feature imports nothing of app/, and moving loginUrl down to lib/ made the
 * landing page's first load heavier.
 */
const signInUrl = (here: string) => `/login?redirect=${encodeURIComponent(here)}`;

/** What came of a reminder's link: nothing asked, the cart back (and the lines gone), or refused. */
export type CartRecoveryOutcome =
  | { kind: 'none' }
  | { kind: 'restored'; gone: RecoveryGoneLine[] }
  | { kind: 'refused'; message: string };

/**
 * Puts the restored lines into the browser's cart: a line already there takes the restored count, the
 * others are added after the cart's own, which all stay.
 */
function mergeRestored(restored: CartItem[]): void {
  const cart = useCartStore.getState();
  const counts = new Map(restored.map((item) => [item.idAux, item.count]));
  const kept = cart.items.map((line) => {
    const count = counts.get(line.idAux);
    return count === undefined ? line : { ...line, count };
  });
  const held = new Set(cart.items.map((line) => line.idAux));
  cart.replace([...kept, ...restored.filter((item) => !held.has(item.idAux))]);
}

/**
 * A reminder's link (`?recover=<token>`): in the browser only, once, the abandoned checkout's lines are
 * asked for and merged into the cart, and the parameter leaves the address (replaced, no new entry). A
 * guest signs in first and comes back to the same link; a refusal (another account's link, expired, no
 * longer kept) is said and the cart left alone.
 */
export function useCartRecovery(): CartRecoveryOutcome {
  const [params, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const token = params.get(RECOVER_PARAM);
  const asked = useRef<string | null>(null);
  const [outcome, setOutcome] = useState<CartRecoveryOutcome>({ kind: 'none' });
  const here = `${pathname}${search}`;

  useEffect(() => {
    if (!token || asked.current === token) return;
    asked.current = token;
    recoverCart(token).then(
      (recovery) => {
        mergeRestored(recovery.items);
        setOutcome({ kind: 'restored', gone: recovery.gone });
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(RECOVER_PARAM);
            return next;
          },
          { replace: true, preventScrollReset: true },
        );
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          void navigate(signInUrl(here), { replace: true });
          return;
        }
        setOutcome({ kind: 'refused', message: errorText(error) });
      },
    );
  }, [token, here, navigate, setParams]);

  return outcome;
}
