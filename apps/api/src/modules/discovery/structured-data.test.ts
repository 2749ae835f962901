import type { JsonLdDocument, Product, ProductList } from '@shop/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { archiveProduct, modifyProduct, type Pictures, staffProduct } from '../../test/discovery';
import { createDrop } from '../../test/drops';
import { storedPictures } from '../../test/product-pictures';
import { writeReview } from '../../test/reviews';
import { buy, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, staff } = testShop({ catalogue: true, staff: true });
let pictures: Pictures;

beforeAll(async () => {
  pictures = await storedPictures(app(), staff().cookie);
});

type Node = Record<string, unknown>;

/** What the page shows that its JSON-LD must agree with. */
interface Facts {
  /** Buyers' reviews of the product. */
  reviews: number;
  /** The product has a brand to name (the shop's 'other' names none). */
  brand: boolean;
  gtin: string | null;
}

const SCHEMA = 'https://schema.org/';
const AVAILABILITIES = ['InStock', 'OutOfStock', 'PreOrder', 'LimitedAvailability'].map((v) => SCHEMA + v);
const RETURN_CATEGORIES = [
  'MerchantReturnFiniteReturnWindow',
  'MerchantReturnNotPermitted',
  'MerchantReturnUnlimitedWindow',
].map((v) => SCHEMA + v);
const GENDERS = [`${SCHEMA}Female`, `${SCHEMA}Male`, 'unisex'];

const list = <T = Node>(value: unknown): T[] =>
  value === undefined ? [] : ((Array.isArray(value) ? value : [value]) as T[]);
const text = (value: unknown) => typeof value === 'string' && value.trim().length > 0;
const absolute = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/]+/.test(value);
const urlOf = (image: unknown) => (typeof image === 'string' ? image : (image as Node | undefined)?.url);
const isoDate = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));
const days = (value: unknown) => {
  const v = value as Node | undefined;
  return (
    v?.['@type'] === 'QuantitativeValue' &&
    v.unitCode === 'DAY' &&
    typeof v.minValue === 'number' &&
    typeof v.maxValue === 'number' &&
    v.minValue <= v.maxValue
  );
};

/**
 * Google's merchant-listing structured data (developers.google.com/search/docs/appearance/structured-data/
 * merchant-listing and /product-snippet), as a table: each property Google requires or recommends of a
 * Product and of each of its Offers, when it applies, and what a value must be. A page has an error for
 * each row that applies and does not hold (the recommended ones included: the shop has the data for all).
 */
