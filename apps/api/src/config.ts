import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RETURN_DAYS_DEFAULT, USERNAME_PATTERN } from '@shop/contracts';
import { z } from 'zod';
import type { DatabaseConfig } from './db/client';
import { emptyAsUndefined, optionalString } from './lib/env-schema';

/** The repository root: `./data` and the built web app are found relative to it, whatever the cwd. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The seeded accounts' usernames follow the one rule every username follows (decision 26). */
const seededUsername = z
  .string()
  .regex(USERNAME_PATTERN, 'must be 4 to 16 letters, numbers, hyphens or underscores (the sign-up rule)');

/**
 * When a return's receipt refunds the order's shipping too (once per order): never, only when the reason
 * is that the pair arrived damaged, or always.
 */
const RETURN_REFUND_SHIPPING = ['never', 'damaged', 'always'] as const;
export type RefundShipping = (typeof RETURN_REFUND_SHIPPING)[number];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: optionalString,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SITE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString,
  REDIS_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  WEB_DIST_DIR: optionalString,
  SEED_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  AUTH_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  MAIL_FROM: z.string().default('Sneaker Shop <no-reply@sneakershop.test>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  ADMIN_EMAIL: z.email().default('admin@sneakershop.test'),
  ADMIN_USERNAME: seededUsername.default('admin'),
  ADMIN_PASSWORD: z.string().default('Admin#2023shop'),
  DEMO_EMAIL: z.email().default('demo@sneakershop.test'),
  DEMO_USERNAME: seededUsername.default('demo_user'),
  DEMO_PASSWORD: z.string().default('Demo#2023shop'),
  CATALOG_CACHE_SECONDS: z.coerce.number().min(0).default(5),
  RESERVATION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  MAX_PENDING_ORDERS: z.coerce.number().int().min(1).default(5),
  MAX_PENDING_UNITS: z.coerce.number().int().min(1).default(200),
  // Each payment provider's own variables are read by its schema (modules/payments/providers/<name>/).
  PAYMENTS_TEST_MODE: z.enum(['true', 'false']).optional(),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** The tax engine rating orders where the shop collects tax: modules/tax/providers (table, stripe). */
  TAX_PROVIDER: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, 'must be a tax engine id such as table or stripe')
    .default('table'),
  /** How long a checkout waits for the tax engine before it falls back to the rate table (or refuses). */
  TAX_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  // Stripe Tax uses the secret key the card payments read (and their API override, for tests).
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_API_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  RETURN_DAYS: z.coerce.number().int().min(0).max(365).default(RETURN_DAYS_DEFAULT),
  RETURN_REFUND_SHIPPING: z.enum(RETURN_REFUND_SHIPPING).default('damaged'),
  /** Whether a buyer may take a return's refund as store credit instead of back to how they paid. */
  RETURN_CREDIT: z.enum(['on', 'off']).default('on'),
  /** A drop entry's proof of work: the secret number is at most this (the browser tries half as many on average). */
  DROP_POW_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  SHOP_NAME: z.string().trim().min(1).max(100).default('Sneaker Shop'),
  /** The shop's postal address, its lines separated by new lines (or `\n`, as a .env file writes them). */
  SHOP_ADDRESS: z.string().trim().min(1).max(500).default('1 Market Street\\nSan Francisco, CA 94105\\nUSA'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  /** Interface to listen on: loopback in the embedded mode, every interface with a real database. */
  host: string;
  port: number;
  /** Public origin of the shop, e.g. https://shop.example.com. Links in e-mails and CSP use it. */
  siteUrl: string;
  logLevel: string;
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits use it). */
  trustProxy: boolean;
  dataDir: string;
  uploadsDir: string;
  database: DatabaseConfig;
  /**
   * Redis, shared by every instance: the catalogue cache's invalidation and the rate limits. `null` keeps
   * both in this process (the cache) and in the database (the rate limits).
   */
  redisUrl: string | null;
  /** Lets a Prometheus server elsewhere read `/metrics` (as a bearer token); without it only this machine may. */
  metricsToken: string | null;
  /** Built web app to serve; `null` when the API runs alone (tests, dev with Vite). */
  webDistDir: string | null;
  seedOnStart: boolean;
  /** How long catalogue list responses are reused; 0 turns the cache off. */
  catalogCacheSeconds: number;
  auth: {
    /** Signs session cookies and tokens. */
    secret: string;
    /** Google sign-in through OpenID Connect; `null` hides it. */
    google: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
    /** Multiplies every rate limit (tests of long journeys raise it). */
    rateLimitScale: number;
  };
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
  payments: {
    /** Unpaid orders give their units back after this long. */
    reservationMinutes: number;
    /** A provider without keys is served by the built-in test-mode gateway when this is on. */
    testMode: boolean;
    /** Each provider's settings by its id, as its configuration schema read them; null without keys. */
    providers: Record<string, unknown>;
  };
  /** What one account may hold unpaid at once, so no account can reserve the stock away from others. */
  checkout: { maxPendingOrders: number; maxPendingUnits: number };
  /**
   * The tax engine (TAX_PROVIDER, the rate table by default), how long a checkout waits for it, and
   * Stripe's key and API for Stripe Tax (null without a key).
   */
  tax: { provider: string; timeoutMs: number; stripe: { secretKey: string; apiUrl: string | null } | null };
  returns: {
    /** Days after the last delivery (or shipping, when none was marked) a buyer may open a return. */
    days: number;
    refundShipping: RefundShipping;
    /** Whether a buyer may take a return's refund as store credit. */
    toCredit: boolean;
  };
  /** Fair drops: how much work one entry costs a browser (docs/decisions/0030). */
  drops: { powMaxNumber: number };
  /** Who sells: the name and postal address printed on invoices and packing slips. */
  shop: { name: string; address: string[] };
  /** Accounts the seed creates when they do not exist. */
  accounts: {
    admin: SeedAccount;
    demo: SeedAccount;
  };
}

