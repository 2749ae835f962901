import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the browser's first render takes over a page the server rendered; true
 * from then on (and from the start when the browser renders the page itself). What only the browser
 * knows (its storage: the cart, the last catalogue page) waits for it, so that first render matches the
 * server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
