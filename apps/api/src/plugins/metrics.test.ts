import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickBuyers, stockedProducts } from '../test/buyers';
import { send } from '../test/shop';
import { createTestApp, type TestApp } from '../test/test-app';

let open: TestApp;
let guarded: TestApp;
const TOKEN = 'a-metrics-token-of-some-length';

beforeAll(async () => {
  open = await createTestApp({ catalogCacheSeconds: 5 });
  guarded = await createTestApp({ metricsToken: TOKEN });
});

afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

/** The value of one sample line, e.g. `shop_checkouts_total{outcome="created"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('counts requests by route and status, checkouts by outcome, cache hits and the job queue', async () => {
    const app = open.app;
    const [productId = ''] = await stockedProducts(app, ['Metered'], 1);
    const [buyer, other] = await quickBuyers(app, 2, 'metered');
    const buy = () =>
      send(app, 'POST', '/api/checkouts', buyer?.cookie, {
        products: [{ id: productId, size: '9', count: 1 }],
      });
    expect((await buy()).statusCode).toBe(200);
    const soldOut = await send(app, 'POST', '/api/checkouts', other?.cookie, {
      products: [{ id: productId, size: '9', count: 1 }],
    });
    expect(soldOut.statusCode).toBe(409);
    await app.inject({ method: 'GET', url: '/api/products?limit=5' });
    await app.inject({ method: 'GET', url: '/api/products?limit=5' });

    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(sample(text, 'shop_checkouts_total{outcome="created"}')).toBe(1);
    expect(sample(text, 'shop_checkouts_total{outcome="conflict"}')).toBe(1);
    expect(
      sample(
        text,
        'shop_http_request_duration_seconds_count{method="GET",route="/api/products",status="200"}',
      ),
    ).toBe(2);
    expect(sample(text, 'shop_catalog_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_catalog_cache_requests_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_jobs_due{queue="mail"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'shop_jobs_failed{queue="reservationExpiry"}')).toBe(0);
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('is hidden from other machines unless they send the token', async () => {
    const away = { remoteAddress: '203.0.113.9' };
    const stranger = await open.app.inject({ method: 'GET', url: '/metrics', ...away });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('NOT_FOUND');

    const app = guarded.app;
    expect((await app.inject({ method: 'GET', url: '/metrics', ...away })).statusCode).toBe(404);
    // With a token set, the token is needed from this machine too.
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const wrong = { authorization: `Bearer ${TOKEN.replace('a', 'b')}` };
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: wrong, ...away })).statusCode).toBe(
      404,
    );
    const right = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
      ...away,
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('shop_http_request_duration_seconds');
  });
});
