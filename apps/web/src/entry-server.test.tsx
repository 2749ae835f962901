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
