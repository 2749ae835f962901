// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';
import { sanitizeDescription } from './lib/description-html';
import { AJ1, aj1Detail } from './test/fixtures';
import { HOSTILE_DESCRIPTION } from './test/hostile-description';

/**
 * The server's render of a product page, in node as the API server runs it (no DOM), with a description
 * written straight to the database: the page's HTML holds none of its markup that would run.
 */

const ID = AJ1;
const shoe = aj1Detail({ description: HOSTILE_DESCRIPTION, collection: 'Heritage' });

/** The API as a guest sees it: this product (with `description`), no session, nothing else. */
function fetchAsGuest(description: string) {
  return async (input: string): Promise<Response> => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (input.startsWith(`/api/products/details/${ID}`)) return json([{ ...shoe, description }]);
    if (input.startsWith('/api/auth/get-session')) return json(null);
    return json({ error: { code: 'NOT_FOUND', message: `No route for GET ${input}` } }, 404);
  };
}

async function renderedBody(description: string): Promise<string> {
  const outcome = await renderPage(`/home/${ID}`, fetchAsGuest(description));
  if (outcome.kind !== 'page') throw new Error(`rendered ${outcome.kind}`);
  expect(outcome.status).toBe(200);
  // The page's data goes along as JSON that no `<` can end early.
  expect(outcome.state).not.toContain('<');
  return outcome.body;
}

/** Only bare basic tags and text. */
const ONLY_BASIC_TAGS = /^(?:[^<>]|<\/?(?:p|br|strong|b|em|i|u|s|ul|ol|li|h3|h4|h5|blockquote|span)>)*$/;

describe('the product page rendered on the server', () => {
  it('renders a description written straight to the database without anything that runs', async () => {
    const body = await renderedBody(HOSTILE_DESCRIPTION);
    const description = /<div class="product__description-body">([\s\S]*?)<\/div>/.exec(body)?.[1];
    // Exactly what the browser's first render writes, so the page is taken over without a mismatch.
    expect(description).toBe(sanitizeDescription(HOSTILE_DESCRIPTION));
    expect(description).toMatch(ONLY_BASIC_TAGS);
    expect(description).toContain('<p>Fine <strong>leather</strong> &amp; suede.</p>');
    expect(description).toContain('<p>After all, a shoe.</p>');
    // Nothing else of the page differs from a page whose stored description was clean.
    expect(body).toBe(await renderedBody(sanitizeDescription(HOSTILE_DESCRIPTION)));
  });
});

/** The API as `role` sees it, answering every read a server-rendered page makes. */
function fetchAs(role: 'guest' | 'user' | 'admin') {
  const user = { id: 'u1', email: 'shopper@example.test', emailVerified: true, username: 'shopper', role };
  const dashboard = {
    _id: 'u1',
    username: 'shopper',
    email: user.email,
    emailVerified: true,
    phone: '',
    address: '',
    city: '',
    state: '',
    country: '',
    image: '',
    status: true,
    roles: [role],
    favourites: [],
    productsFavourites: [],
    reviews: [],
  };
  const list = { products: [shoe], total: 1, totalExact: true, page: 1, pages: 1 };
  const answers: [string, unknown][] = [
    ['/api/auth/get-session', role === 'guest' ? null : { user }],
    ['/api/products/featured', { promo: shoe, banners: [shoe, shoe] }],
    [`/api/products/details/${ID}`, [shoe]],
    ['/api/products', list],
    ['/api/users/dashboard/u1', [dashboard]],
    ['/api/users/bought/u1', []],
    ['/api/stock-alerts', []],
    ['/api/orders', []],
  ];
  return async (input: string): Promise<Response> => {
    const path = input.split('?')[0];
    const answer = answers.find(([prefix]) => path === prefix);
    if (!answer)
      return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: input } }), { status: 404 });
    return new Response(JSON.stringify(answer[1]), { headers: { 'content-type': 'application/json' } });
  };
}

const STOREFRONT = [
  '/',
  '/home',
  '/home?category=running&sort=price-asc&page=2',
  `/home/${ID}`,
  '/women',
  '/basketball',
];
const MORE = ['/preview', '/demogrid', '/no-such-page'];
const ACCOUNT = [
  '/cart',
  '/account/favorites',
  '/account/orders',
  '/account/orders?sort=state&dir=asc',
  '/account/bought',
];

describe('the data of each page rendered on the server', () => {
  // A page that asks for a query its routes' loaders (app/route-data.ts) do not load goes out loading it.
  it.each([
    ...[...STOREFRONT, ...MORE].map((url) => ['guest', url] as const),
    ...[...STOREFRONT, ...MORE, ...ACCOUNT].map((url) => ['user', url] as const),
    ...['/', `/home/${ID}`, '/account/orders?state=paid&sort=oldest', '/account/favorites'].map(
      (url) => ['admin', url] as const,
    ),
  ])('is all loaded by its routes before the one render (%s, %s)', async (role, url) => {
    const outcome = await renderPage(url, fetchAs(role));
    if (outcome.kind !== 'page') throw new Error(`rendered ${outcome.kind}`);
    expect(outcome.unloaded).toEqual([]);
  });
});

