import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * The API's test files whose point is a race (paths from apps/api), and the payments ledger's migration,
 * which must be proved on the database production runs. They run on PostgreSQL only: PGlite runs one query
 * at a time, so there a race cannot happen, and a missing row lock leaves them green. They
 * use the server TEST_DATABASE_URL names, or else a throwaway cluster made once for the run; where neither
 * can be had they do not run, and the run says so in one line at its end. It imports nothing of the shop:
 * the root vitest.config.ts reads it.
 */
export const RACE_SUITES = [
  'src/modules/*/contention.test.ts',
  'src/modules/checkout/last-unit.test.ts',
  'src/modules/checkout/hoarding.test.ts',
  'src/modules/orders/parallel-cancel.test.ts',
  'src/db/deadlock.test.ts',
  'src/db/ledger-migration.test.ts',
];

/** The API project's folder, where the paths of RACE_SUITES start. */
const API_ROOT = path.join(import.meta.dirname, '..', '..');

/** The files a pattern of RACE_SUITES names (a `*` stands for any part of one folder or file name). */
function filesOf(pattern: string): string[] {
  let found = [''];
  for (const segment of pattern.split('/')) {
    if (!segment.includes('*')) {
      found = found.map((prefix) => path.posix.join(prefix, segment));
      continue;
    }
    const matches = new RegExp(`^${segment.replaceAll('.', '\\.').replaceAll('*', '[^/]*')}$`);
    found = found.flatMap((prefix) => {
      const folder = path.join(API_ROOT, prefix);
      if (!existsSync(folder)) return [];
      return readdirSync(folder)
        .filter((name) => matches.test(name))
        .sort()
        .map((name) => path.posix.join(prefix, name));
    });
  }
  return found.filter((file) => existsSync(path.join(API_ROOT, file)));
}

/** The one line that says which race suites did not run, and why (`why` no server can be made). */
export function skippedRacesLine(why: string): string {
  const files = RACE_SUITES.flatMap(filesOf).map((file) => `apps/api/${file}`);
  const line = `RACE SUITES NOT RUN, no PostgreSQL (TEST_DATABASE_URL is not set, and ${why}; install PostgreSQL or set TEST_DATABASE_URL), ${files.length} files: ${files.join(', ')}`;
  // Bold white on red in a terminal.
  return process.stdout.isTTY ? `\x1b[1;97;41m${line}\x1b[0m` : line;
}

/**
 * A reporter that prints `skippedRacesLine` after the run's summary, when the run held API tests (or none
 * at all, as when only race files were asked for).
 */
export function skippedRacesReporter(why: string): Reporter {
  return {
    onTestRunEnd(modules: ReadonlyArray<TestModule>) {
      if (modules.length > 0 && !modules.some((module) => module.project.name === 'api')) return;
      process.stdout.write(`\n${skippedRacesLine(why)}\n`);
    },
  };
}
