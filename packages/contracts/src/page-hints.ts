/**
 * What the server reads from a page request to fit the page's first render to the visitor (decision 20).
 * The browser's first render uses the same hints (they come with the page), so it matches the HTML; from
 * then on the browser knows better.
 */
export interface PageHints {
  /** 'narrow' for a phone (its browser says it is one), else 'wide'. */
  screen: 'narrow' | 'wide';
  /** Lines in the visitor's cart, as the cart last wrote them to CART_LINES_COOKIE; 0 when it never did. */
  cartLines: number;
  /**
   * The shop's public origin (SITE_URL's, e.g. `https://shop.example.com`), for the absolute URLs a page
   * writes in its head (canonical, Open Graph, JSON-LD). Absent: the browser's own origin.
   */
  origin?: string;
}

export const DEFAULT_PAGE_HINTS: PageHints = { screen: 'wide', cartLines: 0 };

/** The cookie in which the browser's cart (localStorage) tells the server how many lines it holds. */
export const CART_LINES_COOKIE = 'cart_lines';
