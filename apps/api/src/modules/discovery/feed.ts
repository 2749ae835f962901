import {
  absoluteUrl,
  amount,
  audienceOf,
  brandName,
  type ListedProduct,
  label,
  productUrl,
  type ShopFacts,
  SIZE_SYSTEM,
  shippingCents,
  sizeOffers,
} from './listed-product';
import { element, XML_DECLARATION } from './xml';

/**
 * The product feed for Google Merchant Center and others (Google's product data specification): one item
 * per size of every product on sale, grouped by product (`item_group_id`), as RSS 2.0 with the `g:`
 * namespace and as Google's tab-separated text with a header row. Both come from the same items.
 */

const GOOGLE_NS = 'http://base.google.com/ns/1.0';
/** Google's product taxonomy: Apparel & Accessories > Shoes. */
const SHOES_CATEGORY = '187';
/** How far ahead a sale price is said to hold: the shop models no end, and the feed is made again daily. */
const SALE_HORIZON_DAYS = 30;
const DAY_MS = 86_400_000;

/** One size of one product, as the feed lists it (every value already a string as the feed writes it). */
export interface FeedItem {
  id: string;
  item_group_id: string;
  title: string;
  description: string;
  link: string;
  image_link: string;
  additional_image_link: string;
  size: string;
  size_system: string;
  gender: string;
  age_group: string;
  color: string;
  brand: string;
  gtin: string;
  identifier_exists: string;
  availability: string;
  availability_date: string;
  price: string;
  sale_price: string;
  sale_price_effective_date: string;
  /** country, service and price, as the XML nests them (the TSV writes `country::service:price`). */
  shipping: { country: string; service: string; price: string } | null;
  condition: string;
  google_product_category: string;
  product_type: string;
}

type Column = Exclude<keyof FeedItem, 'shipping'> | 'shipping';

/** The feed's attributes, in the order the TSV's columns and each XML item write them. */
const COLUMNS: readonly Column[] = [
  'id',
  'item_group_id',
  'title',
  'description',
  'link',
  'image_link',
  'additional_image_link',
  'size',
  'size_system',
  'gender',
  'age_group',
  'color',
  'brand',
  'gtin',
  'identifier_exists',
  'availability',
  'availability_date',
  'price',
  'sale_price',
  'sale_price_effective_date',
  'shipping',
  'condition',
  'google_product_category',
  'product_type',
];

/** The elements RSS 2.0 has of its own; the rest are Google's (`g:`). */
const RSS_ELEMENTS = new Set<Column>(['title', 'description', 'link']);

/** A time as Google's dates take it: ISO 8601 to the second. */
const isoSecond = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The sale's dates: from when the sale price took effect to SALE_HORIZON_DAYS after the day the feed is made
 * (the shop models no end; the feed is made again when the price changes, and at least daily).
 */
function saleDates(listed: ListedProduct, now: number): string {
  const start = listed.priceSince ?? new Date(now);
  const end = new Date(Math.floor(now / DAY_MS) * DAY_MS + SALE_HORIZON_DAYS * DAY_MS);
  return `${isoSecond(start)}/${isoSecond(end)}`;
}

/** The feed's items of one product: one per size, in size order. */
export function feedItems(shop: ShopFacts, listed: ListedProduct, now: number): FeedItem[] {
  const { siteUrl, currency } = shop;
  const onSale = listed.compareAtPriceCents !== null && listed.compareAtPriceCents > listed.priceCents;
  const regularCents =
    onSale && listed.compareAtPriceCents !== null ? listed.compareAtPriceCents : listed.priceCents;
  const cheapest = shop.shipping[0];
  const brand = brandName(listed.brand) ?? '';
  return sizeOffers(listed).map((offer) => ({
    id: `${listed.id}-${offer.size}`,
    item_group_id: listed.id,
    title: `${listed.name}, ${SIZE_SYSTEM} ${offer.size}`,
    description: listed.description,
    link: productUrl(siteUrl, listed.id, offer.size),
    image_link: absoluteUrl(siteUrl, listed.pictures.detail),
    additional_image_link: absoluteUrl(siteUrl, listed.pictures.original),
    size: offer.size,
    size_system: SIZE_SYSTEM,
    gender: audienceOf(listed.genders),
    age_group: 'adult',
    color: listed.color,
    brand,
    gtin: listed.gtin ?? '',
    identifier_exists: listed.gtin ? 'yes' : 'no',
    // Limited availability is not a feed value: a size with pairs left is in stock.
    availability: offer.availability === 'limited' ? 'in_stock' : offer.availability,
    availability_date:
      offer.availability === 'preorder' && listed.releaseAt ? isoSecond(listed.releaseAt) : '',
    price: `${amount(regularCents)} ${currency}`,
    sale_price: onSale ? `${amount(listed.priceCents)} ${currency}` : '',
    sale_price_effective_date: onSale ? saleDates(listed, now) : '',
    shipping: cheapest
      ? {
          country: shop.country,
          service: cheapest.name,
          price: `${amount(shippingCents(cheapest, listed.priceCents))} ${currency}`,
        }
      : null,
    condition: 'new',
    google_product_category: SHOES_CATEGORY,
    product_type: ['Shoes', ...listed.categories.filter((category) => category !== 'other').map(label)].join(
      ' > ',
    ),
  }));
}

function xmlItem(item: FeedItem): string {
  const parts = COLUMNS.map((column) => {
    if (column === 'shipping') {
      const shipping = item.shipping;
      return shipping
        ? `<g:shipping>${element('g:country', shipping.country)}${element('g:service', shipping.service)}${element('g:price', shipping.price)}</g:shipping>`
        : '';
    }
    const value = item[column];
    if (value === '') return '';
    return element(RSS_ELEMENTS.has(column) ? column : `g:${column}`, value);
  });
  return `<item>${parts.join('')}</item>`;
}

/** The feed as RSS 2.0 with Google's namespace. */
export function feedXml(shop: ShopFacts, items: readonly FeedItem[]): string {
  const channel = [
    element('title', shop.name),
    element('link', `${shop.siteUrl}/`),
    element('description', `Every size of every sneaker on sale at ${shop.name}`),
  ].join('');
  return `${XML_DECLARATION}\n<rss version="2.0" xmlns:g="${GOOGLE_NS}">\n<channel>${channel}\n${items
    .map(xmlItem)
    .join('\n')}\n</channel>\n</rss>\n`;
}

/** A TSV cell: no tab or line end may be in it (they would start another cell or row). */
const cell = (value: string) => value.replace(/[\t\r\n]+/g, ' ');

/** The feed as Google's tab-separated text: a header row of the attributes, then one row per item. */
export function feedTsv(items: readonly FeedItem[]): string {
  const rows = items.map((item) =>
    COLUMNS.map((column) => {
      if (column !== 'shipping') return cell(item[column]);
      const shipping = item.shipping;
      return shipping ? cell(`${shipping.country}::${shipping.service}:${shipping.price}`) : '';
    }).join('\t'),
  );
  return `${[COLUMNS.join('\t'), ...rows].join('\n')}\n`;
}
