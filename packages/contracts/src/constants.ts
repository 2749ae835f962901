/** Business constants from the spec (section 9). */

export const BRANDS = ['nike', 'champion', 'converse', 'gucci', 'vans', 'adidas', 'other'] as const;
export type Brand = (typeof BRANDS)[number];

export const CATEGORIES = ['lifestyle', 'basketball', 'skateboarding', 'running', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];

export const GENDERS = ['women', 'men', 'unisex'] as const;
export type Gender = (typeof GENDERS)[number];

export const COLORS = ['Yellow', 'Blue', 'Red', 'White', 'Black', 'Green', 'Brown'] as const;
export type Color = (typeof COLORS)[number];

export const RATINGS = [0, 1, 2, 3, 4, 5] as const;
export const MIN_RATING = 0;
export const MAX_RATING = 5;

/** Half sizes 3.5 to 18 (edit form). */
export const SIZES: readonly number[] = Array.from({ length: (18 - 3.5) / 0.5 + 1 }, (_, i) => 3.5 + i * 0.5);
/** Sizes offered on the create form. */
export const CREATE_FORM_SIZES = [6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10, 10.5] as const;

export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
/**
 * The most matches a product list counts exactly. Past it the list answers `total` = COUNT_LIMIT and
 * `totalExact` false ('1,000+ products', 84 pages of 12): counting every match of a broad filter on a
 * large catalogue would cost more than the page itself, and nobody pages further.
 */
export const COUNT_LIMIT = 1_000;
/** The highest page number a list accepts (far past any real catalogue; keeps offsets small). */
export const MAX_PAGE = 100_000;
/** Orders per page of GET /api/orders, and the most one page may ask for. */
export const ORDERS_PAGE_SIZE = 20;
export const ORDERS_PAGE_MAX = 100;
/** The longest search the staff's orders list takes. */
export const ORDERS_SEARCH_MAX = 100;
/**
 * The largest amount of money, in dollars, the API accepts in a filter or payload: its value in cents
 * still fits PostgreSQL's integer columns, so a huge number is refused instead of overflowing a query.
 */
export const MAX_AMOUNT = 10_000_000;
/** Carousels and brand strips show at most this many products. */
export const CAROUSEL_MAX = 25;
export const CAROUSEL_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 40;
export const SCROLL_TOP_THRESHOLD_PX = 100;
export const SUCCESS_MESSAGE_MS = 5000;
/** Pagination shows every page number below this many pages, a window otherwise. */
export const PAGINATION_FULL_BELOW = 8;
export const PAGINATION_WINDOW = 7;
/** The count selector offers at most this many units. */
export const MAX_COUNT_OPTIONS = 100;

export const PRODUCT_NAME_MIN = 3;
export const PRODUCT_NAME_MAX = 50;
export const DESCRIPTION_MIN = 30;
export const DESCRIPTION_MAX = 1020;
export const COLOR_TEXT_MIN = 3;
export const COLOR_TEXT_MAX = 60;
export const RELEASE_YEAR_MIN = 1900;
export const RELEASE_YEAR_MAX = 2100;
export const SEARCH_MAX = 100;

/** A shoe size as the cart and the stock map write it: '9', '9.5', '10'. */
export const SIZE_PATTERN = /^\d{1,2}(\.5)?$/;

export const ORDER_STATES = ['pending', 'aprobed', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** What a list of orders sorts by (GET /api/orders `sort`). */
export const ORDER_SORT_FIELDS = ['date', 'finalAmount', 'state'] as const;

/**
 * A payment provider's id: which ids exist is the API's registry of providers (GET /api/payments/providers),
 * so the contracts only fix their shape.
 */
export const PAYMENT_PROVIDER_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;
export type PaymentProvider = string;

/**
 * Store credit as a tender: an order paid wholly with it names it as its `provider`, and the payments
 * ledger names it as the tender of every credit spend and give-back. No provider id can take it (they have
 * no underscore).
 */
export const STORE_CREDIT = 'store_credit';

/**
 * What moved an order's money (the payments ledger, docs/decisions/0032): a provider's capture, a refund
 * through the provider, store credit spent on it, store credit given back for it.
 */
export const PAYMENT_ENTRY_KINDS = ['capture', 'refund', 'credit_spend', 'credit_back'] as const;
export type PaymentEntryKind = (typeof PAYMENT_ENTRY_KINDS)[number];

/** Canonical key of a shoe size in stock maps and cart items: 6 -> "6", 6.5 -> "6.5". */
export function sizeKey(size: number): string {
  return String(size);
}

/** The filter keys the catalogue understands, in the order the UI shows them. */
export const FILTER_KEYS = ['category', 'gender', 'rating', 'brand', 'priceMin', 'priceMax'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const SORT_FIELDS = ['name', 'price'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 1 | -1;
export type OrderBy = Partial<Record<SortField, SortDirection>>;
/**
 * The staff's product list sorts by these too: `created`, when the product was added to the shop (its
 * default, newest first), and `release_date`, the day the shoe came out.
 */
export const ADMIN_SORT_FIELDS = [...SORT_FIELDS, 'created', 'release_date'] as const;
export type AdminSortField = (typeof ADMIN_SORT_FIELDS)[number];
export type AdminOrderBy = Partial<Record<AdminSortField, SortDirection>>;

/** The browser keeps the cart under this localStorage key (spec section 3). */
export const CART_STORAGE_KEY = 'carrito';

/** `idAux` identifies a cart line: the same product in another size is another line. */
export function cartLineId(productId: string, size: string): string {
  return `${productId}${size}`;
}

/**
 * The women's page's video banner (spec section 1): drawn by the shop from its own sneaker drawings and
 * stored with the uploads (apps/api/src/seed/banner-video.ts). A key's content never changes (it is
 * served as immutable), so a new drawing takes a new number.
 */
export const WOMEN_BANNER = {
  video: '/uploads/banners/women-run-1.webm',
  poster: '/uploads/banners/women-run-1.webp',
  width: 960,
  height: 540,
} as const;
