import { test as base } from '@playwright/test';
import { expectAccessible } from './axe';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, with axe-core run on the page each journey ends on: a journey that passes leaves an
 * accessible page behind it. `accessibility.spec.ts` walks every page and overlay at both widths.
 */
export const test = base.extend<{ accessibleAtEnd: undefined }>({
  accessibleAtEnd: [
    async ({ page }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed() || page.url() === 'about:blank')
        return;
      await expectAccessible(page, `the page "${testInfo.title}" ends on`);
    },
    { auto: true },
  ],
});
