#!/usr/bin/env node
// Prints the gzipped JavaScript each route loads first (the entry chunk, the route's lazy chunk and
// everything they import statically) and fails when the landing page or the checkout loads more than
// its budget, or when a shopper's page loads zod (its schemas cost a phone a long task to build, and a
// page needs none of them: the `*-rules.ts` modules of @shop/contracts hold what pages use, free of zod).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Gzipped kB of JavaScript a route may load before it runs. */
const BUDGETS_KB = { '/': 150, '/checkout/:id': 170 };
/** The shopper's pages Lighthouse measures (and the checkout): none may load zod. */
const ZOD_FREE = [
  '/',
  '/home',
  '/home/:id',
  '/women',
  '/basketball',
  '/cart',
  '/checkout/:id',
  '/account/orders',
];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const distDir = path.join(webDir, 'dist');

let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
} catch {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

// Route path -> source module, read from the router so the list never drifts from the app.
const routerSource = readFileSync(path.join(webDir, 'src/app/routes.tsx'), 'utf8');
const routes = [];
const routePattern =
  /\{\s*(index: true|path: '([^']*)'),\s*(?:handle: \w+,\s*)?lazy:\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
for (const match of routerSource.matchAll(routePattern)) {
  const routePath = match[1] === 'index: true' ? '/' : `/${match[2]}`;
  const source = path.relative(webDir, path.resolve(webDir, 'src/app', `${match[3]}.tsx`));
  routes.push({ routePath, source });
}
if (routes.length === 0) {
  console.error('No lazy routes found in src/app/routes.tsx');
  process.exit(1);
}

const gzipCache = new Map();
function gzippedBytes(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** Every JS file a manifest entry loads before it runs: itself and its static imports, transitively. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

// main.tsx imports React DOM on its own as the app starts (to evaluate it in a task of its own): it is
// loaded first all the same.
const startImports = (manifest['index.html'].dynamicImports ?? []).filter((key) =>
  key.endsWith('/react-dom/client.js'),
);
if (startImports.length !== 1) {
  console.error('The entry no longer imports react-dom/client on its own: update scripts/bundle-size.mjs');
  process.exit(1);
}
const entry = startImports.reduce((files, key) => staticClosure(key, files), staticClosure('index.html'));
const rows = routes.map(({ routePath, source }) => {
  const files = staticClosure(source, new Set(entry));
  const bytes = [...files].reduce((sum, file) => sum + gzippedBytes(file), 0);
  return { route: routePath, kb: bytes / 1000, files };
});
const zodFiles = new Set(
  Object.values(manifest)
    .filter((chunk) => chunk.name === 'zod')
    .map((chunk) => chunk.file),
);

const width = Math.max(...rows.map((row) => row.route.length));
console.log('\nGzipped JavaScript loaded first, per route\n');
for (const row of rows) console.log(`  ${row.route.padEnd(width)}  ${row.kb.toFixed(1).padStart(7)} kB`);

let over = false;
for (const [route, budget] of Object.entries(BUDGETS_KB)) {
  const row = rows.find((candidate) => candidate.route === route);
  if (!row) {
    console.error(`\nThe route ${route} is missing from the router`);
    process.exit(1);
  }
  const verdict = row.kb > budget ? 'over the budget' : 'within the budget';
  console.log(`${route}: ${row.kb.toFixed(1)} kB of ${budget} kB (${verdict}).`);
  if (row.kb > budget) over = true;
}
for (const route of ZOD_FREE) {
  const row = rows.find((candidate) => candidate.route === route);
  if (!row) {
    console.error(`\nThe route ${route} is missing from the router`);
    process.exit(1);
  }
  if ([...row.files].some((file) => zodFiles.has(file))) {
    console.error(`${route} loads zod: import its constants from a *-rules.ts module of @shop/contracts.`);
    over = true;
  }
}
if (!over) console.log(`No shopper's page loads zod (${ZOD_FREE.join(', ')}).`);
if (over) process.exit(1);