const TABLE: {
  property: string;
  level: 'required' | 'recommended';
  of: 'Product' | 'Offer';
  applies?: (facts: Facts) => boolean;
  holds: (node: Node, facts: Facts) => boolean;
}[] = [
  { property: 'name', level: 'required', of: 'Product', holds: (p) => text(p.name) },
  {
    property: 'image (absolute URLs of the shop)',
    level: 'required',
    of: 'Product',
    holds: (p) => list(p.image).length > 0 && list(p.image).every((image) => absolute(urlOf(image))),
  },
  {
    property: 'offers (Offer, or AggregateOffer of Offers)',
    level: 'required',
    of: 'Product',
    holds: (p) => offersOf(p).length > 0,
  },
  { property: 'offers.price (> 0)', level: 'required', of: 'Offer', holds: (o) => Number(o.price) > 0 },
  {
    property: 'offers.priceCurrency (ISO 4217)',
    level: 'required',
    of: 'Offer',
    holds: (o) => typeof o.priceCurrency === 'string' && /^[A-Z]{3}$/.test(o.priceCurrency),
  },
  {
    property: 'offers.availability (schema.org ItemAvailability)',
    level: 'required',
    of: 'Offer',
    holds: (o) => AVAILABILITIES.includes(String(o.availability)),
  },
  {
    property: 'no aggregateRating or review without reviews on the page',
    level: 'required',
    of: 'Product',
    applies: (facts) => facts.reviews === 0,
    holds: (p) => p.aggregateRating === undefined && p.review === undefined,
  },
  {
    property: 'brand (Brand with a name)',
    level: 'recommended',
    of: 'Product',
    applies: (facts) => facts.brand,
    holds: (p) => (p.brand as Node | undefined)?.['@type'] === 'Brand' && text((p.brand as Node).name),
  },
  {
    property: 'description (plain text)',
    level: 'recommended',
    of: 'Product',
    holds: (p) => text(p.description) && !/[<>]|&[a-z]+;/i.test(String(p.description)),
  },
  {
    property: 'sku or gtin',
    level: 'recommended',
    of: 'Product',
    holds: (p) => text(p.sku) || /^(\d{8}|\d{12,14})$/.test(String(p.gtin)),
  },
  {
    property: 'gtin (when the product has one)',
    level: 'recommended',
    of: 'Product',
    applies: (facts) => facts.gtin !== null,
    holds: (p, facts) => p.gtin === facts.gtin,
  },
  { property: 'color', level: 'recommended', of: 'Product', holds: (p) => text(p.color) },
  {
    property: 'audience.suggestedGender (gender)',
    level: 'recommended',
    of: 'Product',
    holds: (p) => GENDERS.includes(String((p.audience as Node | undefined)?.suggestedGender)),
  },
  {
    property: 'aggregateRating (ratingValue within its bounds, reviewCount)',
    level: 'recommended',
    of: 'Product',
    applies: (facts) => facts.reviews > 0,
    holds: (p, facts) => {
      const rating = p.aggregateRating as Node | undefined;
      const value = Number(rating?.ratingValue);
      return (
        rating?.['@type'] === 'AggregateRating' &&
        value >= Number(rating.worstRating ?? 1) &&
        value <= Number(rating.bestRating ?? 5) &&
        rating.reviewCount === facts.reviews
      );
    },
  },
  {
    property: 'review (author, reviewRating, datePublished; up to 5)',
    level: 'recommended',
    of: 'Product',
    applies: (facts) => facts.reviews > 0,
    holds: (p, facts) =>
      list(p.review).length === Math.min(5, facts.reviews) &&
      list(p.review).every(
        (review) =>
          review['@type'] === 'Review' &&
          text((review.author as Node | undefined)?.name) &&
          typeof (review.reviewRating as Node | undefined)?.ratingValue === 'number' &&
          isoDate(review.datePublished),
      ),
  },
  {
    property: 'offers.url (the page, with the size)',
    level: 'recommended',
    of: 'Offer',
    holds: (o) => absolute(o.url) && /\/home\/[0-9a-f-]{36}\?size=/.test(String(o.url)),
  },
  {
    property: 'offers.itemCondition',
    level: 'recommended',
    of: 'Offer',
    holds: (o) => o.itemCondition === `${SCHEMA}NewCondition`,
  },
  {
    property: 'size and sizeSystem (of the Product the offer is for)',
    level: 'recommended',
    of: 'Offer',
    holds: (o) => {
      const size = ((o.itemOffered as Node | undefined)?.size ?? {}) as Node;
      return (
        size['@type'] === 'SizeSpecification' &&
        text(size.name) &&
        /^https:\/\/schema\.org\/WearableSizeSystem(US|EU|UK)$/.test(String(size.sizeSystem))
      );
    },
  },
  {
    property: 'offers.availabilityStarts (a pre-order)',
    level: 'recommended',
    of: 'Offer',
    holds: (o) => o.availability !== `${SCHEMA}PreOrder` || isoDate(o.availabilityStarts),
  },
  {
    property: 'offers.shippingDetails (rate, destination, delivery time)',
    level: 'recommended',
    of: 'Offer',
    holds: (o) =>
      list(o.shippingDetails).length > 0 &&
      list(o.shippingDetails).every((details) => {
        const rate = details.shippingRate as Node | undefined;
        const destination = details.shippingDestination as Node | undefined;
        const time = details.deliveryTime as Node | undefined;
        return (
          details['@type'] === 'OfferShippingDetails' &&
          rate?.['@type'] === 'MonetaryAmount' &&
          typeof rate.value === 'number' &&
          rate.value >= 0 &&
          /^[A-Z]{3}$/.test(String(rate.currency)) &&
          /^[A-Z]{2}$/.test(String(destination?.addressCountry)) &&
          (time === undefined || (days(time.handlingTime) && days(time.transitTime)))
        );
      }),
  },
  {
    property: 'offers.hasMerchantReturnPolicy',
    level: 'recommended',
    of: 'Offer',
    holds: (o) => {
      const policy = o.hasMerchantReturnPolicy as Node | undefined;
      if (policy?.['@type'] !== 'MerchantReturnPolicy') return false;
      if (!/^[A-Z]{2}$/.test(String(policy.applicableCountry))) return false;
      if (!RETURN_CATEGORIES.includes(String(policy.returnPolicyCategory))) return false;
      return (
        policy.returnPolicyCategory !== `${SCHEMA}MerchantReturnFiniteReturnWindow` ||
        (Number(policy.merchantReturnDays) > 0 &&
          policy.returnMethod === `${SCHEMA}ReturnByMail` &&
          String(policy.returnFees).startsWith(SCHEMA))
      );
    },
  },
];

