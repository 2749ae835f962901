/**
 * The product page's server render with its JSON-LD and without (BENCH_ONLY=render; issue 41): what the
 * structured data adds to the page a visitor waits for.
 *
 * The shop runs in this process (buildApp, the web app's server build in apps/web/dist-server, which
 * `npm run build` makes) on a fresh PGlite database with the seeded catalogue. Product pages
 * (`/home/<id>`, BENCH_PAGE_PRODUCTS (20) of the seeded products, those with the most reviews first) are
 * requested through the page-render path as a guest's browser asks for them, BENCH_PAGE_RENDERS (300)
 * times each way after a warm-up, the two ways taking turns: "with JSON-LD" as the shop serves them, and
 * "without" with the page's `GET /api/structured-data/products/:id` answered 404 before any route runs,
 * so the page renders as it did before the JSON-LD (its loader's call refused, no data block). Each
 * render is timed from the request to the whole HTML; the table gives the mean, p50 and p95, and the
 * HTML's size, as it is and gzipped; then the structured-data request alone, the API's share of the cost.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { ROOT_DIR } from '../src/config';
import { seedDatabase } from '../src/seed/seed';
import { inProcessConfig } from './in-process';

export const PAGE_RENDER_SCENARIO = 'page render (/home/:id with its JSON-LD and without)';
const RENDERS = Number(process.env.BENCH_PAGE_RENDERS ?? 300);
const PRODUCTS = Number(process.env.BENCH_PAGE_PRODUCTS ?? 20);
const WARMUP = 30;
const JSON_LD = '<script type="application/ld+json"';

interface RenderStats {
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  /** The page's HTML, in kB, as it is and gzipped. */
  htmlKb: number;
  gzipKb: number;
}

export interface PageRenderBenchResult {
  renders: number;
  products: number;
  /** The page's `GET /api/structured-data/products/:id` alone, mean ms: the API's share of the difference. */
  structuredDataMs: number;
  withJsonLd: RenderStats;
  without: RenderStats;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

function statsOf(times: number[], bytes: number[], gzipped: number[]): RenderStats {
  const sorted = [...times].sort((a, b) => a - b);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    meanMs: sum(times) / times.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    htmlKb: sum(bytes) / bytes.length / 1024,
    gzipKb: sum(gzipped) / gzipped.length / 1024,
  };
}

/** The seeded products with the most reviews first: their pages are the largest the shop renders. */
async function productIds(app: FastifyInstance): Promise<string[]> {
  const list = await app.inject({ url: '/api/products?limit=100' });
  const { products } = list.json() as { products: { _id: string }[] };
  const detailed = await Promise.all(
    products.map(async ({ _id }) => {
      const [product] = (await app
        .inject({ url: `/api/products/details/${_id}` })
        .then((answer) => answer.json())) as { reviews: unknown[] }[];
      return { id: _id, reviews: product?.reviews.length ?? 0 };
    }),
  );
  return detailed
    .sort((a, b) => b.reviews - a.reviews)
    .slice(0, PRODUCTS)
    .map((product) => product.id);
}

/** One page request through the page-render path: its time in ms and its HTML. */
async function renderOnce(app: FastifyInstance, id: string, withJsonLd: boolean) {
  const started = performance.now();
  const response = await app.inject({ url: `/home/${id}`, headers: { accept: 'text/html' } });
  const ms = performance.now() - started;
  const html = response.body;
  if (response.statusCode !== 200 || !html.includes('id="rendered-state"')) {
    throw new Error(`bench: /home/${id} was not rendered on the server (${response.statusCode})`);
  }
  if (html.includes(JSON_LD) !== withJsonLd) {
    throw new Error(
      withJsonLd
        ? `bench: /home/${id} has no JSON-LD: does the API serve GET /api/structured-data/products/:id?`
        : `bench: /home/${id} has JSON-LD though its structured data was refused`,
    );
  }
  return { ms, bytes: Buffer.byteLength(html), gzipped: gzipSync(html).length };
}

