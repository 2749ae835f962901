import type { Page } from '@playwright/test';
import { buyOnePair, signedInBuyer } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * Sizes and fit on the product page (issue 39): a buyer says how the pair fits in their review and the
 * page shows it with the size bought; a shopper reads the sizes in EU, and the page remembers it.
 */

/** Opens the first product a search finds. */
async function openProduct(page: Page, search: string) {
  await page.goto(`/home?search=${encodeURIComponent(search)}`);
  const card = page.locator('.product-card').first();
  const name = ((await card.locator('h3').textContent()) ?? '').trim();
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Chooses the system the sizes are shown in, by its tile (the radio itself is hidden). */
async function showSizesIn(page: Page, system: string) {
  await page.getByRole('group', { name: 'Show sizes in' }).getByText(system, { exact: true }).click();
}

test.describe('sizes and fit', () => {
  test('a buyer reviews a pair with how it fits, and its page shows the answer and the size bought', async ({
    page,
  }) => {
    test.slow();
    await signedInBuyer(page, 'fit');
    const paid = await buyOnePair(page, 'Air Max 90');

    await page.goto('/account/bought');
    const card = page.getByRole('article', { name: paid.name });
    await card.getByRole('button', { name: /make your review/ }).click();
    const question = card.getByRole('group', { name: /How does it fit\?/ });
    await question.getByRole('radio', { name: 'Runs small' }).check();
    const comment = 'Snug in the toe: I would go half a size up.';
    await card.getByLabel('Comments').fill(comment);
    await card.getByRole('button', { name: 'send review' }).click();
    await expect(card).toContainText(comment);
    await expect(card).toContainText('Fit: runs small');

    await page.goto(`/home/${paid.productId}`);
    const review = page.locator('.product__review', { hasText: comment });
    await expect(review).toContainText(`Fit: runs small · Bought US ${paid.size}`);

    // Read in EU, the size bought is said in EU with its US key beside it.
    await showSizesIn(page, 'EU');
    await expect(review).toContainText(new RegExp(`Bought EU [\\d.]+( [12]/3)? \\(US ${paid.size}\\)`));
  });

  test('a shopper reads the sizes in EU, saves one as theirs, and finds it chosen next time', async ({
    page,
  }) => {
    await openProduct(page, 'Air Jordan 1 Mid XQ');
    const sizes = page.getByRole('group', { name: /^Select size/ });
    await expect(sizes).toHaveAccessibleName('Select size (US)');

    await showSizesIn(page, 'EU');
    await expect(sizes).toHaveAccessibleName('Select size (EU)');
    // Nike's men's US 10 is an EU 44: the tile says 44, with US 10 under it.
    const ten = sizes.getByRole('radio', { name: /^EU 44 \(US 10\)/ });
    await expect(ten).toHaveCount(1);
    await expect(page.locator(`label[for="${await ten.getAttribute('id')}"]`)).toHaveText('44US 10');

    // The first size in stock, saved as the shopper's size.
    const first = sizes.locator('input:not([disabled])').first();
    const name = (await first.getAttribute('aria-label')) ?? '';
    const saved = name.replace(/ \(US .*\)$/, '');
    await page.locator(`label[for="${await first.getAttribute('id')}"]`).click();
    await page.getByRole('button', { name: `Save ${saved} as my size` }).click();
    await expect(page.getByText(`Your size, ${saved}, is selected.`)).toBeVisible();

    // Next time (a guest's browser keeps both), the page opens in EU with that size chosen.
    await page.reload();
    await expect(sizes).toHaveAccessibleName('Select size (EU)');
    await expect(sizes.getByRole('radio', { name })).toBeChecked();
    await expect(page.getByText(`Your size, ${saved}, is selected.`)).toBeVisible();
  });
});
