import { connect } from 'node:net';
import { errorEnvelopeSchema } from '@shop/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { drop } from './db/schema';
import { ORIGIN } from './test/accounts';
import { type RouteEntry, routesOf } from './test/route-table';
import { cartLine, productInStock, send, verifiedBuyer } from './test/shop';
import { fakeWebBuild, testShop } from './test/test-shop';

vi.mock('fastify', async (importOriginal) =>
  (await import('./test/route-table')).recordingFastify(await importOriginal()),
);

/**
 * Walks every route of the route table with malformed input, as a guest and as a signed-in verified
 * buyer: no answer may be a 5xx, and every refusal must be the error envelope.
 */

const { app } = testShop({ config: () => ({ webDistDir: fakeWebBuild({ assets: true }) }), catalogue: true });
let buyer: { id: string; cookie: string };
let ids: { product: string; user: string; order: string; reference: string; drop: string };

beforeAll(async () => {
  buyer = await verifiedBuyer(app());
  const pick = await productInStock(app(), 2);
  const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
    products: [cartLine(pick, 1)],
  });
  expect(started.statusCode, started.body).toBe(200);
  const { url, orderId } = started.json<{ url: string; orderId: string }>();
  // A draw open for entries, written directly (the fuzz's callers are not staff).
  const [drawn] = await app()
    .db.insert(drop)
    .values({
      productId: pick.id,
      mode: 'draw',
      releaseAt: new Date(Date.now() + 3600_000),
      entryOpensAt: new Date(),
      entryClosesAt: new Date(Date.now() + 1800_000),
      seed: '00'.repeat(32),
      commitment: 'x',
    })
    .returning({ id: drop.id });
  ids = {
    product: pick.id,
    user: buyer.id,
    order: orderId,
    reference: url.split('/').pop() ?? '',
    drop: drawn?.id ?? '',
  };
});

/** Values that must never get past validation into a query, or crash it. */
const POISONS: unknown[] = [
  '\u0000',
  'a\u0000b',
  'bell\u0007',
  1e308,
  -1e308,
  1e10,
  -1,
  0.5,
  '',
  'x'.repeat(5000),
  [],
  {},
  null,
  true,
  ['a\u0000b'],
  { a: '\u0000' },
];
const QUERY_POISONS = ['a\u0000b', '1e308', '-1e308', '1e10', '-1', '', 'x'.repeat(2000), '[]', '{}'];

/** Concrete paths for the wildcard routes. */
const WILDCARDS: Record<string, string[]> = {
  '/api/auth/*': [
    'get-session',
    'sign-out',
    'verify-email',
    'reset-password/made-up-token',
    'sign-in/social',
    'callback/google',
    'error',
    'update-user',
  ],
  '/api/docs/static/*': ['index.css'],
  '/uploads/*': ['avatars/none.webp'],
  '/*': ['account/orders'],
};