/** The Offers of a Product: its Offer(s), or those an AggregateOffer gathers. */
function offersOf(product: Node): Node[] {
  return list(product.offers).flatMap((offer): Node[] => {
    if (offer['@type'] === 'AggregateOffer') return list(offer.offers);
    return offer['@type'] === 'Offer' ? [offer] : [];
  });
}

/** The table's errors for a product page's Product. */
function merchantListingErrors(product: Node, facts: Facts): string[] {
  const errors: string[] = [];
  for (const row of TABLE) {
    if (row.applies && !row.applies(facts)) continue;
    const nodes = row.of === 'Product' ? [product] : offersOf(product);
    for (const [index, node] of nodes.entries()) {
      if (!row.holds(node, facts))
        errors.push(`${row.level} ${row.of}${row.of === 'Offer' ? ` #${index}` : ''} ${row.property}`);
    }
  }
  return errors;
}

/** Every schema.org type the shop's JSON-LD may use. */
const KNOWN_TYPES = new Set([
  'Product',
  'BreadcrumbList',
  'ListItem',
  'ImageObject',
  'QuantitativeValue',
  'Brand',
  'PeopleAudience',
  'AggregateOffer',
  'Offer',
  'UnitPriceSpecification',
  'SizeSpecification',
  'OfferShippingDetails',
  'MonetaryAmount',
  'DefinedRegion',
  'ShippingDeliveryTime',
  'MerchantReturnPolicy',
  'AggregateRating',
  'Review',
  'Rating',
  'Person',
  'Organization',
  'WebSite',
  'SearchAction',
  'EntryPoint',
]);
/** Every schema.org enumeration member it may name. */
const KNOWN_MEMBERS = new Set(
  [
    ...['InStock', 'OutOfStock', 'PreOrder', 'LimitedAvailability', 'NewCondition', 'StrikethroughPrice'],
    ...['MerchantReturnFiniteReturnWindow', 'MerchantReturnNotPermitted', 'ReturnByMail'],
    ...['ReturnFeesCustomerResponsibility', 'FullRefund', 'StoreCreditRefund', 'WearableSizeSystemUS'],
    ...['Female', 'Male'],
  ].map((member) => SCHEMA + member),
);
const URL_KEYS = new Set(['@id', 'url', 'item', 'contentUrl', 'urlTemplate']);

/** What is not schema.org-shaped in a document: unknown types or members, relative URLs, a bad context. */
function shapeErrors(document: JsonLdDocument): string[] {
  const errors: string[] = [];
  if (document['@context'] !== 'https://schema.org') errors.push(`context ${document['@context']}`);
  const walk = (value: unknown, at: string) => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, `${at}[${index}]`);
      return;
    }
    if (typeof value === 'string') {
      if (value.startsWith(SCHEMA) && !KNOWN_MEMBERS.has(value))
        errors.push(`${at}: unknown member ${value}`);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const node = value as Node;
    for (const type of list<string>(node['@type']))
      if (!KNOWN_TYPES.has(type)) errors.push(`${at}: type ${type}`);
    for (const [key, child] of Object.entries(node)) {
      if (URL_KEYS.has(key) && !absolute(child))
        errors.push(`${at}.${key}: not an absolute URL: ${String(child)}`);
      walk(child, `${at}.${key}`);
    }
  };
  walk(document['@graph'], '@graph');
  return errors;
}

