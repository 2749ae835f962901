import { useSyncExternalStore } from 'react';

/**
 * Decorative motion starts when the browser is first idle after the app took the page over: the app marks
 * `<html data-motion>` then (app/app.tsx, decision 20). Stylesheets wait for the mark; components ask here.
 */
export const MOTION_ATTRIBUTE = 'data-motion';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [MOTION_ATTRIBUTE] });
  return () => observer.disconnect();
}

/** True once decorative motion may start; false on the server and while the page is still loading. */
export function useMotionStarted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.documentElement.hasAttribute(MOTION_ATTRIBUTE),
    () => false,
  );
}
