import { test as base, type Page } from '@playwright/test';
import { expectAccessible } from './axe';

export { expect } from '@playwright/test';

/**
 * Waits until the app has taken the page over (`<html data-live>`). A page the server rendered shows
 * before its scripts run; until then its buttons and forms do not work yet.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-live]').waitFor({ state: 'attached' });
}

/**
 * Makes `page.goto` and `page.reload` return once the app has taken the page over, as a shopper's first
 * click would find it. The `page` fixture has it; a page a journey opens itself gets it from here.
 */
export function waitingForApp(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await waitForApp(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await waitForApp(page);
    return response;
  };
  return page;
}

/**
 * Playwright's `test`, with two additions:
 * - `page.goto` returns once the app has taken the server-rendered page over (`<html data-live>`), as a
 *   shopper's first click would find it; before that, buttons and forms do not work yet.
 * - axe-core is run on the page each journey ends on: a journey that passes leaves an accessible page
 *   behind it. `accessibility.spec.ts` walks every page and overlay at both widths.
 */
export const test = base.extend<{ accessibleAtEnd: undefined }>({
  page: async ({ page }, use) => {
    await use(waitingForApp(page));
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
