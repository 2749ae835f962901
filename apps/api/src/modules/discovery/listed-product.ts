import type { Brand, Category, Gender } from '@shop/contracts';
import type { RefundShipping } from '../../config';

/**
 * What the structured data, the sitemap, the feed and the share cards say of the shop and its products,
 * worked out once here so that they never disagree (a sold-out size is out of stock in all of them).
 */

/** At this many units or fewer, a size is on limited availability (JSON-LD LimitedAvailability). */
export const LIMITED_UNITS = 3;

/** The shop's size key is the US size (size-rules.ts): every size discovery shows is in that system. */
export const SIZE_SYSTEM = 'US';

/** A product on sale as discovery describes it: money in cents, the description as plain text. */
export interface ListedProduct {
  id: string;
  name: string;
  brand: Brand;
  description: string;
  genders: readonly Gender[];
  categories: readonly Category[];
  color: string;
  priceCents: number;
  /** The regular price when the product is on sale (above the price), else null. */
  compareAtPriceCents: number | null;
  pictures: { card: string; detail: string; original: string };
  gtin: string | null;
  /** Units on sale per size key ('9.5'). */
  stock: Readonly<Record<string, number>>;
  /** Its drop's release while still to come (its sizes are pre-orders), else null. */
  releaseAt: Date | null;
  /** When its current price took effect, when known. */
  priceSince: Date | null;
}

/** A shipping method serving the shop's home country, as an offer's shipping is priced. */
export interface ShippingOption {
  name: string;
  priceCents: number;
  /** An order of at least this much ships free; null: never free by amount. */
  freeAboveCents: number | null;
  /** [min, max] days to delivery, or null when the method promises none. */
  estimateDays: readonly [number, number] | null;
}

/** The shop as discovery shows it. */
export interface ShopFacts {
  /** Public origin, without a trailing slash. */
  siteUrl: string;
  name: string;
  /** ISO 4217 (the tax settings'). */
  currency: string;
  /** ISO 3166 alpha-2: where the shop is and what its shipping and returns are stated for. */
  country: string;
  /** The methods serving the home country, cheapest first. */
  shipping: readonly ShippingOption[];
  returns: { days: number; refundShipping: RefundShipping; toCredit: boolean };
}

export type SizeAvailability = 'in_stock' | 'limited' | 'out_of_stock' | 'preorder';

export interface SizeOffer {
  size: string;
  units: number;
  availability: SizeAvailability;
}

/**
 * Each size of the product, in size order, and how it can be had: none left is out of stock (a drop's
 * too), a drop before its release a pre-order, 3 or fewer limited, else in stock.
 */
export function sizeOffers(product: Pick<ListedProduct, 'stock' | 'releaseAt'>): SizeOffer[] {
  return Object.entries(product.stock)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([size, units]) => ({ size, units, availability: availabilityOf(units, product.releaseAt) }));
}

function availabilityOf(units: number, releaseAt: Date | null): SizeAvailability {
  if (units <= 0) return 'out_of_stock';
  if (releaseAt) return 'preorder';
  return units <= LIMITED_UNITS ? 'limited' : 'in_stock';
}

/** Whom the product is for, as shopping listings say it: a product for both or for everyone is unisex. */
export function audienceOf(genders: readonly Gender[]): 'female' | 'male' | 'unisex' {
  if (genders.includes('unisex') || (genders.includes('women') && genders.includes('men'))) return 'unisex';
  return genders.includes('women') ? 'female' : 'male';
}

/** What one pair at `priceCents` ships for by `option`: free at or above its free-above amount. */
export function shippingCents(option: ShippingOption, priceCents: number): number {
  return option.freeAboveCents !== null && priceCents >= option.freeAboveCents ? 0 : option.priceCents;
}

/** Brands as they write themselves; the shop's 'other' names no brand. */
const BRAND_NAMES: Record<Brand, string | null> = {
  nike: 'Nike',
  champion: 'Champion',
  converse: 'Converse',
  gucci: 'Gucci',
  vans: 'Vans',
  adidas: 'adidas',
  other: null,
};
export const brandName = (brand: Brand): string | null => BRAND_NAMES[brand];

/** A word of the catalogue ('basketball', 'women') as a label: 'Basketball', 'Women'. */
export const label = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** The product's page, with a size chosen when given. */
export const productUrl = (siteUrl: string, id: string, size?: string): string =>
  `${siteUrl}/home/${id}${size === undefined ? '' : `?size=${encodeURIComponent(size)}`}`;

/** A catalogue page as the web writes its filters (lib/catalog/catalog-params.ts): `/home?category=running`. */
export const catalogueUrl = (siteUrl: string, key: 'brand' | 'category' | 'gender', value: string): string =>
  `${siteUrl}/home?${key}=${encodeURIComponent(value)}`;

/** A path of the shop ('/uploads/…') as an absolute URL; a URL elsewhere stays as it is. */
export const absoluteUrl = (siteUrl: string, path: string): string =>
  /^https?:\/\//i.test(path) ? path : `${siteUrl}${path.startsWith('/') ? '' : '/'}${path}`;

/** Cents as a feed writes an amount: '120.00'. */
export const amount = (cents: number): string => (cents / 100).toFixed(2);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A description's HTML as plain text: tags gone (a block's end is a space), entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#')) {
        const code =
          name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The product's category for a person: its first that says something ('Basketball'), else its gender's. */
export function mainCatalogue(product: Pick<ListedProduct, 'categories' | 'genders'>): {
  key: 'category' | 'gender';
  value: string;
} {
  const category = product.categories.find((value) => value !== 'other');
  if (category) return { key: 'category', value: category };
  return { key: 'gender', value: product.genders[0] ?? 'unisex' };
}