describe('the prices of a page rendered on the server', () => {
  /** The guest's API, with the shop's tax settings naming `currency`. */
  function fetchInShopOf(currency: string) {
    const guest = fetchAsGuest(shoe.description);
    return async (input: string): Promise<Response> =>
      input.startsWith('/api/tax/settings')
        ? new Response(
            JSON.stringify({
              currency,
              pricesIncludeTax: true,
              homeCountry: 'FR',
              homeRegion: '',
              collects: true,
            }),
            { headers: { 'content-type': 'application/json' } },
          )
        : guest(input);
  }

  it("are in the shop's currency, which goes to the browser with the page", async () => {
    const euros = await renderPage(`/home/${ID}`, fetchInShopOf('EUR'));
    if (euros.kind !== 'page') throw new Error(`rendered ${euros.kind}`);
    expect(euros.body).toContain(`€${shoe.price.toFixed(2)}`);
    expect(euros.body).not.toContain(`$${shoe.price.toFixed(2)}`);
    expect(JSON.parse(euros.state)).toMatchObject({
      currency: 'EUR',
      tax: { pricesIncludeTax: true, homeCountry: 'FR', homeRegion: '', collects: true },
    });
    // The product page says how tax is shown, and the footer ships to the home country by default.
    expect(euros.body).toContain('incl. VAT');
    expect(euros.body).toMatch(/<option value="FR" selected="">France<\/option>/);

    const dollars = await renderPage(`/home/${ID}`, fetchInShopOf('USD'));
    if (dollars.kind !== 'page') throw new Error(`rendered ${dollars.kind}`);
    expect(dollars.body).toContain(`$${shoe.price.toFixed(2)}`);
    expect(JSON.parse(dollars.state)).toMatchObject({ currency: 'USD' });
  });
});