async function jsonLd(id: string): Promise<{ document: JsonLdDocument; product: Node; breadcrumbs: Node }> {
  const response = await send(app(), 'GET', `/api/structured-data/products/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('application/json');
  const document = response.json<JsonLdDocument>();
  const product = document['@graph'].find((node) => node['@type'] === 'Product') as Node;
  const breadcrumbs = document['@graph'].find((node) => node['@type'] === 'BreadcrumbList') as Node;
  expect(product).toBeDefined();
  expect(breadcrumbs).toBeDefined();
  return { document, product, breadcrumbs };
}

/** The page's checks: the table, the shape, and that it says what the product page says. */
async function checkPage(product: Product, reviews = 0): Promise<Node> {
  const found = await jsonLd(product._id);
  const facts = { reviews, brand: product.brand !== 'other', gtin: product.gtin };
  expect(merchantListingErrors(found.product, facts), product.name).toEqual([]);
  expect(shapeErrors(found.document), product.name).toEqual([]);
  expect(found.product.name).toBe(product.name);
  expect(found.product.sku).toBe(product._id);
  const offers = offersOf(found.product);
  expect(offers.map((offer) => ((offer.itemOffered as Node).size as Node).name)).toEqual(
    Object.keys(product.stock).sort((a, b) => Number(a) - Number(b)),
  );
  for (const offer of offers) expect(offer.price).toBe(product.price);
  const crumbs = list(found.breadcrumbs.itemListElement);
  expect(crumbs.map((crumb) => crumb.position)).toEqual([1, 2, 3]);
  expect(crumbs[2]?.item).toBe(`http://localhost:3000/home/${product._id}`);
  return found.product;
}

const availabilityBySize = (product: Node) =>
  Object.fromEntries(
    offersOf(product).map((offer) => [
      ((offer.itemOffered as Node).size as Node).name,
      String(offer.availability).replace(SCHEMA, ''),
    ]),
  );

async function allProducts(): Promise<Product[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await send(app(), 'GET', `/api/products?limit=100&page=${page}`);
    const body = response.json<ProductList>();
    ids.push(...body.products.map((product) => product._id));
    if (page >= body.pages) break;
  }
  const products: Product[] = [];
  for (const id of ids) {
    const response = await send(app(), 'GET', `/api/products/details/${id}`);
    products.push(response.json<Product[]>()[0] as Product);
  }
  return products;
}