/** A well-formed body for each route that reads one: the fuzz changes one field at a time. */
function sampleBody(method: string, url: string): unknown {
  const product = ids.product;
  const line = { id: product, size: '9', count: 1 };
  const shippingBody = {
    name: 'Fuzz express',
    price: 9.5,
    freeAbove: 200,
    countries: ['US', 'DE'],
    estimateDays: [1, 3],
    active: true,
  };
  const dropBody = {
    productId: product,
    mode: 'draw',
    releaseAt: '2030-01-31T18:00:00Z',
    entryOpensAt: '2030-01-30T18:00:00Z',
    entryClosesAt: '2030-01-31T17:00:00Z',
    perPersonLimit: 1,
    purchaseWindowMinutes: 30,
  };
  const bodies: Record<string, unknown> = {
    'POST /api/auth/sign-up/email': {
      username: 'fuzzer',
      email: 'fuzzer@example.com',
      password: 'Fuzz#2024x',
    },
    'POST /api/auth/sign-in/email': { email: 'nobody@example.com', password: 'Fuzz#2024x' },
    'POST /api/auth/send-verification-email': { email: 'nobody@example.com', callbackURL: '/verify-email' },
    'POST /api/auth/request-password-reset': { email: 'nobody@example.com', redirectTo: '/restore-password' },
    'POST /api/auth/reset-password': { newPassword: 'Fuzz#2024x', token: 'made-up-token' },
    'POST /api/auth/sign-in/social': { provider: 'google', callbackURL: '/', errorCallbackURL: '/login' },
    'POST /api/checkouts': {
      products: [line],
      finalAmount: 1,
      code: 'FUZZ10',
      useCredit: true,
      user: { uid: ids.user },
    },
    'POST /api/paypal/create-payment': {
      products: [line],
      finalAmount: 1,
      code: 'FUZZ10',
      useCredit: true,
      user: { uid: ids.user },
    },
    'POST /api/cart/check': { products: [{ id: product, size: '9' }] },
    'PUT /api/users/update/:id': { username: 'fuzzer2', phone: '+123456789', city: 'Paris' },
    'PUT /api/users/addFavorite/:id': { favorite: product },
    'PUT /api/users/deleteFavorite/:id': { favorite: product },
    'PUT /api/user-suspended': { email: 'nobody@example.com' },
    'PUT /api/orders/:id': { voucher: { state: 'cancelled' } },
    'POST /api/orders/:id/shipments': {
      lines: [{ productId: product, size: '9', count: 1 }],
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
    },
    'PUT /api/success-order': { user: { uid: ids.user, email: 'a@b.c' }, products: [], finalAmount: 1 },
    'POST /api/reviews': { _idProduct: product, _idUser: ids.user, rating: 4, description: 'Comfortable.' },
    'DELETE /api/reviews/product/:id': { _idReviews: [ids.order] },
    'DELETE /api/reviews/user/:id': { _idReviews: [ids.order] },
    'PUT /api/reviews/:id': { rating: 4, description: 'Comfortable.' },
    'POST /api/stock-alerts': { productId: product, size: '9' },
    'POST /api/orders/:id/returns': {
      lines: [{ productId: product, size: '9', count: 1, resolution: 'exchange', exchangeSize: '10' }],
      reason: 'too_small',
      comment: 'Half a size small.',
    },
    'POST /api/returns/:id/reject': { message: 'Worn outside.' },
    'POST /api/returns/:id/receive': { lines: [{ productId: product, size: '9', restock: true }] },
    'POST /api/drops': dropBody,
    'PUT /api/drops/:id': dropBody,
    'POST /api/drops/:id/entries': { size: '9', proof: 'eyJjaGFsbGVuZ2UiOiJ4In0=' },
    'PUT /api/drops/:id/entries/me': { size: '9' },
    'POST /api/promotions': {
      code: 'FUZZ10',
      kind: 'percent',
      value: 10,
      minOrder: 50,
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2030-01-01T00:00:00Z',
      totalUses: 100,
      usesPerCustomer: 1,
      eligible: { productIds: [product], brands: ['nike'], categories: ['running'] },
      appliesToDrops: false,
    },
    'PUT /api/promotions/:id': { value: 15, status: 'paused', endsAt: '2031-01-01T00:00:00Z' },
    'POST /api/promotions/check': { code: 'FUZZ10', products: [{ id: product, size: '9', count: 1 }] },
    'POST /api/users/:id/credit': { amount: 5, reason: 'A goodwill gesture' },
    'POST /api/shipping-methods': shippingBody,
    'PUT /api/shipping-methods/:id': shippingBody,
    // A wrong current password: the buyer's session stays.
    'POST /api/auth/change-password': { currentPassword: 'Wrong#2024x', newPassword: 'Fuzz#2024y' },
  };
  return bodies[`${method} ${url}`];
}

