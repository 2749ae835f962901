import type { Browser, Page } from '@playwright/test';
import {
  ADMIN,
  accountMenu,
  addToCart,
  logIn,
  signedInBuyer,
  stepUpAdmin,
  toPaymentPage,
} from '../support/shop';
import { expect, test, waitingForApp } from '../support/test';

/** The staff's dashboard, as the shop's owner uses it: products, users, reviews and refunds. */

/** A 16×16 orange PNG: the shop makes its three WebP pictures from it. */
const PICTURE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGP4HyVPEmIY1TCqYfhqAADE0HgQFNu2LQAAAABJRU5ErkJggg==',
  'base64',
);

/** A second browser signed in as the admin (the page under test keeps its own user). */
async function adminPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = waitingForApp(await context.newPage());
  await logIn(page, ADMIN.email, ADMIN.password);
  // The refund asks for a step-up in the last five minutes: given here with the password (decision 35).
  await stepUpAdmin(page);
  return page;
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Account sections' });

test.describe('admin dashboard', () => {
  test('create a product with a picture, find it, change its price and stock, then delete it', async ({
    page,
  }) => {
    // The longest journey (create, four saves, delete): more than the default minute on a busy machine.
    test.slow();
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/account/products');
    await expect(tabs(page).getByRole('link')).toHaveText([
      'Orders',
      'To ship',
      'Products',
      'Sizes',
      'Users',
      'Roles',
      'Profile',
      'Sales',
      'Promotions',
      'Shipping',
      'Tax',
      'Returns',
      'Drops',
      'Activity',
      'Team',
      'Security',
      'Sessions',
    ]);

    const name = `Staff Runner ${Date.now().toString(36).slice(-5)}`;
    await page.getByRole('button', { name: 'Add a product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a product' });
    const send = dialog.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Brand').selectOption('vans');
    await dialog.getByLabel('Color').selectOption('Green');
    await dialog.getByRole('radio', { name: 'Unisex' }).check();
    await dialog.getByRole('radio', { name: 'Running' }).check();
    await dialog.getByLabel('Release date').fill('2026-03-14');
    await dialog.getByLabel('Price', { exact: true }).fill('99.5');
    await dialog
      .getByLabel('Description')
      .fill('A light trainer for long easy runs, with a soft foam sole and a breathable knit upper.');
    await dialog.getByRole('checkbox', { name: 'Size 8', exact: true }).check();
    await dialog.getByLabel('Units of size 8', { exact: true }).fill('3');
    await dialog.getByRole('checkbox', { name: 'Size 9', exact: true }).check();
    await dialog.getByLabel('Units of size 9', { exact: true }).fill('0');
    await expect(dialog.getByText('All the sizes must have an stock most of 0')).toBeVisible();
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Units of size 9', { exact: true }).fill('2');
    await dialog
      .getByLabel('Image')
      .setInputFiles({ name: 'runner.png', mimeType: 'image/png', buffer: PICTURE_PNG });
    await expect(dialog.getByRole('img', { name: /picture/i }).first()).toBeVisible();
    await expect(send).toBeEnabled();
    await send.click();
    await expect(dialog.getByText('Your product was upload')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/home');
    await dialog.getByRole('link', { name: 'Back' }).click();

    // Shoppers find it by search.
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('banner').getByPlaceholder('search').fill(name);
    await page.getByRole('banner').getByPlaceholder('search').press('Enter');
    const card = page.locator('.product-card', { hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('$99.50');
    await card.getByRole('link').first().click();
    // The product's page (the results' heading, 'Results for "<name>"', holds the name too).
    await expect(page).toHaveURL(/\/home\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    const productUrl = page.url();
    const editHref = (await page.getByRole('link', { name: `Edit ${name}` }).getAttribute('href')) ?? '';

    // From its page to Product Details: a new price, then more pairs of size 8, then size 9 sold out.
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    const details = page.getByRole('dialog', { name: 'Product Details' });
    await details.getByRole('button', { name: 'Edit Price' }).click();
    await details.getByRole('textbox', { name: 'Price', exact: true }).fill('89.99');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByText('The product was saved.')).toBeVisible();
    await details.getByRole('button', { name: 'Stock' }).click();
    await details.getByRole('spinbutton', { name: 'Size 8 units' }).fill('12');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByText('The product was saved.')).toBeVisible();
    // Size 9 sold out (0 units) and a new price, in one save.
    await details.getByRole('spinbutton', { name: 'Size 9 units' }).fill('0');
    await details.getByRole('button', { name: 'Back' }).click();
    await details.getByRole('button', { name: 'Edit Price' }).click();
    await details.getByRole('textbox', { name: 'Price', exact: true }).fill('84.99');
    await expect(details.getByText('2 changes to save.')).toBeVisible();
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByText('The product was saved.')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).last().click();

    // The staff's list shows the newest product first; with a sold-out size it opens ready to save.
    await expect(page).toHaveURL(/\/account\/products$/);
    const newest = page.getByRole('article').first();
    await expect(newest).toHaveAccessibleName(name);
    await newest.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(details.getByText('Press a pencil to change a field.')).toBeVisible();
    await expect(details.getByText('Correct the fields marked before saving.')).toHaveCount(0);
    await details.getByRole('button', { name: 'Edit Price' }).click();
    await details.getByRole('textbox', { name: 'Price', exact: true }).fill('89.99');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByText('The product was saved.')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).last().click();

    await page.goto(productUrl);
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('$89.99');
    const id = new URL(editHref, productUrl).searchParams.get('edit') ?? '';
    // The API's view of the stock (a refusal shows its status and body in the failure).
    await expect
      .poll(async () => {
        const response = await page.request.get(`/api/products/details/${id}`);
        if (!response.ok()) return `${response.status()} ${await response.text()}`;
        const [product] = (await response.json()) as { stock: Record<string, number> }[];
        return product?.stock;
      })
      .toMatchObject({ '8': 12, '9': 0 });

    // Deleted from its page: it leaves the catalogue and stays in the staff's list, archived.
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/account\/products$/);
    await page.goto(productUrl);
    await expect(
      page.getByRole('heading', { level: 1, name: "We couldn't find this sneaker" }),
    ).toBeVisible();
    await page.goto(`/account/products?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole('article', { name })).toContainText('Archived');
  });

  test('suspend a user who then cannot log in, reactivate them; promote one who then sees the admin menu', async ({
    page,
    browser,
    baseURL,
  }) => {
    const shopper = await signedInBuyer(page, 'staffed');
    const admin = await adminPage(browser, baseURL);
    await admin.goto('/account/users');
    const search = admin.getByRole('search', { name: 'Users' });
    await search.getByLabel('Search users').fill(shopper.email);
    await search.getByRole('button', { name: 'Search' }).click();
    const status = admin.getByRole('switch', { name: `Status of ${shopper.email}` });
    await expect(status).toBeChecked();
    // The switches answer a click at once but asynchronously (an optimistic update): click, then expect.
    await status.click();
    await expect(status).not.toBeChecked();
    await expect(admin.getByRole('article').filter({ hasText: shopper.email })).toContainText('suspended');

    // Suspended: signed out everywhere and refused at the login form.
    const guest = await browser.newContext({ baseURL });
    const guestPage = waitingForApp(await guest.newPage());
    await guestPage.goto('/login');
    await guestPage.getByLabel('Email').fill(shopper.email);
    await guestPage.getByLabel('Password', { exact: true }).fill(shopper.password);
    await guestPage.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(guestPage.getByText(/This account is suspended/)).toBeVisible();

    // Reactivated: the same login goes through.
    await status.click();
    await expect(status).toBeChecked();
    await admin.reload();
    await expect(admin.getByRole('switch', { name: `Status of ${shopper.email}` })).toBeChecked();
    await guestPage.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(guestPage).toHaveURL(/\/$/);

    // Promoted: on their next visit the account menu is the staff's.
    await admin.getByRole('switch', { name: `Admin role for ${shopper.email}` }).click();
    await expect(admin.getByRole('switch', { name: `Admin role for ${shopper.email}` })).toBeChecked();
    await guestPage.reload();
    await accountMenu(guestPage).click();
    const banner = guestPage.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(
      banner.getByRole('link', { name: 'Products' }).and(banner.locator('[href="/account/products"]')),
    ).toBeVisible();
    await guest.close();
    await admin.context().close();
  });

  test('delete a review from the product page', async ({ page, browser, baseURL }) => {
    // A shopper's own review, so the journey does not depend on the seeded ones.
    await signedInBuyer(page, 'critic');
    const bought = await addToCart(page, 'Chestnut');
    await toPaymentPage(page);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByText('Checkout Success')).toBeVisible();
    await page.goto('/account/bought');
    const card = page.getByRole('article', { name: bought.name });
    await card.getByRole('button', { name: /make your review/ }).click();
    await card.getByLabel('Rating').fill('1');
    const comment = `Rude words ${Date.now().toString(36)}`;
    await card.getByLabel('Comments').fill(comment);
    await card.getByRole('button', { name: 'send review' }).click();
    await expect(card).toContainText(comment);

    const admin = await adminPage(browser, baseURL);
    await admin.goto(`/home/${bought.productId}`);
    const review = admin.locator('.product__review', { hasText: comment });
    await expect(review).toBeVisible();
    await review.getByRole('button', { name: /^Delete the review by/ }).click();
    await admin
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(admin.locator('.product__review', { hasText: comment })).toHaveCount(0);
    await page.goto(`/home/${bought.productId}`);
    await expect(page.getByRole('heading', { level: 1, name: bought.name })).toBeVisible();
    await expect(page.getByText(comment)).toHaveCount(0);
    await admin.context().close();
  });

  test('refund a paid order: it becomes cancelled once and the refund shows in Activity', async ({
    page,
    browser,
    baseURL,
  }) => {
    const buyer = await signedInBuyer(page, 'refund');
    await addToCart(page, 'Pegasus');
    await toPaymentPage(page);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByText('Checkout Success')).toBeVisible();

    const admin = await adminPage(browser, baseURL);
    await admin.goto('/account/orders?state=aprobed');
    const order = admin.getByRole('article').filter({ hasText: buyer.email }).first();
    await expect(order).toContainText('aprobed');
    await order.getByRole('button', { name: /^Detail of order/ }).click();
    await admin.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Refund this order?' });
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByRole('main')).toContainText('cancelled');
    await expect(admin.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);

    // The buyer sees it cancelled; the staff's trail has the refund.
    await page.goto('/account/orders');
    await expect(page.getByRole('article').first()).toContainText('cancelled');
    await tabs(admin).getByRole('link', { name: 'Activity' }).click();
    await expect(admin.getByRole('main')).toContainText(/refunded/i);
    await admin.context().close();
  });

  test('on a phone, Products is a dense row per product and the admin badge stands apart from the e-mail', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/account/products');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(12);
    // The picture sits beside the facts, so a product takes a short row, not a screen.
    const first = cards.first();
    const picture = (await first.locator('img').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    const name = (await first.getByRole('heading').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    expect(name.x).toBeGreaterThanOrEqual(picture.x + picture.width);
    const top = (await first.boundingBox())?.y ?? 0;
    const last = await cards.last().boundingBox();
    expect((last?.y ?? 0) + (last?.height ?? 0) - top).toBeLessThan(12 * 240);
    // Every action keeps a comfortable target.
    for (const button of await first.getByRole('button').all())
      expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(40);

    const email = (await page.getByText(ADMIN.email, { exact: true }).boundingBox()) ?? null;
    const badge = (await page.locator('.account-head__badge').boundingBox()) ?? null;
    expect(email && badge).toBeTruthy();
    if (email && badge) {
      const apart = badge.x >= email.x + email.width + 4 || badge.y >= email.y + email.height;
      expect(apart).toBe(true);
    }
  });

  test('a shopper is told the staff pages are for admins, and the API refuses them too', async ({ page }) => {
    await signedInBuyer(page, 'nosy');
    await page.goto('/account/users');
    await expect(page.getByRole('heading', { name: 'Only admins can see this page' })).toBeVisible();
    const response = await page.request.get('/api/users?orderSearch={}');
    expect(response.status()).toBe(403);
  });
});