describe("a product page's JSON-LD", () => {
  it("has 0 errors against Google's merchant-listing table on every product of the seeded catalogue", async () => {
    const products = await allProducts();
    expect(products.length).toBeGreaterThan(100);
    for (const product of products) {
      const reviews = await send(app(), 'GET', `/api/reviews/product/${product._id}`);
      await checkPage(product, reviews.json<unknown[]>().length);
    }
  });

  it('offers every size: in stock, limited at 3 or fewer, sold out (OutOfStock), at its sale price with the regular one struck through', async () => {
    const made = await staffProduct(app(), staff().cookie, pictures, {
      stock: { '8': 10, '8.5': 3, '9': 4 },
      price: 90,
      compareAtPrice: 120,
    });
    // A new product has units of every size: the size sells out through the edit form.
    await modifyProduct(app(), staff().cookie, made._id, { stock: { '9': 0 } });
    const product = await checkPage(made);
    expect(availabilityBySize(product)).toEqual({
      '8': 'InStock',
      '8.5': 'LimitedAvailability',
      '9': 'OutOfStock',
    });
    const [offer] = offersOf(product);
    expect(offer?.priceSpecification).toMatchObject({ priceType: `${SCHEMA}StrikethroughPrice`, price: 120 });
    expect(offer?.url).toBe(`http://localhost:3000/home/${made._id}?size=8`);
    expect((product.offers as Node)['@type']).toBe('AggregateOffer');
    expect(product.offers).toMatchObject({
      lowPrice: 90,
      highPrice: 90,
      priceCurrency: 'USD',
      offerCount: 3,
    });
    expect(product.description).toBe('A light runner for long days & short nights.');
    expect(product.audience).toMatchObject({ suggestedGender: `${SCHEMA}Female` });
    expect(product.category).toBe('Running');
  });

  it('names the pictures at their real pixel sizes', async () => {
    const made = await staffProduct(app(), staff().cookie, pictures);
    const product = await checkPage(made);
    for (const image of list(product.image)) {
      const path = String(image.url).replace('http://localhost:3000', '');
      const stored = await app().inject({ method: 'GET', url: path });
      expect(stored.statusCode).toBe(200);
      const { width, height } = await sharp(stored.rawPayload).metadata();
      expect([(image.width as Node).value, (image.height as Node).value]).toEqual([width, height]);
    }
  });

  it('gives a drop before its release as a pre-order (sizes with pairs), with its release time', async () => {
    const made = await staffProduct(app(), staff().cookie, pictures, { stock: { '9': 20, '10': 1 } });
    await modifyProduct(app(), staff().cookie, made._id, { stock: { '10': 0 } });
    const releaseAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    await createDrop(app(), staff().cookie, { productId: made._id, mode: 'queue', releaseAt });
    const product = await checkPage(made);
    expect(availabilityBySize(product)).toEqual({ '9': 'PreOrder', '10': 'OutOfStock' });
    expect(offersOf(product)[0]?.availabilityStarts).toBe(releaseAt);
  });

  it('carries no rating without reviews, and the rating and reviews once buyers reviewed it', async () => {
    const made = await staffProduct(app(), staff().cookie, pictures, { stock: { '9': 20 } });
    expect((await checkPage(made)).aggregateRating).toBeUndefined();
    const pick = { id: made._id, name: made.name, size: '9', price: made.price, units: 20 };
    for (const rating of [5, 4]) {
      const buyer = await verifiedBuyer(app());
      await buy(app(), buyer.cookie, pick);
      await writeReview(app(), buyer, made._id, { rating, description: `Rated ${rating}: fits well.` });
    }
    const product = await checkPage({ ...made, stock: { '9': 18 } }, 2);
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    expect(list(product.review).map((review) => review.reviewBody)).toEqual([
      'Rated 4: fits well.',
      'Rated 5: fits well.',
    ]);
  });

  it('includes the GTIN when the product has one, and follows a change at once', async () => {
    const made = await staffProduct(app(), staff().cookie, pictures, { gtin: '4006381333931' });
    expect((await checkPage(made)).gtin).toBe('4006381333931');
    await modifyProduct(app(), staff().cookie, made._id, { name: 'Renamed Runner', gtin: '' });
    const product = await checkPage({ ...made, name: 'Renamed Runner', gtin: null });
    expect(product.gtin).toBeUndefined();
    expect(offersOf(product)[0]?.gtin).toBeUndefined();
  });

  it('answers 404 in the error envelope for an archived product and an unknown one, 400 for a bad id', async () => {
    const made = await staffProduct(app(), staff().cookie, pictures);
    await archiveProduct(app(), staff().cookie, made._id);
    for (const id of [made._id, '00000000-0000-4000-8000-000000000000']) {
      const response = await send(app(), 'GET', `/api/structured-data/products/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect((await send(app(), 'GET', '/api/structured-data/products/not-an-id')).statusCode).toBe(400);
  });

  it('answers 304 to a client that holds the same document', async () => {
    const made = await staffProduct(app(), staff().cookie, pictures);
    const first = await send(app(), 'GET', `/api/structured-data/products/${made._id}`);
    const again = await app().inject({
      method: 'GET',
      url: `/api/structured-data/products/${made._id}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe("the landing page's JSON-LD", () => {
  it('is the Organization (logo a PNG of at least 112x112, return policy) and the WebSite with its SearchAction', async () => {
    const response = await send(app(), 'GET', '/api/structured-data/home');
    expect(response.statusCode, response.body).toBe(200);
    const document = response.json<JsonLdDocument>();
    expect(shapeErrors(document)).toEqual([]);
    const [organization, website] = document['@graph'] as Node[];
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: 'Sneaker Shop',
      url: 'http://localhost:3000/',
    });
    expect(organization?.hasMerchantReturnPolicy).toMatchObject({
      applicableCountry: 'US',
      merchantReturnDays: 30,
      returnPolicyCategory: `${SCHEMA}MerchantReturnFiniteReturnWindow`,
    });
    const logoUrl = String((organization?.logo as Node | undefined)?.url);
    const logo = await app().inject({ method: 'GET', url: logoUrl.replace('http://localhost:3000', '') });
    expect(logo.headers['content-type']).toBe('image/png');
    const { width = 0, height = 0, format } = await sharp(logo.rawPayload).metadata();
    expect(format).toBe('png');
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(112);
    expect(website).toMatchObject({
      '@type': 'WebSite',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'http://localhost:3000/home?search={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});