export interface SeedAccount {
  email: string;
  username: string;
  password: string;
}

/** Embedded mode keeps a generated secret in the data folder, so sessions survive a restart. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** An address as its lines: split at new lines, or at `\n` as a .env file writes them. */
function addressLines(address: string): string[] {
  return address
    .split(/\\n|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Reads the environment once. This is the only module that touches `process.env`. */
/**
 * Reads each payment provider's settings from the environment with the provider's own schema: the payments
 * registry's `readProviderSettings`, handed in by the process that starts the shop (config sits below the
 * modules and imports none of them).
 */
export type ProviderSettingsReader = (env: NodeJS.ProcessEnv) => {
  settings: Record<string, unknown>;
  problems: string[];
};

export function loadConfig(
  readProviderSettings: ProviderSettingsReader,
  env: NodeJS.ProcessEnv = process.env,
): Config {
  const parsed = envSchema.safeParse(env);
  const providers = readProviderSettings(env);
  const problems = [
    ...(parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []),
    ...providers.problems,
  ];
  if (!parsed.success || problems.length > 0) {
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  // Every instance on one database must sign sessions with the same secret: one made up per machine
  // would sign a shopper out whenever the load balancer picks another instance.
  if ((e.NODE_ENV === 'production' || e.DATABASE_URL) && !e.AUTH_SECRET) {
    throw new Error(
      'Invalid configuration:\n  AUTH_SECRET is required in production and whenever DATABASE_URL is set (at least 32 characters)',
    );
  }
  const dataDir = path.resolve(ROOT_DIR, e.DATA_DIR ?? 'data');
  return {
    env: e.NODE_ENV,
    // The embedded mode is for trying the shop on this machine (its outbox and seeded passwords are local
    // conveniences), so it listens on loopback unless HOST says otherwise.
    host: e.HOST ?? (e.DATABASE_URL ? '0.0.0.0' : 'localhost'),
    port: e.PORT,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    redisUrl: e.REDIS_URL ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    webDistDir: path.resolve(ROOT_DIR, e.WEB_DIST_DIR ?? 'apps/web/dist'),
    seedOnStart: e.SEED_ON_START,
    catalogCacheSeconds: e.CATALOG_CACHE_SECONDS,
    auth: {
      secret: e.AUTH_SECRET ?? embeddedSecret(dataDir),
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              discoveryUrl: e.GOOGLE_DISCOVERY_URL,
            }
          : null,
      rateLimitScale: e.RATE_LIMIT_SCALE,
    },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    payments: {
      reservationMinutes: e.RESERVATION_MINUTES,
      // Never fake payments in production unless explicitly asked to.
      testMode: e.PAYMENTS_TEST_MODE ? e.PAYMENTS_TEST_MODE === 'true' : e.NODE_ENV !== 'production',
      providers: providers.settings,
    },
    checkout: { maxPendingOrders: e.MAX_PENDING_ORDERS, maxPendingUnits: e.MAX_PENDING_UNITS },
    tax: {
      provider: e.TAX_PROVIDER,
      timeoutMs: e.TAX_PROVIDER_TIMEOUT_MS,
      stripe: e.STRIPE_SECRET_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, apiUrl: e.STRIPE_API_URL ?? null }
        : null,
    },
    returns: {
      days: e.RETURN_DAYS,
      refundShipping: e.RETURN_REFUND_SHIPPING,
      toCredit: e.RETURN_CREDIT === 'on',
    },
    drops: { powMaxNumber: e.DROP_POW_MAX_NUMBER },
    shop: { name: e.SHOP_NAME, address: addressLines(e.SHOP_ADDRESS) },
    accounts: {
      admin: { email: e.ADMIN_EMAIL, username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD },
      demo: { email: e.DEMO_EMAIL, username: e.DEMO_USERNAME, password: e.DEMO_PASSWORD },
    },
  };
}
