import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: `./data` and the built web app are found relative to it, whatever the cwd. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SITE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString,
  WEB_DIST_DIR: optionalString,
  SEED_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

export type DatabaseConfig = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Public origin of the shop, e.g. https://shop.example.com. Links in e-mails and CSP use it. */
  siteUrl: string;
  logLevel: string;
  dataDir: string;
  uploadsDir: string;
  database: DatabaseConfig;
  /** Built web app to serve; `null` when the API runs alone (tests, dev with Vite). */
  webDistDir: string | null;
  seedOnStart: boolean;
}

/** Reads the environment once. This is the only module that touches `process.env`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(ROOT_DIR, e.DATA_DIR ?? 'data');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    webDistDir: path.resolve(ROOT_DIR, e.WEB_DIST_DIR ?? 'apps/web/dist'),
    seedOnStart: e.SEED_ON_START,
  };
}
