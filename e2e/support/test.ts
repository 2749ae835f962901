import { test as base } from '@playwright/test';
import { expectAccessible } from './axe';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, with two additions:
 * - `page.goto` returns once the app has taken the server-rendered page over (`<html data-live>`), as a
 *   shopper's first click would find it; before that, buttons and forms do not work yet.
 * - axe-core is run on the page each journey ends on: a journey that passes leaves an accessible page
 *   behind it. `accessibility.spec.ts` walks every page and overlay at both widths.
 */
export const test = base.extend<{ accessibleAtEnd: undefined }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.locator('html[data-live]').waitFor({ state: 'attached' });
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await page.locator('html[data-live]').waitFor({ state: 'attached' });
      return response;
    };
    await use(page);
  },
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
