#!/usr/bin/env node
// Lighthouse (default mobile preset, simulated throttling) on the storefront's main pages, in Debian's
// Chromium: the median of several runs per page, printed as a table. Starts the shop on a fresh embedded
// database (at a lower priority than the browser, and measured once its start-up work is done) unless
// LIGHTHOUSE_BASE_URL names one that runs already; the web app must be built first (`npm run build`).
// /cart and /account/orders are audited signed in as the demo user.
//
//   LIGHTHOUSE_RUNS=5        runs per page (the median is reported)
//   LIGHTHOUSE_MIN=90        exit with 1 when a page's median score in any category is below it
//   LIGHTHOUSE_PAGES=/,/home only these pages
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const MIN = Number(process.env.LIGHTHOUSE_MIN ?? 90);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4185);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO = {
  email: process.env.DEMO_EMAIL ?? 'demo@sneakershop.test',
  password: process.env.DEMO_PASSWORD ?? 'Demo#2023shop',
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function waitForHealth(baseUrl, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error.cause?.message ?? error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`The shop did not answer at ${baseUrl} within ${timeoutMs / 1000} s (${last})`);
}

/** A process's CPU time so far (user and system, all its threads), in seconds. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Waits until the shop has done its start-up work: on a fresh database it draws the seed's 375 pictures in
 * the background after it starts answering, a minute or more of both cores that would otherwise be
 * measured as the pages' own. Settled: under 5 % of a core for three seconds in a row.
 */
async function waitForSettledServer(pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  let last = cpuSeconds(pid);
  while (quiet < 3 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(pid);
    quiet = now - last < 0.05 ? quiet + 1 : 0;
    last = now;
  }
}

/**
 * The shop on a fresh embedded database, served the way `npm start` serves it, once it has settled. It
 * runs at a lower priority than the browser: on a phone the server is elsewhere, and here its work while
 * it answers (rendering a page, sending scripts) would otherwise be counted in the page's own tasks.
 */
async function startShop() {
  const dataDir = path.join(root, 'data/lighthouse');
  rmSync(dataDir, { recursive: true, force: true });
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const server = spawn('nice', ['-n', '10', process.execPath, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SITE_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(baseUrl, 240_000);
  await waitForSettledServer(server.pid, 300_000);
  return { baseUrl, stop: () => server.kill('SIGTERM') };
}

/** The demo user's session cookies (name and value), for the signed-in pages. */
async function demoCookies(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(DEMO),
  });
  if (!response.ok)
    throw new Error(`Signing in the demo user failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => {
    const [pair = ''] = cookie.split(';');
    const split = pair.indexOf('=');
    return { name: pair.slice(0, split), value: pair.slice(split + 1), url: baseUrl };
  });
}

/**
 * The browser's cookies for the next audit: the demo user's session for a signed-in page, none for a
 * guest's. They go in the browser's own cookie jar, as a signed-in visitor's would (Lighthouse keeps
 * cookies between runs): a session sent as an extra header is dropped by the browser once the page has
 * set a cookie of its own (the cart's), and the next run would find itself signed out.
 */
async function useCookies(cookies) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const [context] = browser.contexts();
    await context.clearCookies();
    if (cookies.length > 0) await context.addCookies(cookies);
  } finally {
    await browser.close();
  }
}

async function firstProductId(baseUrl) {
  const response = await fetch(`${baseUrl}/api/products?limit=1`);
  const { products } = await response.json();
  return products[0]._id;
}

/** Attempts at a run Lighthouse could not measure (a trace without its navigation, now and then). */
const ATTEMPTS = 3;

/**
 * One Lighthouse run. A run that could not measure the page is run again, in a fresh Chromium (once it
 * happens, the same browser tends to fail the next runs too), rather than scored 0.
 */
async function audit(url, cookies) {
  for (let attempt = 1; ; attempt += 1) {
    await useCookies(cookies);
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!lhr.runtimeError) return lhr;
    if (attempt === ATTEMPTS)
      throw new Error(
        `Lighthouse could not measure ${url} in ${ATTEMPTS} attempts: ${lhr.runtimeError.code}`,
      );
    console.warn(`  ${url}: Lighthouse could not measure the page (${lhr.runtimeError.code}); running again`);
    await chrome.kill();
    chrome = await launchChrome();
  }
}

const shop = process.env.LIGHTHOUSE_BASE_URL
  ? { baseUrl: process.env.LIGHTHOUSE_BASE_URL.replace(/\/$/, ''), stop: () => {} }
  : await startShop();
const launchChrome = () =>
  chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
let chrome = await launchChrome();

let failed = false;
try {
  const { baseUrl } = shop;
  const signedIn = await demoCookies(baseUrl);
  const productId = await firstProductId(baseUrl);
  const allPages = [
    { path: '/' },
    { path: '/home' },
    { path: `/home/${productId}`, label: '/home/:id' },
    { path: '/women' },
    { path: '/basketball' },
    { path: '/cart', signedIn: true },
    { path: '/account/orders', signedIn: true },
  ];
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const pages = allPages.filter((page) => !only || only.includes(page.label ?? page.path));

  const rows = [];
  for (const page of pages) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const { categories, audits } = await audit(`${baseUrl}${page.path}`, page.signedIn ? signedIn : []);
      runs.push({
        scores: CATEGORIES.map((category) => Math.round((categories[category]?.score ?? 0) * 100)),
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        failing: Object.values(audits)
          .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
          .map((audit) => audit.id),
      });
    }
    const row = {
      page: page.label ?? page.path,
      scores: CATEGORIES.map((_, index) => median(runs.map((run) => run.scores[index]))),
      fcp: median(runs.map((run) => run.fcp)),
      lcp: median(runs.map((run) => run.lcp)),
      tbt: median(runs.map((run) => run.tbt)),
      cls: median(runs.map((run) => run.cls)),
      failing: [...new Set(runs.flatMap((run) => run.failing))],
    };
    rows.push(row);
    console.error(`  ${row.page}: ${row.scores.join(' / ')}`);
  }

  console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'}, mobile preset, ${baseUrl}\n`);
  console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const [performance, accessibility, practices, seo] = row.scores;
    console.log(
      `| ${row.page} | ${performance} | ${accessibility} | ${practices} | ${seo} | ${(row.fcp / 1000).toFixed(1)} s | ${(row.lcp / 1000).toFixed(1)} s | ${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} |`,
    );
  }
  for (const row of rows.filter((row) => row.failing.length))
    console.log(`\n${row.page} fails: ${row.failing.join(', ')}`);
  const low = rows.filter((row) => row.scores.some((score) => score < MIN));
  if (low.length) {
    failed = true;
    console.error(`\nBelow ${MIN}: ${low.map((row) => row.page).join(', ')}`);
  }
} finally {
  await chrome.kill();
  shop.stop();
}
process.exit(failed ? 1 : 0);
