import type { Page } from '@playwright/test';
import { addToCart, signedInBuyer, toPaymentPage } from '../support/shop';
import { expect, test, waitForApp } from '../support/test';

/** A 16×16 orange PNG, small enough to upload in a blink; the shop re-encodes it. */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGP4HyVPEmIY1TCqYfhqAADE0HgQFNu2LQAAAABJRU5ErkJggg==',
  'base64',
);

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Account sections' });

test.describe('account area', () => {
  test('the frame: tabs with their own addresses, /account opens the profile, an unknown section is not found', async ({
    page,
  }) => {
    const account = await signedInBuyer(page, 'frame');
    await page.goto('/account');
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: account.username })).toBeVisible();
    await expect(tabs(page).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('This page is being built')).toHaveCount(0);

    for (const [label, path, text] of [
      ['Favorites', '/account/favorites', 'You need to add products to favorite'],
      ['Orders', '/account/orders', 'With your first purchase your orders!.'],
      ['Bought', '/account/bought', 'With your first purchase you can add a review to the product.'],
    ] as const) {
      await tabs(page).getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByText('This page is being built')).toHaveCount(0);
    }

    await page.goto('/account/reviews');
    await expect(page.getByRole('heading', { name: 'Ooopps page not found!!' })).toBeVisible();
  });

  test('buy, see the order with its state and detail, review it from Bought and see it on the product page', async ({
    page,
  }) => {
    await signedInBuyer(page, 'review');
    const bought = await addToCart(page, 'Pegasus');
    await toPaymentPage(page);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByText('Checkout Success')).toBeVisible();

    // The success page's link to the orders.
    await page.getByRole('link', { name: 'See your orders' }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    const order = page.getByRole('article').first();
    await expect(order).toContainText('aprobed');
    await expect(order).toContainText(new Date().toISOString().slice(0, 4));
    await order.getByRole('button', { name: /^Detail of order/ }).click();
    await expect(page.getByRole('heading', { name: 'Order detail' })).toBeVisible();
    const lines = page.getByRole('list', { name: 'Products in this order' });
    await expect(lines.getByRole('listitem')).toHaveCount(1);
    await expect(lines).toContainText(bought.name);
    await expect(lines).toContainText(/1 × \$\d+\.\d{2}/);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();

    // Review it from Bought.
    await tabs(page).getByRole('link', { name: 'Bought' }).click();
    const card = page.getByRole('article', { name: bought.name });
    await card.getByRole('button', { name: /make your review/ }).click();
    await expect(card.getByRole('heading', { name: /Make your review!/ })).toBeVisible();
    const rating = card.getByLabel('Rating');
    await rating.fill('7');
    await expect(card.getByRole('alert')).toContainText('Choose a number from 0 to 5');
    await rating.fill('5');
    await expect(card.getByRole('alert')).toHaveCount(0);
    await expect(card.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    const comment = 'Light, springy and true to size.';
    await card.getByLabel('Comments').fill(comment);
    await card.getByRole('button', { name: 'send review' }).click();
    await expect(card).toContainText(comment);
    await expect(card.getByRole('button', { name: /Edit your review/ })).toBeVisible();

    // The review and the product's rating on its page.
    const response = await page.request.get(`/api/products/details/${bought.productId}`);
    const [product] = (await response.json()) as { rating: number }[];
    await page.goto(`/home/${bought.productId}`);
    const review = page.locator('.product__review', { hasText: comment });
    await expect(review.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByRole('img', { name: `Rated ${product?.rating} out of 5` })
        .first(),
    ).toBeVisible();

    // Editing it later.
    await page.goto('/account/bought');
    await page
      .getByRole('article', { name: bought.name })
      .getByRole('button', { name: /Edit your review/ })
      .click();
    await page.getByLabel('Rating').fill('4');
    await page.getByLabel('Comments').fill('Still great after a month.');
    await page.getByRole('button', { name: 'send review' }).click();
    await expect(page.getByRole('article', { name: bought.name })).toContainText(
      'Still great after a month.',
    );
    await expect(
      page.getByRole('article', { name: bought.name }).getByRole('img', { name: 'Rated 4 out of 5' }),
    ).toBeVisible();
  });

  test('a pending order is paid from Orders; another one is cancelled there', async ({ page }) => {
    await signedInBuyer(page, 'pending');
    await addToCart(page, 'Dunk');
    await toPaymentPage(page);
    // Leave the payment page without paying: the order stays pending.
    await page.goto('/account/orders');
    const order = page.getByRole('article').first();
    await expect(order).toContainText('pending');
    await order.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/test-gateway\/test_stripe_[0-9a-f]{32}$/);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByText('Checkout Success')).toBeVisible();
    await page.goto('/account/orders');
    await expect(page.getByRole('article').first()).toContainText('aprobed');

    await addToCart(page, 'Dunk');
    await toPaymentPage(page);
    await page.goto('/account/orders');
    const second = page.getByRole('article').first();
    await expect(second).toContainText('pending');
    await second.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article').first()).toContainText('cancelled');
    await expect(page.getByRole('article').first().getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  });

  test('edit the profile with a picture, then keep it after a reload', async ({ page }) => {
    await signedInBuyer(page, 'profile');
    await page.goto('/account/profile');
    await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();

    await page.locator('input[type="file"]').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: AVATAR_PNG,
    });
    await expect(page.getByRole('progressbar', { name: 'Picture upload' })).toBeVisible();
    await expect(page.getByText('Picture uploaded and saved.')).toBeVisible();
    await expect(page.getByText('Data successfully set!')).toBeVisible();
    const avatar = page.locator('.account-upload img');
    await expect(avatar).toHaveAttribute('src', /^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);

    // A file that is not a picture is refused before it is sent.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(page.getByRole('alert')).toContainText('This file is not a picture');

    const phone = page.getByLabel('Phone', { exact: true });
    await expect(phone).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: 'Edit Phone' }).click();
    await expect(phone).toBeFocused();
    await phone.fill('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Errores en el/los formulario/s: PHONE' }),
    ).toBeVisible();
    await expect(page.getByText(/Necesita/).first()).toBeVisible();

    await phone.fill('+54 11 4444 5678');
    await page.getByRole('button', { name: 'Edit City' }).click();
    await page.getByLabel('City', { exact: true }).fill('Rosario');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Data successfully set!')).toBeVisible();
    await expect(phone).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('+541144445678');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Rosario');
    await expect(page.locator('.account-upload img')).toHaveAttribute('src', /^\/uploads\/avatars\//);
    // The picture shows in the account's header too.
    await expect(page.locator('.account-head img')).toHaveAttribute('src', /^\/uploads\/avatars\//);
  });

  test('change the password, then delete the account', async ({ page, browser }) => {
    const account = await signedInBuyer(page, 'leave');
    await page.goto('/account/profile');
    await page.getByLabel('Current password').fill(account.password);
    await page.getByLabel('New password').fill('weak');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByText('Password invalid, It must have 8 letters, 1 number and 1 character'),
    ).toBeVisible();
    const newPassword = 'Fresh#Kicks2025';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(/every other session of your account has ended/)).toBeVisible();

    // The old password no longer opens the account; the new one does.
    const other = await browser.newContext({ baseURL: page.url().split('/account')[0] });
    const origin = { origin: new URL(page.url()).origin };
    const old = await other.request.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
      headers: origin,
    });
    expect(old.ok()).toBe(false);
    const fresh = await other.request.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: newPassword },
      headers: origin,
    });
    expect(fresh.ok()).toBe(true);
    await other.close();

    // This browser stayed signed in; now the account goes.
    await page.reload();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(dialog).toContainText('Your reviews and your favourites are removed.');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The account's deletion loads the landing page afresh.
    await waitForApp(page);
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    const gone = await page.request.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: newPassword },
      headers: origin,
    });
    expect(gone.ok()).toBe(false);
  });
});
