import { DEFAULT_PAGE_HINTS, type PageHints } from '@shop/contracts';
import { createContext, useContext } from 'react';

/**
 * The hints a page was rendered with on the server (the visitor's screen, the cart's size), for the
 * browser's first render to match the HTML: a carousel fills one phone view of slides, not a desktop's;
 * the cart page shows an empty cart at once instead of waiting for the browser's storage.
 */
export const PageHintsContext = createContext<PageHints>(DEFAULT_PAGE_HINTS);

export function usePageHints(): PageHints {
  return useContext(PageHintsContext);
}
