import { defineConfig } from 'vitest/config';

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
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
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
  },
});