/** A well-formed query for each route that reads one. */
function sampleQuery(url: string): Record<string, string> | undefined {
  const queries: Record<string, Record<string, string>> = {
    '/api/products': {
      category: 'running',
      gender: 'men',
      brand: 'nike',
      rating: '3',
      priceMin: '10',
      priceMax: '500',
      orderBy: '{"price":1}',
      search: 'air',
      page: '1',
      limit: '12',
    },
    '/api/orders': { ordersSort: '{"date":-1}', _id: ids.user, page: '1', limit: '20' },
    '/api/orders/export.csv': { _id: ids.user, state: 'aprobed', from: '2024-01-01', to: '2030-12-31' },
    '/api/admin/sales': { days: '90' },
    '/api/returns': { state: 'requested', page: '1', limit: '20' },
    '/api/fulfilment/to-ship': { page: '1', limit: '20' },
    '/api/shipping-methods': { country: 'United States' },
    '/api/drops': { productId: ids.product },
    '/api/promotions': { state: 'active', search: 'FUZZ', page: '1' },
    '/api/promotions/export.csv': { state: 'active', search: 'FUZZ' },
    '/api/users/:id/credit': { page: '1' },
    '/api/paypal/execute-payment': { token: 'test_paypal_0', PayerID: 'X', order: ids.order },
    '/api/auth/verify-email': { token: 'made-up', callbackURL: '/verify-email' },
    '/api/auth/reset-password/made-up-token': { callbackURL: '/restore-password' },
    '/api/auth/error': { error: 'state_not_found' },
  };
  return queries[url];
}

/** The route's URL with plausible parameters: the buyer's ids, a product id, a payment reference. */
function fill(url: string, param?: (name: string) => string): string[] {
  const wildcard = Object.keys(WILDCARDS).find((prefix) => url === prefix);
  if (wildcard) {
    const base = url.slice(0, -1);
    return (WILDCARDS[wildcard] ?? []).map((rest) => base + (param ? param('*') : rest));
  }
  const plausible = (name: string) => {
    if (name === 'reference') return ids.reference;
    if (name === 'provider') return 'stripe';
    if (url.startsWith('/api/users/') || url.startsWith('/api/reviews/user/')) return ids.user;
    if (url.startsWith('/api/orders/')) return ids.order;
    if (url.startsWith('/api/drops/')) return ids.drop;
    return ids.product;
  };
  return [url.replace(/:(\w+)/g, (_match, name: string) => (param ? param(name) : plausible(name)))];
}

/** Every leaf of a JSON value, as a path of keys. */
function leaves(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [at];
  const entries = Object.entries(value);
  if (entries.length === 0) return [at];
  return [
    at,
    ...entries.flatMap(([key, item]) => leaves(item, [...at, Array.isArray(value) ? Number(key) : key])),
  ];
}

function replaced(value: unknown, at: (string | number)[], by: unknown): unknown {
  if (at.length === 0) return by;
  const [head, ...rest] = at as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaced(copy[head], rest, by);
  return copy;
}

const withQuery = (url: string, query: Record<string, string>) =>
  Object.keys(query).length === 0 ? url : `${url}?${new URLSearchParams(query)}`;

interface Case {
  label: string;
  options: InjectOptions;
}

/**
 * The redirects that are right: an e-mailed link's flow that names where to land (its callbackURL), the
 * API browser's own pages, and a provider's form-post callback turned into the GET it handles.
 */
function redirectAllowed(item: Case, location: string): boolean {
  const url = String(item.options.url);
  const target = new URL(location, ORIGIN);
  if (target.origin !== ORIGIN) return false;
  if (url.startsWith('/api/docs')) return true;
  if (item.options.method === 'POST' && url.startsWith('/api/auth/callback/'))
    return target.pathname === url.split('?')[0];
  return new URL(url, ORIGIN).searchParams.has('callbackURL');
}

const DEEP = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const JSON_TYPE = { 'content-type': 'application/json' };

