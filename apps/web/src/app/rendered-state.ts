import type { PageHints } from '@shop/contracts';
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { ShopTax } from '../lib/shop-tax';

/** What the server hands the browser with a page it rendered: the data the page showed. */
export interface RenderedState {
  queries: DehydratedState;
  router: HydrationState;
  /** What the server knew of the visitor when it rendered the page. */
  hints: PageHints;
  /** The shop's currency (ISO 4217) the page's prices were written in: the browser writes them alike. */
  currency: string;
  /** How the page showed tax beside the prices (null: the settings could not be read). */
  tax: ShopTax | null;
}

/** The id of the JSON script element that carries it (a data block, so the CSP has nothing to run). */
export const RENDERED_STATE_ID = 'rendered-state';

/** As JSON that is safe inside a <script> element: no `<` can close it. */
export function serializeRenderedState(state: RenderedState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** The state the server rendered this page with, or null when the page came as the bare shell. */
export function readRenderedState(): RenderedState | null {
  const element = document.getElementById(RENDERED_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as RenderedState;
  } catch {
    return null;
  }
}
