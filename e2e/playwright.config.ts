import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4174);
/** Where the shop under test keeps its data; it starts empty on every run. */
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'data/e2e';
/**
 * A second shop whose return window closes as soon as a parcel leaves (`RETURN_DAYS=0`), for the journey
 * of a return refused outside the window; only that journey uses it, through its own baseURL.
 */
const CLOSED_RETURNS_PORT = Number(process.env.E2E_CLOSED_RETURNS_PORT ?? 4175);
export const CLOSED_RETURNS_URL = `http://127.0.0.1:${CLOSED_RETURNS_PORT}`;
const CLOSED_RETURNS_DATA_DIR = process.env.E2E_CLOSED_RETURNS_DATA_DIR ?? `${DATA_DIR}-closed-returns`;

/** The whole shop served the way `npm start` serves it, on a fresh embedded database seeded at start. */
function shopServer(port: number, dataDir: string, env: Record<string, string> = {}) {
  const url = `http://127.0.0.1:${port}`;
  return {
    command: `rm -rf ${dataDir} && node --import tsx apps/api/src/server.ts`,
    cwd: '..',
    url: `${url}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every journey signs in from 127.0.0.1: the per-address limits are tested in the API suite.
      RATE_LIMIT_SCALE: '50',
      // A draw's proof of work, a fifth of the shop's default: a fraction of a second in headless Chromium.
      DROP_POW_MAX_NUMBER: '20000',
      GOOGLE_CLIENT_ID: 'sneaker-shop-e2e',
      GOOGLE_CLIENT_SECRET: 'local-secret',
      GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      ...env,
    },
  };
}

/**
 * Journeys through the real UI in Debian's Chromium, against the whole shop served the way `npm start`
 * serves it, on a fresh embedded database seeded at start.
 */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/support/oidc-server.ts',
      cwd: '..',
      port: OIDC_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { OIDC_PORT: String(OIDC_PORT) },
    },
    shopServer(PORT, DATA_DIR),
    shopServer(CLOSED_RETURNS_PORT, CLOSED_RETURNS_DATA_DIR, { RETURN_DAYS: '0' }),
  ],
});
