import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedLink, ORIGIN, post, signUp } from '../test/accounts';
import { quickBuyers, stockedProducts } from '../test/buyers';
import { type OidcProvider, startOidcProvider } from '../test/oidc-provider';
import { cartLine, productInStock, send, verifiedBuyer } from '../test/shop';
import { createTestApp, type TestApp } from '../test/test-app';
import { createThrowawayPostgres, throwawayPostgresUnavailable } from '../test/throwaway-postgres';
import { registerRequestLog, requestScopedLogger } from './request-log';

describe('the services’ logger', () => {
  it("writes with the current request's id, and without one outside a request", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    registerRequestLog(app);
    const serviceLog = requestScopedLogger(app.log);
    app.get('/work', async () => {
      // Kept: the handler must cross a real async gap for the request's context to be tested.
      await new Promise((resolve) => setTimeout(resolve, 5));
      serviceLog.warn({ orderId: 'o1' }, 'provider slow');
      return { ok: true };
    });
    const response = await app.inject({ method: 'GET', url: '/work' });
    serviceLog.info('outside');
    await app.close();

    const inside = lines.find((line) => line.msg === 'provider slow');
    expect(inside).toMatchObject({ orderId: 'o1', reqId: expect.any(String) });
    expect(response.statusCode).toBe(200);
    expect(lines.find((line) => line.msg === 'outside')).not.toHaveProperty('reqId');
  });
});

