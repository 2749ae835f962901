import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
// With their extension: the config's loader reads these two files (they import nothing of the shop).
import { throwawayPostgresUnavailable } from './apps/api/src/test/postgres-programs.ts';
import { RACE_SUITES, skippedRacesReporter } from './apps/api/src/test/race-suites.ts';

/** The API's tests: the real app on a fresh database per file (apps/api/src/test/test-app.ts). */
const API = {
  root: 'apps/api',
  environment: 'node',
  pool: 'forks',
  testTimeout: 30_000,
  hookTimeout: 120_000,
} as const;

/** A file of the API's test helpers, by its absolute path. */
const apiTest = (file: string) => fileURLToPath(new URL(`./apps/api/src/test/${file}`, import.meta.url));

/**
 * Why the race suites cannot run on PostgreSQL here: no TEST_DATABASE_URL, and no throwaway server can be
 * made. Then they are left out, and the run says so in one line at its end.
 */
const racesMissing = process.env.TEST_DATABASE_URL ? null : throwawayPostgresUnavailable();

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // PGlite, unless TEST_DATABASE_URL names a PostgreSQL server.
        test: {
          name: 'api',
          ...API,
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...RACE_SUITES],
        },
      },
      // Always PostgreSQL: TEST_DATABASE_URL's server, or a throwaway cluster made for the run.
      ...(racesMissing
        ? []
        : [
            {
              test: {
                name: 'api-races',
                ...API,
                include: RACE_SUITES,
                globalSetup: [apiTest('race-postgres.global.ts')],
                setupFiles: [apiTest('race-postgres.setup.ts')],
              },
            },
          ]),
      'apps/web/vite.config.ts',
      {
        test: {
          name: 'scripts',
          root: 'scripts',
          include: ['*/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
    maxWorkers: 2,
    ...(racesMissing ? { reporters: ['default', skippedRacesReporter(racesMissing)] } : {}),
  },
});
