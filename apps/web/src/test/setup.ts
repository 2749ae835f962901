import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor wait up to 5 s (1 s by default): on a busy two-core machine a render can take longer.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Every test's stubs (fetch, location, matchMedia…) end with it.
  vi.unstubAllGlobals();
  // Tests of the server's render run in the node environment, which has no storage.
  globalThis.localStorage?.clear();
});