/** A log stream for `createTestApp`, and the JSON lines written to it. */
function logLines(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('secrets in the log', () => {
  const { lines, stream } = logLines();
  let provider: OidcProvider;
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    provider = await startOidcProvider();
    // A web build whose server render always fails, so the renderer logs each page's URL.
    const webRoot = mkdtempSync(path.join(tmpdir(), 'shop-log-'));
    mkdirSync(path.join(webRoot, 'dist', 'assets'), { recursive: true });
    mkdirSync(path.join(webRoot, 'dist-server'));
    writeFileSync(path.join(webRoot, 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(
      path.join(webRoot, 'dist-server', 'entry-server.js'),
      'export async function renderPage(url) { throw new Error("cannot render " + url); }',
    );
    testApp = await createTestApp(
      {
        logLevel: 'debug',
        webDistDir: path.join(webRoot, 'dist'),
        auth: {
          secret: 'test-secret-that-is-at-least-32-characters-long',
          google: {
            clientId: 'sneaker-shop',
            clientSecret: 'local-secret',
            discoveryUrl: provider.discoveryUrl,
          },
          rateLimitScale: 1,
        },
      },
      { logStream: stream },
    );
    await stockedProducts(app(), ['Logged Runner'], 10);
  });

  afterAll(async () => {
    await testApp?.close();
    await provider?.stop();
  });

  /**
   * Makes the request and answers the lines it logged, after checking that it logged some and that
   * none holds any of `secrets`.
   */
  async function expectRedacted(
    secrets: string[],
    options: InjectOptions,
  ): Promise<{ response: LightMyRequestResponse; logged: string }> {
    for (const secret of secrets) expect(secret.length).toBeGreaterThan(5);
    const from = lines.length;
    const response = await app().inject(options);
    const logged = lines.slice(from).join('');
    expect(logged, String(options.url)).toContain(String(options.url).split('?')[0]?.split('/')[1]);
    for (const secret of secrets) expect(logged, String(options.url)).not.toContain(secret);
    return { response, logged };
  }
  const page = (url: string): InjectOptions => ({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('writes no password-reset token: the e-mailed link, the page it lands on, the reset itself', async () => {
    const account = await signUp(app());
    await post(app(), '/api/auth/request-password-reset', { email: account.email });
    const link = await mailedLink(app(), account.email, '/api/auth/reset-password/');
    const token = link.pathname.split('/').at(-1) ?? '';

    const landing = await expectRedacted([token], { method: 'GET', url: `${link.pathname}${link.search}` });
    expect(landing.response.statusCode).toBe(302);
    expect(landing.logged).toContain('/api/auth/reset-password/[redacted]?callbackURL=');
    const target = String(landing.response.headers.location);
    expect(target).toContain(token);

    const shown = await expectRedacted([token], page(target));
    expect(shown.logged).toContain('/restore-password?token=[redacted]');
    expect(shown.logged).toContain('page render failed');

    const reset = await expectRedacted([token], {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'Brand#New2025' },
      headers: { origin: ORIGIN },
    });
    expect(reset.response.statusCode, reset.response.body).toBe(200);
    // A used token refused, in a query this time.
    await expectRedacted([token], { method: 'GET', url: `/api/auth/reset-password/${token}?token=${token}` });
  });

  it('writes no verification token', async () => {
    const account = await signUp(app());
    const link = await mailedLink(app(), account.email, '/api/auth/verify-email');
    const token = link.searchParams.get('token') ?? '';
    const verified = await expectRedacted([token, encodeURIComponent(token)], {
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: { cookie: account.cookie },
    });
    expect(verified.response.statusCode).toBe(302);
    expect(verified.logged).toContain('/api/auth/verify-email?token=[redacted]');
    await expectRedacted([token], { method: 'GET', url: `/api/auth/verify-email?token=${token}x` });
  });

  it("writes no OpenID provider's code or state, whether the sign-in works or not", async () => {
    const start = await app().inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/', errorCallbackURL: '/login' },
      headers: { origin: ORIGIN },
    });
    const authorize = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
    const callback = new URL(String(authorize.headers.get('location')));
    const code = callback.searchParams.get('code') ?? '';
    const state = callback.searchParams.get('state') ?? '';
    const cookie = start.cookies.map((each) => `${each.name}=${each.value}`).join('; ');
    const signedIn = await expectRedacted([code, state], {
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie },
    });
    expect(signedIn.response.statusCode).toBe(302);
    expect(signedIn.logged).toContain('code=[redacted]');
    // A forged callback: Better Auth logs its refusal too.
    const forged = await expectRedacted(['forged-code-0001', 'forged-state-0002'], {
      method: 'GET',
      url: '/api/auth/callback/google?code=forged-code-0001&state=forged-state-0002',
    });
    expect(forged.response.statusCode).toBeGreaterThanOrEqual(400);
  });

  it("writes no payment's reference, token or session id: the payment page, the return pages, the capture", async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await productInStock(app(), 2);
    for (const provider of ['stripe', 'paypal'] as const) {
      const started = await send(
        app(),
        'POST',
        provider === 'stripe' ? '/api/checkouts' : '/api/paypal/create-payment',
        buyer.cookie,
        { products: [cartLine(pick, 1)] },
      );
      expect(started.statusCode, started.body).toBe(200);
      const body = started.json<{ url?: string; links?: { rel: string; href: string }[]; orderId: string }>();
      const payment = body.url ?? body.links?.find((link) => link.rel === 'approve')?.href ?? '';
      const reference = payment.split('/').pop() ?? '';
      await expectRedacted([reference], page(`/test-gateway/${reference}`));
      await expectRedacted([reference], { method: 'GET', url: `/api/test-gateway/payments/${reference}` });
      const paid = await expectRedacted([reference], {
        method: 'POST',
        url: `/api/test-gateway/payments/${reference}/pay`,
        headers: { origin: ORIGIN },
      });
      const back = paid.response.json<{ redirectUrl: string }>().redirectUrl;
      expect(back).toContain(reference);
      await expectRedacted([reference], page(back));
      if (provider === 'paypal') {
        const query = new URL(back, ORIGIN).search;
        const captured = await expectRedacted([reference], {
          method: 'GET',
          url: `/api/paypal/execute-payment${query}`,
          headers: { cookie: buyer.cookie },
        });
        expect(captured.response.statusCode, captured.response.body).toBe(200);
      }
    }
  });

  it('writes no secret from a request that finds no route, nor one nested in another parameter', async () => {
    await expectRedacted(['unrouted-secret-1'], { method: 'GET', url: '/api/nope?token=unrouted-secret-1' });
    await expectRedacted(['badly-encoded-2'], {
      method: 'GET',
      url: '/api/products?search=%E0%A4%A&session_id=badly-encoded-2',
    });
    await expectRedacted(['nested-secret-3'], {
      method: 'GET',
      url: `/login?redirect=${encodeURIComponent('/restore-password?token=nested-secret-3')}`,
      headers: { accept: 'text/html' },
    });
  });
});