export async function benchPageRender(log: (message: string) => void): Promise<PageRenderBenchResult | null> {
  const webDistDir = path.join(ROOT_DIR, 'apps/web/dist');
  if (!existsSync(path.join(ROOT_DIR, 'apps/web/dist-server/entry-server.js'))) {
    log('page render: left out, the web app has no server build (run `npm run build` first)');
    return null;
  }
  const dbDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-page-db-'));
  const { dataDir, config } = inProcessConfig('page-render', { kind: 'pglite', dataDir: dbDir });
  const app = await buildApp({ ...config, webDistDir });
  let refuseStructuredData = false;
  app.addHook('onRequest', async (request, reply) => {
    if (refuseStructuredData && request.url.startsWith('/api/structured-data/')) {
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'left out by the bench' } });
    }
  });
  try {
    await app.ready();
    await seedDatabase(app.db, app.config, { pictures: false });
    const ids = await productIds(app);
    const times = { with: [] as number[], without: [] as number[] };
    const bytes = { with: [] as number[], without: [] as number[] };
    const gzipped = { with: [] as number[], without: [] as number[] };
    for (let index = 0; index < WARMUP + RENDERS; index++) {
      const id = ids[index % ids.length] ?? '';
      for (const withJsonLd of index % 2 === 0 ? [true, false] : [false, true]) {
        refuseStructuredData = !withJsonLd;
        const render = await renderOnce(app, id, withJsonLd);
        if (index < WARMUP) continue;
        times[withJsonLd ? 'with' : 'without'].push(render.ms);
        bytes[withJsonLd ? 'with' : 'without'].push(render.bytes);
        gzipped[withJsonLd ? 'with' : 'without'].push(render.gzipped);
      }
    }
    let structuredData = 0;
    for (let index = 0; index < RENDERS; index++) {
      const started = performance.now();
      await app.inject({ url: `/api/structured-data/products/${ids[index % ids.length]}` });
      structuredData += performance.now() - started;
    }
    const result = {
      renders: RENDERS,
      structuredDataMs: structuredData / RENDERS,
      products: ids.length,
      withJsonLd: statsOf(times.with, bytes.with, gzipped.with),
      without: statsOf(times.without, bytes.without, gzipped.without),
    };
    log(`page render: ${RENDERS} renders each way over ${ids.length} product pages`);
    return result;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(dbDir, { recursive: true, force: true });
  }
}

/** The two ways side by side, and what the JSON-LD adds. */
export function pageRenderLines(result: PageRenderBenchResult | null | undefined): string[] {
  if (!result) return [];
  const row = (label: string, stats: RenderStats) =>
    `| ${label} | ${stats.meanMs.toFixed(2)} | ${stats.p50Ms.toFixed(2)} | ${stats.p95Ms.toFixed(2)} | ${stats.htmlKb.toFixed(1)} | ${stats.gzipKb.toFixed(1)} |`;
  const added = result.withJsonLd.meanMs - result.without.meanMs;
  return [
    '',
    `Product page server render (/home/:id through the page-render path, PGlite, ${result.renders} renders each way over ${result.products} products):`,
    '| way | mean ms | p50 ms | p95 ms | HTML kB | gzipped kB |',
    '|---|---|---|---|---|---|',
    row('without JSON-LD (structured data refused)', result.without),
    row('with JSON-LD', result.withJsonLd),
    `page render: GET /api/structured-data/products/:id alone takes ${result.structuredDataMs.toFixed(2)} ms (mean)`,
    `page render: the JSON-LD adds ${added.toFixed(2)} ms (${((added / result.without.meanMs) * 100).toFixed(0)} %) and ${(result.withJsonLd.htmlKb - result.without.htmlKb).toFixed(1)} kB of HTML (${(result.withJsonLd.gzipKb - result.without.gzipKb).toFixed(1)} kB gzipped) to a product page`,
  ];
}
