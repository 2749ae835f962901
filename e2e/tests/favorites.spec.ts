import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { mailedLink, pickSize, saveBuyerDetails, signedInBuyer, unitsInStock } from '../support/shop';
import { expect, test, waitingForApp } from '../support/test';

interface ListedProduct {
  _id: string;
  name: string;
  stock: Record<string, number>;
}

/** A product with a size of a few units left (and no sold-out size yet, so the panel is all ours). */
async function productWithFewUnits(
  request: APIRequestContext,
): Promise<{ product: ListedProduct; size: string }> {
  // Lists answer cards; the stock comes with each product's page.
  const response = await request.get('/api/products?limit=100&page=2');
  const { products } = (await response.json()) as { products: { _id: string }[] };
  for (const { _id } of products) {
    const [product] = (await (await request.get(`/api/products/details/${_id}`)).json()) as ListedProduct[];
    if (!product) continue;
    const sizes = Object.entries(product.stock);
    if (sizes.some(([, units]) => units <= 0)) continue;
    const few = sizes.find(([, units]) => units >= 1 && units <= 4);
    if (few) return { product, size: few[0] };
  }
  throw new Error('No product with a size of 1 to 4 units on page 2 of the catalogue');
}

/** Buyer B puts every unit of `size` in the cart and goes as far as the test-mode payment page. */
async function reserveLastUnits(browser: Browser, productId: string, size: string, units: number) {
  const context = await browser.newContext();
  const page = waitingForApp(await context.newPage());
  await signedInBuyer(page, 'lastpair');
  await page.goto(`/home/${productId}`);
  const tile = page.getByRole('radio', { name: size, exact: true });
  await pickSize(page, tile);
  await expect(tile).toBeChecked();
  await page.getByLabel('Quantity').selectOption(String(units));
  await page.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(page.getByRole('dialog').getByText('You added products to the cart')).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await saveBuyerDetails(page);
  await page.getByRole('radio', { name: 'Card (Stripe)' }).check();
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/test-gateway\/test_stripe_[0-9a-f]{32}$/);
  return { page, close: () => context.close() };
}

function heart(page: Page, name: string, favourite: boolean) {
  return page.getByRole('button', {
    name: favourite ? `Remove ${name} from favourites` : `Add ${name} to favourites`,
    exact: true,
  });
}

test.describe('favourites and back-in-stock alerts', () => {
  test('favourite a product from the catalogue, see it in the Favorites tab, remove it', async ({ page }) => {
    await page.goto('/home?search=Pegasus');
    const card = page.locator('.product-card').first();
    const name = ((await card.locator('h3').textContent()) ?? '').trim();

    // A guest is asked to log in, and stays on the catalogue.
    await card.getByRole('button', { name: `Add ${name} to favourites` }).click();
    const prompt = page.getByRole('dialog', { name: 'You must be logged in to add favourites' });
    await expect(prompt.getByRole('link', { name: 'LogIn' })).toBeVisible();
    await expect(page).toHaveURL(/\/home\?search=Pegasus$/);
    await page.keyboard.press('Escape');
    await expect(prompt).toBeHidden();

    await signedInBuyer(page, 'fav');
    await page.reload();
    await heart(page, name, false).first().click();
    await expect(heart(page, name, true).first()).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/\/home\?search=Pegasus$/);
    // Kept by the server: still a favourite after a reload.
    await page.reload();
    await expect(heart(page, name, true).first()).toBeVisible();

    await page.goto('/account/favorites');
    const item = page.getByRole('listitem').filter({ hasText: name });
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('article').getByRole('link', { name: /More Info/ })).toHaveAttribute(
      'href',
      /^\/home\/[0-9a-f-]{36}$/,
    );
    await item.getByRole('button', { name: `Remove ${name} from favourites` }).click();
    await expect(page.getByText('You need to add products to favorite')).toBeVisible();
    await expect(page.getByRole('link', { name: "Let's go!" })).toHaveAttribute('href', '/home');

    await page.goto('/home?search=Pegasus');
    await expect(heart(page, name, false).first()).toHaveAttribute('aria-pressed', 'false');
  });

  test('ask to be told about a sold-out size, and get the e-mail when another order is cancelled', async ({
    page,
    browser,
  }) => {
    const shopper = await signedInBuyer(page, 'notify');
    const { product, size } = await productWithFewUnits(page.request);
    const units = product.stock[size] ?? 0;

    // Buyer B reserves the last pairs of the size: it is sold out while B is on the payment page.
    const buyer = await reserveLastUnits(browser, product._id, size, units);
    expect(await unitsInStock(page.request, product._id, size)).toBe(0);

    await page.goto(`/home/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('radio', { name: `${size}, sold out` })).toBeDisabled();
    const toggle = page.getByRole('button', { name: /^Notify me when a size is back/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: `Notify me when size ${size} is back` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Size ${size}:` })).toHaveText(
      `Size ${size}: We will e-mail you when this size is back in stock.`,
    );
    await expect(page.getByRole('button', { name: `Cancel the alert for size ${size}` })).toBeVisible();

    // Kept by the server: after a reload the closed disclosure names the size.
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(`Waiting for size ${size}`)).toBeVisible();

    // Buyer B cancels at the payment page: the pairs come back, and the shopper is e-mailed.
    await buyer.page.getByRole('button', { name: 'Cancel' }).click();
    await expect(buyer.page).toHaveURL(/\/order-canceled\?provider=stripe&order=/);
    // The cancel page is what cancels the order (a provider only sends the buyer back): closing the
    // browser before it has would leave the pairs held until the reservation runs out.
    await expect(buyer.page.getByText('The purchase has been canceled')).toBeVisible();
    await buyer.close();
    await expect.poll(() => unitsInStock(page.request, product._id, size)).toBe(units);

    const link = await mailedLink(page.request, shopper.email, `/home/${product._id}`);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('radio', { name: size, exact: true })).toBeEnabled();

    // The alert is used up.
    const alerts = await page.request.get('/api/stock-alerts');
    expect(alerts.ok()).toBe(true);
    expect(await alerts.json()).toEqual([]);
  });
});