const noThrowawayPostgres = throwawayPostgresUnavailable();

describe.skipIf(Boolean(noThrowawayPostgres))('secrets in the log while the database is away', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('writes no session token, payment reference or query values while PostgreSQL stops under load', async () => {
    const { lines, stream } = logLines();
    // A PostgreSQL of the test's own, since it is stopped (never the shared one).
    const server = await createThrowawayPostgres(`shoplog${process.pid}`);
    let shop: TestApp | undefined;
    try {
      shop = await createTestApp(
        { logLevel: 'debug', database: { kind: 'postgres', url: server.url } },
        { logStream: stream },
      );
      const app = shop.app;
      await stockedProducts(app, ['Outage Runner'], 20);
      const pick = await productInStock(app, 4);
      const buyers = await quickBuyers(app, 3, 'outage');
      const references: string[] = [];
      for (const buyer of buyers) {
        const started = await send(app, 'POST', '/api/checkouts', buyer.cookie, {
          products: [cartLine(pick, 1)],
        });
        expect(started.statusCode, started.body).toBe(200);
        references.push(started.json<{ url: string }>().url.split('/').pop() ?? '');
      }
      const tokens = buyers.map(
        (buyer) => decodeURIComponent(buyer.cookie.split('=')[1] ?? '').split('.')[0] ?? '',
      );

      // Shoppers keep asking for their orders and session and opening and paying their payments.
      let running = true;
      const statuses: number[] = [];
      const failures: string[] = [];
      const load = (async () => {
        while (running) {
          const requests = buyers.flatMap((buyer, index) => [
            send(app, 'GET', '/api/orders', buyer.cookie),
            send(app, 'GET', '/api/auth/get-session', buyer.cookie),
            send(app, 'GET', `/api/test-gateway/payments/${references[index]}`),
            send(app, 'POST', `/api/test-gateway/payments/${references[index]}/pay`),
          ]);
          for (const response of await Promise.all(requests)) {
            statuses.push(response.statusCode);
            if (response.statusCode >= 500 && response.statusCode !== 503)
              failures.push(
                `${response.statusCode} ${response.raw.req.method} ${response.raw.req.url}: ${response.body}`,
              );
          }
          await sleep(50);
        }
      })();
      // Kept: the load runs before, during and after PostgreSQL is stopped for 2 s.
      await sleep(500);
      await server.stop('immediate');
      await sleep(2_000);
      await server.start();
      for (let waited = 0; waited < 20_000; waited += 250) {
        if ((await send(app, 'GET', '/api/orders', buyers[0]?.cookie)).statusCode === 200) break;
        await sleep(250);
      }
      running = false;
      await load;

      expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
      expect(failures).toEqual([]);
      const logged = lines.join('');
      expect(logged).toContain('database unavailable');
      expect(logged).toContain('Failed query');
      for (const secret of [...tokens, ...references]) {
        expect(secret.length).toBeGreaterThan(10);
        expect(logged).not.toContain(secret);
      }
      expect(logged).not.toContain('params:');
      expect(logged).not.toContain('"params"');
    } finally {
      await shop?.close();
      await server.drop();
    }
  }, 120_000);
});
