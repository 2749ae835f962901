import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

let testApp: TestApp;
const webDistDir = mkdtempSync(path.join(tmpdir(), 'shop-web-'));

beforeAll(async () => {
  mkdirSync(path.join(webDistDir, 'assets'));
  writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDistDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // The build writes a brotli and a gzip copy beside each text file.
  const script = `console.log(${JSON.stringify('x'.repeat(2000))})`;
  writeFileSync(path.join(webDistDir, 'assets', 'main-def456.js'), script);
  writeFileSync(path.join(webDistDir, 'assets', 'main-def456.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDistDir, 'assets', 'main-def456.js.gz'), gzipSync(script));
  testApp = await createTestApp({ webDistDir });
});

afterAll(async () => {
  await testApp?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });

describe('the shop server', () => {
  it('answers the health checks', async () => {
    expect((await get('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', redis: 'not used', queue: 'ok' });
  });

  it('answers unknown /api paths with a JSON 404 in the error envelope', async () => {
    for (const url of ['/api/nope', '/api/products/details', '/api']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const post = await testApp.app.inject({ method: 'POST', url: '/api/unknown', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it.each(['/', '/home', '/home/3f0c', '/account/orders', '/checkout/abc', '/some/unknown/page'])(
    'serves the web app for the client route %s (history fallback)',
    async (url) => {
      const response = await get(url, { accept: 'text/html' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves built assets with long-lived caching and 404s a missing file', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get('/assets/missing-file.js')).statusCode).toBe(404);
    expect((await get('/uploads/products/none/card.webp')).statusCode).toBe(404);
  });

  it('sends built files compressed as the browser accepts, from the copies the build wrote', async () => {
    const url = '/assets/main-def456.js';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses JSON answers of a kilobyte or more, and leaves small ones as they are', async () => {
    // The OpenAPI document: a JSON answer of some size on an empty catalogue.
    const plain = await get('/api/docs/json');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const brotli = await get('/api/docs/json', { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    const small = await get('/api/health', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers with a policy that allows only our own origin', async () => {
    const response = await get('/', { accept: 'text/html' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:|\*/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const api = await get('/api/health');
    expect(api.headers['content-security-policy']).toBe(csp);
  });

  it('turns off browser features the shop does not use, and keeps API answers out of every cache', async () => {
    const page = await get('/', { accept: 'text/html' });
    expect(page.headers['permissions-policy']).toContain('camera=()');
    expect(page.headers['permissions-policy']).toContain('geolocation=()');
    for (const url of [
      '/api/health',
      '/api/auth/get-session',
      '/api/nope',
      '/api/products/details/%E0%A4%A',
    ]) {
      expect((await get(url)).headers['cache-control'], url).toBe('private, no-store');
    }
    // Files keep their own caching.
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toContain('immutable');
  });

  it('publishes the OpenAPI document and its browser at /api/docs', async () => {
    const json = await get('/api/docs/json');
    expect(json.statusCode).toBe(200);
    const document = json.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/products/details/{id}', '/api/health']),
    );
    const ui = await get('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