/** The malformed requests for one route. */
function casesFor(route: RouteEntry): Case[] {
  const { method } = route;
  const cases: Case[] = [];
  const hasBody = method !== 'GET';
  for (const url of fill(route.url)) {
    const add = (label: string, options: Partial<InjectOptions>) =>
      cases.push({
        label: `${method} ${url} ${label}`,
        options: { method: method as InjectOptions['method'], url, ...options },
      });
    const query = sampleQuery(url) ?? {};
    const body = sampleBody(method, route.url) ?? sampleBody(method, url) ?? (hasBody ? {} : undefined);
    const bodyOptions = (payload: unknown) =>
      hasBody ? { payload: JSON.stringify(payload), headers: JSON_TYPE } : {};

    add('as sent', { url: withQuery(url, query), ...bodyOptions(body) });
    add('with a bad percent-encoding', { url: `${url}%E0%A4%A` });
    add('with a bad percent-encoding in the query', { url: `${url}?search=%E0%A4%A&token=%zz` });
    for (const key of Object.keys(query)) {
      for (const poison of QUERY_POISONS) {
        add(`query ${key}=${JSON.stringify(poison).slice(0, 20)}`, {
          url: withQuery(url, { ...query, [key]: poison }),
          ...bodyOptions(body),
        });
      }
      add(`query ${key} twice`, { url: `${withQuery(url, query)}&${key}=1&${key}=2` });
    }
    if (hasBody) {
      add('malformed JSON', { url, payload: '{"a":', headers: JSON_TYPE });
      add('JSON nested 10,000 deep', { url, payload: DEEP, headers: JSON_TYPE });
      add('an empty JSON body', { url, payload: '', headers: JSON_TYPE });
      add('a JSON body with a poisoned prototype', {
        url,
        payload: '{"__proto__":{"admin":true}}',
        headers: JSON_TYPE,
      });
      add('multipart without a boundary', {
        url,
        payload: 'x',
        headers: { 'content-type': 'multipart/form-data' },
      });
      add('a broken multipart body', {
        url,
        payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      });
      add('text with a NUL', { url, payload: 'a\u0000b', headers: { 'content-type': 'text/plain' } });
      add('an unknown content type', {
        url,
        payload: '<a/>',
        headers: { 'content-type': 'application/xml' },
      });
      for (const at of leaves(body)) {
        for (const poison of POISONS) {
          add(`body ${at.join('.') || '(root)'}=${JSON.stringify(poison).slice(0, 20)}`, {
            url: withQuery(url, query),
            ...bodyOptions(replaced(body, at, poison)),
          });
        }
      }
    }
  }
  // Parameters: overlong, with a NUL, badly encoded.
  if (/[:*]/.test(route.url)) {
    for (const [label, value] of [
      ['an overlong parameter', 'a'.repeat(250)],
      ['a NUL in a parameter', 'a%00b'],
      ['a bad percent-encoding in a parameter', '%E0%A4%A'],
      ['a huge number as a parameter', '1e308'],
    ] as const) {
      for (const url of fill(route.url, () => value)) {
        cases.push({
          label: `${method} ${route.url} ${label}`,
          options: { method: method as InjectOptions['method'], url },
        });
      }
    }
  }
  return cases;
}

let address = 0;
async function run(item: Case, cookie?: string): Promise<string | null> {
  address += 1;
  const response: LightMyRequestResponse = await app().inject({
    ...item.options,
    remoteAddress: `10.${Math.floor(address / 65536) % 256}.${Math.floor(address / 256) % 256}.${address % 256}`,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...item.options.headers },
  });
  const status = response.statusCode;
  if (status >= 500) return `${item.label}: ${status} ${response.body.slice(0, 200)}`;
  if (status >= 300 && status < 400 && !redirectAllowed(item, String(response.headers.location)))
    return `${item.label}: ${status} redirect to ${response.headers.location}`;
  if (status >= 400) {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      return `${item.label}: ${status} answered no JSON: ${response.body.slice(0, 200)}`;
    }
    if (!errorEnvelopeSchema.safeParse(body).success)
      return `${item.label}: ${status} outside the envelope: ${response.body.slice(0, 200)}`;
  }
  return null;
}

