import type { Locator, Page } from '@playwright/test';
import { signedInBuyer } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * Presses Tab until `target` has focus, as a keyboard user would, and fails if it is not
 * reached within `presses`: a control the keyboard cannot reach fails the journey.
 */
async function tabTo(page: Page, target: Locator, presses = 80) {
  const focused = target.and(page.locator(':focus'));
  for (let press = 0; press < presses; press += 1) {
    if ((await focused.count()) > 0) return;
    await page.keyboard.press('Tab');
  }
  await expect(focused, `reached within ${presses} presses of Tab`).toHaveCount(1);
}

const focusedHeading = (page: Page) => page.locator('h1:focus');

test.describe('keyboard only', () => {
  test('buy a pair from the landing page to the success page without a mouse', async ({ page }) => {
    test.slow();
    // Signed in beforehand (the sign-in form is a journey of its own); from here on, only keys.
    await signedInBuyer(page, 'keys');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Only Basketball' })).toBeVisible();

    // Search from the navbar; the results page takes focus to its heading.
    await tabTo(page, page.getByPlaceholder('search'));
    await page.keyboard.type('Pegasus');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home\?search=Pegasus/);
    await expect(focusedHeading(page)).toHaveText(/Pegasus/);

    // The first card opens the product; its name is the focused heading.
    const card = page.locator('.product-card').first();
    const name = ((await card.locator('h3').textContent()) ?? '').trim();
    await tabTo(page, card.getByRole('link').first());
    await page.keyboard.press('Enter');
    await expect(focusedHeading(page)).toHaveText(name);

    // A size in stock, chosen with the keyboard: Tab into the sizes, arrows to one that is free, Space.
    await tabTo(page, page.locator('.size-picker input:not([disabled])'));
    await page.keyboard.press('Space');
    await expect(page.locator('.size-picker input:checked')).toHaveCount(1);
    await tabTo(page, page.getByRole('button', { name: /^Add to cart/ }));
    await page.keyboard.press('Enter');

    // The modal holds focus; its 'Go to cart' link leads on.
    const modal = page.getByRole('dialog');
    await expect(modal).toBeVisible();
    await tabTo(page, modal.getByRole('link', { name: 'Go to cart' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cart$/);
    await expect(focusedHeading(page)).toHaveText('Your cart');

    await tabTo(page, page.getByRole('button', { name: 'Buy' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();

    // The buyer's details, field by field.
    for (const [label, value] of [
      ['Full name', 'Ana Gómez'],
      ['Phone', '+54 11 5555 1234'],
      ['Address', 'Av. Corrientes 1234'],
      ['City', 'Buenos Aires'],
      ['State', 'CABA'],
      ['Postal code', 'C1043AAB'],
      ['Country', 'Argentina'],
    ] as const) {
      await tabTo(page, page.getByLabel(label));
      await page.keyboard.type(value);
    }
    await tabTo(page, page.getByRole('button', { name: 'Save details' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Data successfully set!')).toBeVisible();

    // Shipping: the cheapest method is already chosen, and Tab passes through its radio group.
    await tabTo(page, page.getByRole('group', { name: 'Shipping' }).getByRole('radio', { checked: true }));
    // The card provider, chosen with the arrow keys if it is not already the choice.
    const stripe = page.getByRole('radio', { name: 'Card (Stripe)' });
    await tabTo(page, page.getByRole('group', { name: 'Payment method' }).getByRole('radio'));
    for (let press = 0; press < 3 && !(await stripe.isChecked()); press += 1)
      await page.keyboard.press('ArrowDown');
    await expect(stripe).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Buy' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/test-gateway\/test_stripe_[0-9a-f]{32}$/);

    await tabTo(page, page.getByRole('button', { name: /^Pay \$/ }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Checkout Success')).toBeVisible();
    await expect(page.getByText('Thank you for your purchase!')).toBeVisible();
  });
});
