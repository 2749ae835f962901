import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expectAccessible } from '../support/axe';
import { ADMIN, adminPage, buyOnePair, mailedLink, signedInBuyer } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * "Download my data" (issue 40): a shopper asks for a copy of their data from their profile, the shop
 * prepares it in the background, and the card offers the ZIP; the archive holds their e-mail and order.
 * Staff ask for a person's copy from the Users tab, and its link is e-mailed to them.
 */
test.describe("a person's copy of their data", () => {
  test('a shopper downloads their data and opens the archive', async ({ page }) => {
    test.slow();
    const shopper = await signedInBuyer(page, 'copy');
    const paid = await buyOnePair(page, 'Air Force 1');

    await page.goto('/account/profile');
    const card = page.getByRole('region', { name: 'Your data' });
    await card.getByRole('button', { name: 'Download my data' }).click();
    await expect(card).toContainText('We are preparing your archive; we will e-mail you a link too.');
    const link = card.getByRole('link', { name: 'Download (ZIP)' });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText('valid until');
    await expectAccessible(page, 'the profile with the archive ready');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^sneaker-shop-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.txt', 'data.json', 'user.csv', 'order.csv', 'order_item.csv']),
    );
    const data = JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array())) as {
      tables: { user: { email: string }[]; order: { id: string; number: number }[] };
    };
    expect(data.tables.user[0]?.email).toBe(shopper.email);
    expect(data.tables.order.map((order) => order.id)).toContain(paid.orderId);
    expect(data.tables.order.map((order) => order.number)).toContain(paid.number);
    expect(strFromU8(files['README.txt'] ?? new Uint8Array())).toContain('works for 24 hours');

    // A second copy within the hour is refused, and the card says why.
    await card.getByRole('button', { name: 'Download my data' }).click();
    await expect(card.getByRole('alert')).toContainText('one copy an hour');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page, 'the profile with the archive ready at 375 px');
  });

  test("staff export a shopper's data from the Users tab, and the link comes to them", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const shopper = await signedInBuyer(page, 'copied');
    const owner = await adminPage(browser, baseURL);
    await owner.goto('/account/users');
    const search = owner.getByRole('search', { name: 'Users' });
    await search.getByLabel('Search users').fill(shopper.email);
    await search.getByRole('button', { name: 'Search' }).click();
    const card = owner.getByRole('article').filter({ hasText: shopper.email });
    await card.getByRole('button', { name: `Export the data of ${shopper.email}` }).click();
    await expect(card.getByRole('status')).toContainText(
      `The archive of ${shopper.email} is being prepared: the link will be e-mailed to you.`,
    );
    await expectAccessible(owner, 'a user card with its export started');
    await owner.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(owner, 'a user card with its export started at 375 px');

    const link = await mailedLink(owner.request, ADMIN.email, '/api/account/export/');
    const archive = await owner.request.get(link);
    expect(archive.ok()).toBe(true);
    expect(archive.headers()['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await archive.body()));
    const data = JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array())) as {
      tables: { user: { email: string }[] };
    };
    expect(data.tables.user[0]?.email).toBe(shopper.email);
    await owner.context().close();
  });
});
