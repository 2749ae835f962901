import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config';
import { seedAccounts } from '../seed/accounts';
import { seedDatabase } from '../seed/seed';
import { signIn, stepUp } from './accounts';
import { type Buyer, createContendedApp, quickAdmin } from './buyers';
import { createTestApp, type TestApp } from './test-app';

export interface TestShopOptions {
  /** createTestApp's config overrides; a function is called when the app is built. */
  config?: Partial<Config> | (() => Partial<Config>);
  /** A contention test's pool, with this many connections (`createContendedApp`). */
  contended?: number;
  /** The seeded catalogue, without pictures. */
  catalogue?: boolean;
  /** The configured admin and demo accounts, the admin signed in and stepped up (`adminCookie`). */
  accounts?: boolean;
  /** A quick admin (`staff`); a string names its prefix. */
  staff?: boolean | string;
}

export interface TestShop {
  app(): FastifyInstance;
  /** The configured admin's session cookie, stepped up with the password (with `accounts`). */
  adminCookie(): string;
  /** The quick admin (with `staff`). */
  staff(): Buyer;
}

/**
 * One test file's shop: registers the `beforeAll` that builds the app (and seeds what `options` ask for)
 * and the `afterAll` that closes it, and answers getters for what they made.
 */
export function testShop(options: TestShopOptions = {}): TestShop {
  let testApp: TestApp | undefined;
  let adminCookie: string | undefined;
  let staff: Buyer | undefined;
  const app = () => {
    if (!testApp) throw new Error('The test shop is not open yet');
    return testApp.app;
  };

  beforeAll(async () => {
    const config = typeof options.config === 'function' ? options.config() : options.config;
    testApp =
      options.contended === undefined
        ? await createTestApp(config)
        : await createContendedApp(options.contended, config);
    if (options.catalogue) await seedDatabase(app().db, app().config, { pictures: false });
    if (options.accounts) {
      const { admin } = app().config.accounts;
      await seedAccounts(app().auth, app().config.accounts);
      adminCookie = await signIn(app(), admin.email, admin.password);
      await stepUp(app(), adminCookie, { password: admin.password });
    }
    if (options.staff) staff = await quickAdmin(app(), options.staff === true ? undefined : options.staff);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  return {
    app,
    adminCookie: () => adminCookie ?? fail('accounts'),
    staff: () => staff ?? fail('staff'),
  };
}

/** A built web app's folder as the API serves it: an index page and, with `assets`, an empty assets folder. */
export function fakeWebBuild(options: { assets?: boolean } = {}): string {
  const webDistDir = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  if (options.assets) mkdirSync(path.join(webDistDir, 'assets'));
  writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
  return webDistDir;
}

function fail(option: string): never {
  throw new Error(`The test shop was opened without \`${option}\``);
}
