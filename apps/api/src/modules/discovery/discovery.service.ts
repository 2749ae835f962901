import { createHash } from 'node:crypto';
import { formatPrice, type Product, type Review, toCents } from '@shop/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import * as catalog from '../catalog';
import * as drops from '../drops';
import * as shipping from '../shipping';
import * as tax from '../tax';
import { type FeedItem, feedItems, feedTsv, feedXml } from './feed';
import { type ListedProduct, plainText, type ShopFacts } from './listed-product';
import { drawLogo, drawProductCard, drawShopCard } from './share-images';
import { type SitemapFiles, sitemapFiles } from './sitemap';
import { homeGraph, LOGO, type PageReview, productGraph } from './structured-data';

/** What being found needs: the shop's data through the modules' faces, and the app's settings. */
export interface DiscoveryDeps {
  db: Db;
  siteUrl: string;
  shopName: string;
  /** The app's return settings (RETURN_DAYS, RETURN_REFUND_SHIPPING, RETURN_CREDIT). */
  returns: ShopFacts['returns'];
  /** Where the product pictures are, for the share cards. */
  storage: Storage;
  /** A product's reviews as its page shows them (JSON), held by the composition root until they change. */
  reviewsForPage: catalog.PageReviews;
  /** URLs in one child sitemap at most (SITEMAP_URL_LIMIT). */
  sitemapLimit: number;
}

/** An answer made once for a state of the shop: its body and its entity tag. */
export interface Made<T> {
  body: T;
  etag: string;
}

const tagOf = (...parts: string[]) =>
  `"${createHash('sha1').update(parts.join('\u0000')).digest('base64url')}"`;

/**
 * The last value built for a key: asked again with the same key, the same build (running or done) answers;
 * a new key builds anew. A build that failed is not kept.
 */
class Latest<T> {
  private key?: string;
  private value?: Promise<T>;

  get(key: string, build: () => Promise<T>): Promise<T> {
    if (this.key !== key || !this.value) {
      this.key = key;
      const value = build();
      this.value = value;
      value.catch(() => {
        if (this.value === value) this.value = undefined;
      });
    }
    return this.value;
  }
}

/** Share cards kept in memory at most (each 20 to 40 kB): the most recently asked. */
const CARDS_KEPT = 200;

/** The shop as discovery shows it now: its currency and home country (tax settings) and shipping there. */
async function shopFacts(deps: DiscoveryDeps): Promise<ShopFacts> {
  const settings = await tax.reportSettings(deps.db);
  const methods = await shipping.offeredMethods(deps.db, settings.homeCountry);
  return {
    siteUrl: deps.siteUrl,
    name: deps.shopName,
    currency: settings.currency.toUpperCase(),
    country: settings.homeCountry,
    shipping: methods.map((method) => ({
      name: method.name,
      priceCents: toCents(method.price),
      freeAboveCents: method.freeAbove === null ? null : toCents(method.freeAbove),
      estimateDays: method.estimateDays,
    })),
    returns: deps.returns,
  };
}

/** When each product whose drop is still to come releases, by product id. */
function pendingReleases(releases: readonly drops.DropRelease[], now: number): Map<string, Date> {
  return new Map(
    releases.filter((drop) => drop.releaseAt.getTime() > now).map((drop) => [drop.productId, drop.releaseAt]),
  );
}

/** A product as its page's API answers it (a fresh read: its units exactly as they are). */
function listedOfPage(product: Product, releaseAt: Date | null): ListedProduct {
  return {
    id: product._id,
    name: product.name,
    brand: product.brand,
    description: plainText(product.description),
    genders: product.gender,
    categories: product.category,
    color: product.color,
    priceCents: toCents(product.price),
    compareAtPriceCents: product.compareAtPrice === null ? null : toCents(product.compareAtPrice),
    pictures: {
      card: product.card_picture,
      detail: product.detail_picture,
      original: product.original_picture,
    },
    gtin: product.gtin ?? null,
    stock: product.stock,
    releaseAt,
    priceSince: null,
  };
}

/** A product as the catalogue's discovery reads hold it. */
function listedOfRow(row: catalog.DiscoveryProduct, releaseAt: Date | null): ListedProduct {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    description: plainText(row.description),
    genders: row.genders,
    categories: row.categories,
    color: row.color,
    priceCents: row.priceCents,
    compareAtPriceCents: row.compareAtPriceCents,
    pictures: { card: row.cardPicture, detail: row.detailPicture, original: row.originalPicture },
    gtin: row.gtin,
    stock: row.stock,
    releaseAt,
    priceSince: row.priceSince,
  };
}

const pageReview = (review: Review): PageReview => ({
  author: review.user.username,
  rating: review.rating,
  body: review.description,
  date: review.date,
});

/** A product on sale as its page shows it, or 404. */
async function productOnSale(deps: DiscoveryDeps, id: string): Promise<Product> {
  const [product] = await catalog.getProducts(deps.db, [id]);
  if (!product) throw AppError.notFound('Product');
  return product;
}

/** What the sitemap, the feed and the share cards keep between requests (one set per app). */
export interface DiscoveryState {
  sitemaps: Latest<Made<SitemapFiles>>;
  feeds: Latest<Made<FeedItem[]>>;
  feedTexts: Latest<Made<string>>;
  /** Drawn product cards by entity tag, the most recently asked last. */
  cards: Map<string, Promise<Buffer>>;
  shopCard: Latest<Buffer>;
  logo: Latest<Buffer>;
}

/**
 * Being found (issue 41): the pages' JSON-LD, the sitemap, the product feed and the share cards. The JSON-LD
 * and the cards read their product afresh; the sitemap and the feed are made once per state of the catalogue
 * (its version, read on every request: a change through any instance shows in the next answer), of the
 * drops, and for the feed of the shop's settings and the day.
 */