/** Every case of every route; the buyer's sign-out and account deletion last, so the other cases keep the session. */
async function fuzzAll(cookie?: string): Promise<string[]> {
  const routes = routesOf(app());
  const cases = routes.flatMap(casesFor);
  const signOut = (item: Case) => {
    const url = item.options.url?.toString() ?? '';
    return url.startsWith('/api/auth/sign-out') || url.startsWith('/api/account');
  };
  const ordered = [...cases.filter((item) => !signOut(item)), ...cases.filter(signOut)];
  const failures: string[] = [];
  for (const item of ordered) {
    const failure = await run(item, cookie);
    if (failure) failures.push(failure);
  }
  return failures;
}

describe('malformed input on every route', () => {
  it('walks a route table that has the whole API', () => {
    const urls = routesOf(app()).map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining(['GET /api/products', 'POST /api/auth/*', 'PUT /api/orders/:id', 'GET /*']),
    );
  });

  // Every route's every field, mutated: about 20 s each on a quiet two-core machine, more under load.
  it('never answers 5xx or outside the envelope, for a guest', async () => {
    expect(await fuzzAll()).toEqual([]);
  }, 120_000);

  it('never answers 5xx or outside the envelope, for a signed-in verified buyer', async () => {
    expect(await fuzzAll(buyer.cookie)).toEqual([]);
  }, 120_000);
});

describe('refusals made before any route runs', () => {
  /** Sends raw bytes to a listening server and answers what comes back. */
  async function raw(request: string): Promise<string> {
    const { port } = app().server.address() as { port: number };
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  const envelopeOf = (answer: string) =>
    errorEnvelopeSchema.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));

  it('answers oversized headers and broken HTTP with the envelope', async () => {
    await app().listen({ port: 0, host: '127.0.0.1' });
    const tooLarge = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(tooLarge).toMatch(/^HTTP\/1\.1 431 /);
    expect(envelopeOf(tooLarge).error.code).toBe('PAYLOAD_TOO_LARGE');
    const broken = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeOf(broken).error.code).toBe('VALIDATION_ERROR');
  });

  it('answers a bad URL and an overlong parameter with the envelope, not the framework body', async () => {
    const badUrl = await app().inject({ method: 'GET', url: '/api/products/details/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { path: expect.any(String) },
    });
    // Past maxParamLength the router falls back to the web app's wildcard route, whose API 404 answers.
    const overlong = await app().inject({ method: 'GET', url: `/api/orders/${'a'.repeat(200)}` });
    expect(overlong.statusCode).toBeGreaterThanOrEqual(400);
    expect(errorEnvelopeSchema.safeParse(overlong.json()).success).toBe(true);
  });

  it('names the field that holds a NUL byte', async () => {
    const search = await app().inject({ method: 'GET', url: '/api/products?search=a%00b' });
    expect(search.statusCode).toBe(400);
    expect(search.json().error.fields).toEqual({ search: 'must not contain control characters' });
    const signIn = await app().inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email: 'a\u0000@example.com', password: 'x' },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().error.fields).toEqual({ email: 'must not contain control characters' });
  });

  it('refuses price filters past the integer range, naming the field', async () => {
    for (const [query, field] of [
      ['priceMin=1e10', 'priceMin'],
      ['priceMax=1e308', 'priceMax'],
      ['priceMin=-1e308', 'priceMin'],
      ['page=1e10', 'page'],
      ['rating=1e308', 'rating'],
    ] as const) {
      const response = await app().inject({ method: 'GET', url: `/api/products?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().error.fields), query).toEqual([field]);
    }
  });

  it('answers a sign-in callback without its state with the envelope, not a redirect to an HTML page', async () => {
    for (const url of ['/api/auth/callback/google', '/api/auth/error?error=state_not_found']) {
      const response = await app().inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});
