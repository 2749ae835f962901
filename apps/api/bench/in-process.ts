import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import type { DatabaseConfig } from '../src/db/client';
import { readProviderSettings } from '../src/modules/payments';

/**
 * The config of an app a bench builds in its own process on `database`: development mode, silent, a new
 * secret, no web build and no seed, in a fresh data folder `dataDir` (the caller removes it). `env` adds
 * to the environment it is read from.
 */
export function inProcessConfig(name: string, database: DatabaseConfig, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `shop-bench-${name}-`));
  const config = {
    ...loadConfig(readProviderSettings, {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(24).toString('hex'),
      LOG_LEVEL: 'silent',
      ...env,
    }),
    database,
    webDistDir: null,
    seedOnStart: false,
  };
  return { dataDir, config };
}