export function discoveryState(): DiscoveryState {
  return {
    sitemaps: new Latest(),
    feeds: new Latest(),
    feedTexts: new Latest(),
    cards: new Map(),
    shopCard: new Latest(),
    logo: new Latest(),
  };
}

/** A product page's JSON-LD (Product and BreadcrumbList), read afresh; 404 when it is not on sale. */
export async function productJsonLd(deps: DiscoveryDeps, id: string): Promise<Made<string>> {
  const product = await productOnSale(deps, id);
  const [shop, releases, reviews] = await Promise.all([
    shopFacts(deps),
    drops.dropReleases(deps.db, [id]),
    deps.reviewsForPage(deps.db, id),
  ]);
  const releaseAt = pendingReleases(releases, Date.now()).get(id) ?? null;
  const written = (JSON.parse(reviews) as Review[]).map(pageReview);
  const body = JSON.stringify(productGraph(shop, listedOfPage(product, releaseAt), written));
  return { body, etag: tagOf(body) };
}

/** The landing page's JSON-LD (Organization and WebSite). */
export async function homeJsonLd(deps: DiscoveryDeps): Promise<Made<string>> {
  const body = JSON.stringify(homeGraph(await shopFacts(deps)));
  return { body, etag: tagOf(body) };
}

/** The sitemap's files as of now: made again only when the catalogue or the drops changed. */
export async function sitemap(deps: DiscoveryDeps, state: DiscoveryState): Promise<Made<SitemapFiles>> {
  const [listed, releases] = await Promise.all([
    catalog.discoveryCatalog(deps.db),
    drops.dropReleases(deps.db),
  ]);
  const dropsKey = releases.map((drop) => `${drop.id}:${drop.productId}:${drop.updatedAt.getTime()}`).join();
  const key = `${listed.key}|${dropsKey}`;
  return state.sitemaps.get(key, async () => {
    const onSale = new Set(listed.products.map((product) => product.id));
    const files = sitemapFiles(
      {
        siteUrl: deps.siteUrl,
        products: listed.products.map((product) => ({
          id: product.id,
          updatedAt: product.updatedAt,
          picture: product.detailPicture,
        })),
        drops: releases.filter((drop) => onSale.has(drop.productId)),
      },
      deps.sitemapLimit,
    );
    return { body: files, etag: tagOf('sitemap', key) };
  });
}

const DAY_MS = 86_400_000;

/** The feed's items as of now: made again when the catalogue, a drop to come, the settings or the day changed. */
async function feed(deps: DiscoveryDeps, state: DiscoveryState): Promise<Made<FeedItem[]>> {
  const now = Date.now();
  const [listed, releases, shop] = await Promise.all([
    catalog.discoveryCatalog(deps.db),
    drops.dropReleases(deps.db),
    shopFacts(deps),
  ]);
  const pending = pendingReleases(releases, now);
  const pendingKey = [...pending].map(([id, at]) => `${id}:${at.getTime()}`).join();
  const key = `${listed.key}|${pendingKey}|${JSON.stringify(shop)}|${Math.floor(now / DAY_MS)}`;
  return state.feeds.get(key, async () => ({
    body: listed.products.flatMap((row) =>
      feedItems(shop, listedOfRow(row, pending.get(row.id) ?? null), now),
    ),
    etag: tagOf('feed', key),
  }));
}

/** The feed as RSS 2.0 (`xml`) or Google's tab-separated text (`tsv`). */
export async function feedText(
  deps: DiscoveryDeps,
  state: DiscoveryState,
  format: 'xml' | 'tsv',
): Promise<Made<string>> {
  const items = await feed(deps, state);
  return state.feedTexts.get(`${items.etag}|${format}`, async () => {
    const body = format === 'xml' ? feedXml(await shopFacts(deps), items.body) : feedTsv(items.body);
    return { body, etag: tagOf(items.etag, format) };
  });
}

/** A product's share card: its entity tag now (404 when not on sale), and the picture drawn (or held) on demand. */
export async function productCard(
  deps: DiscoveryDeps,
  state: DiscoveryState,
  id: string,
): Promise<{ etag: string; draw: () => Promise<Buffer> }> {
  const product = await productOnSale(deps, id);
  const currency = await tax.shopCurrency(deps.db);
  const regular = product.compareAtPrice;
  const card = {
    name: product.name,
    brand: product.brand.toUpperCase(),
    price: formatPrice(product.price, currency),
    regularPrice: regular !== null && regular > product.price ? formatPrice(regular, currency) : null,
    picture: product.detail_picture,
  };
  const etag = tagOf('card', deps.shopName, JSON.stringify(card));
  const draw = () => {
    const { cards } = state;
    const drawn = cards.get(etag) ?? drawProductCard(deps.storage, deps.shopName, card);
    cards.delete(etag);
    cards.set(etag, drawn);
    drawn.catch(() => cards.delete(etag));
    if (cards.size > CARDS_KEPT) cards.delete(cards.keys().next().value ?? '');
    return drawn;
  };
  return { etag, draw };
}

/** The shop's card (the pages that are not a product's) and its entity tag. */
export function shopCard(deps: DiscoveryDeps, state: DiscoveryState): Made<() => Promise<Buffer>> {
  return {
    etag: tagOf('shop-card', deps.shopName, deps.siteUrl),
    body: () => state.shopCard.get('shop', () => drawShopCard(deps.shopName, new URL(deps.siteUrl).host)),
  };
}

/** The shop's logo (PNG, LOGO.size square). */
export function logo(state: DiscoveryState): Made<() => Promise<Buffer>> {
  return {
    etag: tagOf('logo', String(LOGO.size)),
    body: () => state.logo.get('logo', () => drawLogo(LOGO.size)),
  };
}
