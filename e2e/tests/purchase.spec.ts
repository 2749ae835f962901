import type { Page } from '@playwright/test';
import { keepShopping, pickSize, saveBuyerDetails, signedInBuyer, unitsInStock } from '../support/shop';
import { expect, test } from '../support/test';

interface Chosen {
  productId: string;
  size: string;
  name: string;
}

/** Opens the first product of a search, picks its first size in stock, adds `count` to the cart. */
async function addToCart(page: Page, search: string, count: number): Promise<Chosen> {
  await page.goto(`/home?search=${encodeURIComponent(search)}`);
  const card = page.locator('.product-card').first();
  const name = ((await card.locator('h3').textContent()) ?? '').trim();
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  const size = page.locator('.size-picker input:not([disabled])').first();
  const sizeValue = (await size.getAttribute('value')) ?? '';
  await pickSize(page, size);
  await page.getByLabel('Quantity').selectOption(String(count));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog').getByText('You added products to the cart')).toBeVisible();
  await keepShopping(page);
  return { productId: page.url().split('/').pop() ?? '', size: sizeValue, name };
}

/** From the cart to the provider's (test-mode) payment page. */
async function checkout(page: Page, provider: 'Card (Stripe)' | 'PayPal') {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy' })).toBeDisabled();
  await saveBuyerDetails(page);
  await page.getByRole('radio', { name: provider }).check();
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/test-gateway\/test_(stripe|paypal)_[0-9a-f]{32}$/);
  await expect(page.getByText('TEST MODE')).toBeVisible();
}

const readCart = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('carrito') ?? '[]') as unknown[]);

async function latestOrder(page: Page) {
  const response = await page.request.get('/api/orders');
  const [order] = (await response.json()) as {
    _id: string;
    state: string;
    provider: string;
    user: { _id: string };
    products: { id: string; count: number }[];
  }[];
  return order;
}

test.describe('purchase', () => {
  for (const [provider, search] of [
    ['Card (Stripe)', 'Chuck 70 Lo'],
    ['PayPal', 'Old Skool'],
  ] as const) {
    test(`a full purchase paid by ${provider} in test mode`, async ({ page }) => {
      await signedInBuyer(page, provider === 'PayPal' ? 'paypal' : 'card');
      const chosen = await addToCart(page, search, 2);
      const before = await unitsInStock(page.request, chosen.productId, chosen.size);

      await checkout(page, provider);
      await page.getByRole('button', { name: /^Pay \$/ }).click();

      await expect(page).toHaveURL(/\/order-completed\?provider=(stripe|paypal)&order=/);
      const successLink = page.url();
      await expect(page.getByText('Checkout Success')).toBeVisible();
      await expect(page.getByText('Thank you for your purchase!')).toBeVisible();
      await expect.poll(() => readCart(page)).toEqual([]);

      const order = await latestOrder(page);
      expect(order).toMatchObject({
        state: 'aprobed',
        provider: provider === 'PayPal' ? 'paypal' : 'stripe',
      });
      expect(order?.products).toEqual([expect.objectContaining({ id: chosen.productId, count: 2 })]);
      expect(await unitsInStock(page.request, chosen.productId, chosen.size)).toBe(before - 2);

      // Having bought the pair, the buyer may review it; the review shows on the product page.
      const comment = `Bought with ${provider}: fits well.`;
      const reviewed = await page.request.post('/api/reviews', {
        data: { _idProduct: chosen.productId, _idUser: order?.user._id, rating: 5, description: comment },
      });
      expect(reviewed.status()).toBe(201);
      await page.goto(`/home/${chosen.productId}`);
      const review = page.locator('.product__review', { hasText: comment });
      await expect(review.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
      await expect(page.getByText("Sadly this product doesn't have any review yet...")).toBeHidden();

      // The success link opened again later (history, a bookmark) leaves the new cart alone.
      await addToCart(page, search, 1);
      await page.goto(successLink);
      await expect(page.getByText('Checkout Success')).toBeVisible();
      expect(await readCart(page)).toHaveLength(1);
    });
  }

  test('a cancelled payment returns the units and keeps the cart', async ({ page }) => {
    await signedInBuyer(page, 'cancel');
    const chosen = await addToCart(page, 'Sk8-Hi', 1);
    const before = await unitsInStock(page.request, chosen.productId, chosen.size);

    await checkout(page, 'Card (Stripe)');
    expect(await unitsInStock(page.request, chosen.productId, chosen.size)).toBe(before - 1);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page).toHaveURL(/\/order-canceled\?provider=stripe&order=/);
    await expect(page.getByText('The purchase has been canceled')).toBeVisible();
    await expect.poll(async () => (await latestOrder(page))?.state).toBe('cancelled');
    expect(await unitsInStock(page.request, chosen.productId, chosen.size)).toBe(before);
    expect(await readCart(page)).toHaveLength(1);
  });
});
