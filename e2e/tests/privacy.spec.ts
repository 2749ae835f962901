import { expectAccessible } from '../support/axe';
import { adminPage, buyOnePair, signedInBuyer } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * People's data (issue 40): an erasure waits while an order is open and says why; the owner sets how long
 * an erasure waits after the last order, and erases a shopper's data from the Users tab.
 */
test.describe("people's data", () => {
  test('a buyer whose order is still open is told why the deletion of their account waits', async ({
    page,
  }) => {
    test.slow();
    await signedInBuyer(page, 'holder');
    const paid = await buyOnePair(page, 'Air Force 1');

    await page.goto('/account/profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(dialog).toContainText('the deletion waits until they close');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog).toBeHidden();
    const held = page.getByRole('status').filter({ hasText: 'Your account will be deleted' });
    await expect(held).toContainText(`Order #${paid.number} is still open`);
    // Nothing went: the buyer is still signed in and can follow their order.
    await expect(page).toHaveURL(/\/account\/profile$/);
    const order = await page.request.get(`/api/orders/${paid.orderId}`);
    expect(order.ok()).toBe(true);
    await expectAccessible(page, 'a held deletion');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page, 'a held deletion at 375 px');
  });

  test("the owner sets the erasure hold and erases a shopper's data from the Users tab", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const shopper = await signedInBuyer(page, 'erasee');

    const owner = await adminPage(browser, baseURL);
    await owner.goto('/account/roles');
    const form = owner.getByRole('form', { name: "People's data" });
    const days = form.getByLabel('Days an erasure waits after the last order');
    await expect(days).toHaveValue('0');
    await days.fill('-3');
    await form.getByRole('button', { name: 'Save privacy settings' }).click();
    await expect(days).toHaveAccessibleDescription(/must be a whole number of days/);
    await days.fill('0');
    await form.getByRole('button', { name: 'Save privacy settings' }).click();
    await expect(form).toContainText('The privacy settings were saved.');
    await expectAccessible(owner, "the Roles tab's privacy settings");

    await owner.goto('/account/users');
    const search = owner.getByRole('search', { name: 'Users' });
    await search.getByLabel('Search users').fill(shopper.email);
    await search.getByRole('button', { name: 'Search' }).click();
    const card = owner.getByRole('article').filter({ hasText: shopper.email });
    await card.getByRole('button', { name: `Erase the personal data of ${shopper.email}` }).click();
    const dialog = owner.getByRole('dialog', { name: "Erase this person's data?" });
    await expect(dialog).toContainText('accounting records');
    await expectAccessible(owner, 'the erase dialog');
    await dialog.getByRole('button', { name: 'Erase data' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);

    // The person is gone: their session ended and their e-mail and password sign nobody in.
    await page.goto('/account/profile');
    await expect(page).toHaveURL(/\/login/);
    const again = await page.request.post('/api/auth/sign-in/email', {
      data: { email: shopper.email, password: shopper.password },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(again.ok()).toBe(false);
    // The Activity view names the erasure by its number, not the person.
    await owner.goto('/account/activity?kind=user.delete');
    await expect(owner.getByText(/erased the personal data of Erased customer #\d+/).first()).toBeVisible();
    await owner.context().close();
  });
});
