import { useNavigate } from 'react-router';
import { useCartRefresh } from '../../lib/cart/cart-check';
import { useCartCode } from '../../lib/cart/cart-code';
import { useHydrated } from '../../lib/hydrated';
import { usePageHints } from '../../lib/page-hints';
import { useSession } from '../../lib/session';
import { useCartTax } from './use-cart-tax';

const unitsOf = (items: { count: number }[]) => items.reduce((sum, item) => sum + item.count, 0);

/**
 * The cart with today's prices and stock, what can be bought of it, and Buy (checkout when signed in,
 * else sign-up). The cart lives in the browser's storage: until the page is taken over, a server-rendered
 * page knows only from the cart's cookie whether there are lines to wait for.
 */
export function useCartPage() {
  const cart = useCartRefresh();
  // The code is asked about the lines Buy buys, once their prices and stock are known.
  const code = useCartCode(cart.buyable, cart.status === 'ready');
  // The tax of what Buy buys, for the footer's "Ship to" country, the code's discount taken first.
  const tax = useCartTax(cart.buyable, code.check?.code, cart.status === 'ready' && !code.checking);
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const hints = usePageHints();
  const nothingToBuy = cart.status !== 'checking' && cart.buyable.length === 0;

  return {
    cart,
    code,
    tax,
    /** Rendered on the server with lines in the cart: they show once read from the browser's storage. */
    readingLines: !hydrated && hints.cartLines > 0,
    empty: !hydrated || cart.items.length === 0,
    units: unitsOf(cart.items),
    buyableUnits: unitsOf(cart.buyable),
    nothingToBuy,
    canBuy: cart.status !== 'checking' && !nothingToBuy && !loading && !code.checking,
    buy: () => navigate(user ? `/checkout/${user.uid}` : '/register'),
  };
}
