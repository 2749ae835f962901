import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The server side of page rendering, with a stand-in for the web app's server build: how a page's HTML,
 * title and data reach the browser, as whom the page's API calls are made, and the shell when rendering
 * fails. The real render is walked in the browser journeys (e2e/tests/server-rendering.spec.ts).
 */

const SHELL =
  '<!doctype html><html><head><title>Sneaker Shop</title></head><body><div id="root"></div></body></html>';

/** Renders every page with who the API says the visitor is, plus a few special pages. */
const RENDERER = `
export async function renderPage(url, fetchAsVisitor, hints) {
  if (url === '/login') return { kind: 'shell' };
  if (url === '/private') return { kind: 'shell', head: '<meta name="robots" content="noindex">' };
  if (url === '/hints') return { kind: 'page', status: 200, head: '', body: JSON.stringify(hints), state: '{}', unloaded: [] };
  if (url === '/fails') throw new Error('the page broke');
  if (url === '/slow') return new Promise(() => {});
  if (url === '/guarded') return { kind: 'redirect', status: 302, location: '/login?redirect=%2Fguarded' };
  if (url === '/writes') await fetchAsVisitor('/api/cart', { method: 'POST' });
  const response = await fetchAsVisitor('/api/auth/get-session');
  const session = await response.json();
  const who = session?.user?.email ?? 'a guest';
  return {
    kind: 'page',
    status: url === '/missing' ? 404 : 200,
    head: '<title>Costs $& more · Sneaker Shop</title>',
    body: '<main><h1>' + url + ' for ' + who + '</h1></main>',
    state: '{"queries":{"text":"\\\\u003c/script>"}}',
    unloaded: [],
  };
}
`;

let testApp: TestApp;
const webRoot = mkdtempSync(path.join(tmpdir(), 'shop-render-'));
const webDistDir = path.join(webRoot, 'dist');

beforeAll(async () => {
  mkdirSync(webDistDir);
  mkdirSync(path.join(webRoot, 'dist-server'));
  writeFileSync(path.join(webDistDir, 'index.html'), SHELL);
  writeFileSync(path.join(webRoot, 'dist-server', 'entry-server.js'), RENDERER);
  testApp = await createTestApp({ webDistDir });
});

afterAll(async () => {
  await testApp?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('pages rendered on the server', () => {
  it('answers a page with its HTML in #root, its title in the head and its data beside it', async () => {
    for (const url of ['/', '/home?page=2']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      // The page is for one visitor: a shared cache must not keep it.
      expect(response.headers['cache-control']).toBe('private, no-cache');
      const html = response.body;
      expect(html).toContain(`<div id="root"><main><h1>${url} for a guest</h1></main></div>`);
      // The page's title replaces the shell's, written as it is ($& is no replacement pattern).
      expect(html).toContain('<head><title>Costs $& more · Sneaker Shop</title></head>');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(
        '<script type="application/json" id="rendered-state">{"queries":{"text":"\\u003c/script>"}}</script>',
      );
    }
  });

  it("makes the page's API calls as the visitor, with their session cookie", async () => {
    const shopper = await signUp(testApp.app);
    const response = await get('/account/orders', { cookie: shopper.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<h1>/account/orders for ${shopper.email}</h1>`);
  });

  it("answers the page's status and its redirects", async () => {
    expect((await get('/missing')).statusCode).toBe(404);
    const guarded = await get('/guarded');
    expect(guarded.statusCode).toBe(302);
    expect(guarded.headers.location).toBe('/login?redirect=%2Fguarded');
  });

  it('answers the shell, for the browser to render, for a page with a form, or when a render fails or writes', async () => {
    for (const url of ['/login', '/fails', '/writes']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(SHELL);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("puts the head a shell page asks for (kept out of search results) in the shell's head", async () => {
    const response = await get('/private');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SHELL.replace('</head>', '<meta name="robots" content="noindex"></head>'));
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers the shell when a render takes longer than 3 seconds', async () => {
    const started = Date.now();
    const response = await get('/slow');
    expect(response.body).toBe(SHELL);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  });

  it('still answers files, the API and HEAD requests as before', async () => {
    expect((await get('/api/health')).json()).toMatchObject({ status: 'ok' });
    expect((await get('/api/nope')).statusCode).toBe(404);
    expect((await get('/missing.png')).statusCode).toBe(404);
    const head = await testApp.app.inject({ method: 'HEAD', url: '/home' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it('fits the first render to the screen and the cart the request tells of, and says the answer varies by them', async () => {
    const PHONE =
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome/136.0 Mobile Safari/537.36';
    const IPHONE =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148';
    const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/136.0 Safari/537.36';
    const hintsFor = async (headers: Record<string, string>) => {
      const response = await get('/hints', headers);
      expect(response.headers.vary).toContain('Sec-CH-UA-Mobile');
      const body = /<div id="root">(.*)<\/div>/.exec(response.body)?.[1] ?? '';
      return JSON.parse(body) as { screen: string; cartLines: number; origin: string };
    };
    // The shop's public origin (SITE_URL) comes along, for the absolute URLs of the page's head.
    expect(await hintsFor({ 'sec-ch-ua-mobile': '?1', 'user-agent': DESKTOP })).toEqual({
      screen: 'narrow',
      cartLines: 0,
      origin: 'http://localhost:3000',
    });
    expect(await hintsFor({ 'sec-ch-ua-mobile': '?0', 'user-agent': PHONE, host: 'evil.example' })).toEqual({
      screen: 'wide',
      cartLines: 0,
      origin: 'http://localhost:3000',
    });
    expect((await hintsFor({ 'user-agent': PHONE })).screen).toBe('narrow');
    expect((await hintsFor({ 'user-agent': IPHONE })).screen).toBe('narrow');
    expect((await hintsFor({ 'user-agent': DESKTOP })).screen).toBe('wide');
    expect((await hintsFor({})).screen).toBe('wide');
    expect((await hintsFor({ cookie: 'a=1; cart_lines=3; b=2' })).cartLines).toBe(3);
    expect((await hintsFor({ cookie: 'cart_lines=3' })).cartLines).toBe(3);
    // Whatever else the cookie says, the hint is a small count or nothing.
    for (const cookie of [
      'cart_lines=-2',
      'cart_lines=abc',
      'cart_lines=99999999',
      'xcart_lines=4',
      'cart_lines=1e3',
    ]) {
      expect((await hintsFor({ cookie })).cartLines, cookie).toBe(0);
    }
    expect((await hintsFor({ cookie: 'cart_lines=5000' })).cartLines).toBe(1000);
  });
});