describe('the head of pages rendered on the server', () => {
  const ORIGIN = 'https://shop.example';
  const HINTS = { screen: 'wide', cartLines: 0, origin: ORIGIN } as const;
  const PRODUCT_DOCUMENT = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Product', name: 'AJ1 </script><script>alert(1)</script>', sku: ID },
      { '@type': 'BreadcrumbList', itemListElement: [] },
    ],
  };
  const HOME_DOCUMENT = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Organization', name: 'Sneaker Shop' },
      { '@type': 'WebSite', name: 'Sneaker Shop' },
    ],
  };

  /** The API as `role` sees it, with the structured data and a list of `list` (total, pages). */
  function fetchWithDiscovery(role: 'guest' | 'user', list = { total: 30, pages: 3 }) {
    const base = fetchAs(role);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    return async (input: string): Promise<Response> => {
      const path = input.split('?')[0];
      if (path === `/api/structured-data/products/${ID}`) return json(PRODUCT_DOCUMENT);
      if (path === '/api/structured-data/home') return json(HOME_DOCUMENT);
      if (path === '/api/products') {
        const page = Number(new URLSearchParams(input.split('?')[1]).get('page') ?? 1);
        return json({ products: list.total ? [shoe] : [], totalExact: true, page, ...list });
      }
      return base(input);
    };
  }

  async function rendered(
    url: string,
    role: 'guest' | 'user' = 'guest',
    list?: { total: number; pages: number },
  ) {
    const outcome = await renderPage(url, fetchWithDiscovery(role, list), HINTS);
    if (outcome.kind !== 'page') throw new Error(`rendered ${outcome.kind}`);
    expect(outcome.unloaded).toEqual([]);
    return outcome;
  }

  /** The head's <meta> and <link> tags, each as its attributes. */
  const tagsOf = (head: string) =>
    Array.from(head.matchAll(/<(meta|link)\b([^>]*?)\/?>/g), ([, tag, attributes = '']) => ({
      tag,
      ...Object.fromEntries(
        Array.from(attributes.matchAll(/([\w:-]+)="([^"]*)"/g), ([, name, value]) => [name, value]),
      ),
    })) as Record<string, string>[];
  /** The content (or href) of the head's tags named `key` (property, name or rel). */
  const valuesOf = (head: string, key: string) =>
    tagsOf(head)
      .filter((tag) => tag.property === key || tag.name === key || tag.rel === key)
      .map((tag) => (tag.content ?? tag.href ?? '').replaceAll('&amp;', '&'));
  /** Every tag of the card and the canonical URL comes once. */
  const expectEachOnce = (head: string) => {
    const keys = tagsOf(head)
      .map((tag) => tag.property ?? tag.name ?? (tag.rel === 'preload' ? null : tag.rel))
      .filter((key): key is string => Boolean(key));
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
  };
  const jsonLdOf = (body: string) =>
    Array.from(
      body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
      ([, text]) => text ?? '',
    );

  it("carries a product's canonical URL, share card, price and JSON-LD in the server's HTML", async () => {
    const { head, body, state } = await rendered(`/home/${ID}?size=9&utm_source=feed`);
    expectEachOnce(head);
    expect(valuesOf(head, 'canonical')).toEqual([`${ORIGIN}/home/${ID}`]);
    expect(valuesOf(head, 'og:url')).toEqual([`${ORIGIN}/home/${ID}`]);
    expect(valuesOf(head, 'og:type')).toEqual(['product']);
    expect(valuesOf(head, 'og:title')).toEqual([shoe.name]);
    expect(valuesOf(head, 'og:site_name')).toEqual(['Sneaker Shop']);
    expect(valuesOf(head, 'og:image')).toEqual([`${ORIGIN}/share/products/${ID}.jpg`]);
    expect(valuesOf(head, 'og:image:width')).toEqual(['1200']);
    expect(valuesOf(head, 'og:image:height')).toEqual(['630']);
    expect(valuesOf(head, 'og:image:alt')).toEqual([shoe.name]);
    expect(valuesOf(head, 'twitter:card')).toEqual(['summary_large_image']);
    expect(valuesOf(head, 'twitter:image')).toEqual([`${ORIGIN}/share/products/${ID}.jpg`]);
    expect(valuesOf(head, 'product:price:amount')).toEqual([shoe.price.toFixed(2)]);
    expect(valuesOf(head, 'product:price:currency')).toEqual(['USD']);
    expect(valuesOf(head, 'product:availability')).toEqual(['in stock']);
    expect(valuesOf(head, 'robots')).toEqual([]);
    // One data block, JSON that no product name can end early.
    const [script, ...more] = jsonLdOf(body);
    expect(more).toEqual([]);
    expect(script).not.toContain('<');
    expect(JSON.parse(script ?? '')).toEqual(PRODUCT_DOCUMENT);
    // The browser's first render writes the same URLs: it is given the origin with the page.
    expect(JSON.parse(state)).toMatchObject({ hints: { origin: ORIGIN } });
    // The document goes once, in its block, named for the browser to read it back; not in the state.
    expect(body).toContain(
      `<script type="application/ld+json" data-structured-data="structured-data product ${ID}">`,
    );
    expect(state).not.toContain('structured-data');
    expect(state).not.toContain('AJ1 ');
  });

  it("carries the landing page's JSON-LD (the shop and its search) and canonical URL", async () => {
    const { head, body } = await rendered('/');
    expectEachOnce(head);
    expect(valuesOf(head, 'canonical')).toEqual([`${ORIGIN}/`]);
    expect(valuesOf(head, 'og:image')).toEqual([`${ORIGIN}/share/shop.jpg`]);
    expect(jsonLdOf(body).map((text) => JSON.parse(text))).toEqual([HOME_DOCUMENT]);
  });

  it("carries a catalogue page's canonical URL without its sort, its neighbours and its breadcrumbs", async () => {
    const { head, body } = await rendered('/home?category=running&sort=price-asc&page=2');
    expectEachOnce(head);
    expect(valuesOf(head, 'canonical')).toEqual([`${ORIGIN}/home?category=running&page=2`]);
    expect(valuesOf(head, 'prev')).toEqual([`${ORIGIN}/home?category=running`]);
    expect(valuesOf(head, 'next')).toEqual([`${ORIGIN}/home?category=running&page=3`]);
    expect(jsonLdOf(body).map((text) => JSON.parse(text))).toEqual([
      expect.objectContaining({ '@type': 'BreadcrumbList' }),
    ]);
    for (const url of ['/women', '/basketball']) {
      const page = await rendered(url);
      expectEachOnce(page.head);
      expect(valuesOf(page.head, 'canonical')).toEqual([`${ORIGIN}${url}`]);
      expect(jsonLdOf(page.body)).toHaveLength(1);
    }
  });

  it('keeps private pages, a search that found nothing and the not-found page out of search results', async () => {
    for (const url of ['/', `/home/${ID}`, '/home', '/women', '/basketball']) {
      expect(valuesOf((await rendered(url)).head, 'robots'), url).toEqual([]);
    }
    const nothing = await rendered('/home?search=zzzz', 'guest', { total: 0, pages: 0 });
    expect(valuesOf(nothing.head, 'robots')).toEqual(['noindex']);
    const cart = await rendered('/cart', 'user');
    expect(valuesOf(cart.head, 'robots')).toEqual(['noindex']);
    expect(valuesOf(cart.head, 'canonical')).toEqual([]);
    const notFound = await rendered('/no-such-page');
    expect(notFound.status).toBe(404);
    expect(valuesOf(notFound.head, 'robots')).toEqual(['noindex']);
    // A page the browser renders from the shell says so in the shell's head.
    for (const url of ['/login', '/register', '/order-completed']) {
      expect(await renderPage(url, fetchAs('guest'), HINTS), url).toEqual({
        kind: 'shell',
        head: '<meta name="robots" content="noindex"/>',
      });
    }
  });
});
