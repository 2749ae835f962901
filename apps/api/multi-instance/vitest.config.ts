import { defineConfig } from 'vitest/config';

/** The multi-instance test (`npm run test:instances`): its own run, since it starts two shop servers. */
export default defineConfig({
  test: {
    name: 'instances',
    root: 'apps/api',
    include: ['multi-instance/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 300_000,
  },
});
