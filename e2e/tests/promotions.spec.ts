import type { APIRequest, Page } from '@playwright/test';
import { adminRequest } from '../support/drops';
import { uniqueSuffix } from '../support/products';
import { createCode, grantCredit, productOnPromotion } from '../support/promotions';
import {
  adminPage,
  keepShopping,
  orderOf,
  pickSize,
  saveBuyerDetails,
  signedInBuyer,
  toShipCard,
} from '../support/shop';
import { expect, test } from '../support/test';

/**
 * Discount codes, store credit and sale prices from the shopper's side. Each journey makes its own
 * products (released long ago, so they sort last) and its own codes through the staff's API, so no other
 * journey meets them.
 */

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** An API client signed in as the seeded admin, and a product of the journey's own made through it. */
async function staffWithProduct(
  request: APIRequest,
  baseURL: string,
  name: string,
  prices: { price: number; compareAtPrice?: number },
) {
  const admin = await adminRequest(await request.newContext({ baseURL }), baseURL);
  return { admin, product: await productOnPromotion(admin, baseURL, name, prices) };
}

/** Puts one pair of `size` of the product in the cart from its page. */
async function addSize(page: Page, product: { id: string; name: string }, size: string) {
  await page.goto(`/home/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const input = page.locator(`.size-picker input[value="${size}"]`);
  await pickSize(page, input);
  await page.getByRole('button', { name: /^Add to cart/ }).click();
  await keepShopping(page);
}

async function applyCode(page: Page, code: string) {
  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

test('a code is applied in the cart, and a code that has expired is refused in words', async ({
  page,
  playwright,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const { admin, product } = await staffWithProduct(playwright.request, origin, 'Code Runner', {
    price: 100,
  });
  const suffix = uniqueSuffix().toUpperCase();
  const good = await createCode(admin, origin, {
    code: `TEN${suffix}`,
    kind: 'percent',
    value: 10,
    eligible: { productIds: [product.id] },
  });
  const expired = await createCode(admin, origin, {
    code: `OLD${suffix}`,
    kind: 'amount',
    value: 15,
    startsAt: daysFromNow(-3),
    endsAt: daysFromNow(-1),
  });
  await admin.dispose();

  await signedInBuyer(page, 'code');
  await addSize(page, product, '9');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-total')).toHaveText('$100.00');

  await applyCode(page, expired);
  const field = page.getByLabel('Discount code');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#cart-code-error')).toContainText(/expired/i);
  await expect(page.getByTestId('cart-total')).toHaveText('$100.00');

  await applyCode(page, good);
  await expect(page.getByTestId('cart-code-applied')).toHaveText(good);
  await expect(page.getByTestId('cart-discount')).toHaveText('−$10.00');
  await expect(page.getByTestId('cart-total')).toHaveText('$90.00');
  expect(await page.evaluate(() => localStorage.getItem('carrito-code'))).toBe(good);

  await page.getByRole('button', { name: `Remove the code ${good}` }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('$100.00');
});

test('a purchase with a code and store credit, paid on the test page; a returned line gives back what was paid for it', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.slow();
  const origin = baseURL ?? '';
  const { admin, product } = await staffWithProduct(playwright.request, origin, 'Credit Runner', {
    price: 100,
  });
  const code = await createCode(admin, origin, {
    code: `TWENTY${uniqueSuffix().toUpperCase()}`,
    kind: 'percent',
    value: 20,
    eligible: { productIds: [product.id] },
  });
  await signedInBuyer(page, 'promo');
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { id: string };
  };
  await grantCredit(admin, origin, session.user.id, 25);
  await admin.dispose();

  // Two lines of 1 pair at $100: 20% off each is $20, so each line is paid $80.
  await addSize(page, product, '8');
  await addSize(page, product, '9');
  await page.goto('/cart');
  await applyCode(page, code);
  await expect(page.getByTestId('cart-discount')).toHaveText('−$40.00');
  await expect(page.getByTestId('cart-total')).toHaveText('$160.00');

  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await saveBuyerDetails(page);
  await expect(page.getByTestId('checkout-discount')).toHaveText('−$40.00');
  await page.getByRole('checkbox', { name: 'Use my store credit ($25.00 available)' }).check();
  await expect(page.getByTestId('checkout-credit')).toHaveText('−$25.00');
  const toPay = (await page.getByTestId('checkout-to-pay').textContent()) ?? '';
  await page.getByRole('radio', { name: 'Card (Stripe)' }).check();
  await page.getByRole('button', { name: 'Buy' }).click();

  await expect(page).toHaveURL(/\/test-gateway\/test_stripe_[0-9a-f]{32}$/);
  await expect(page.getByTestId('test-gateway-discount')).toContainText(code);
  await expect(page.getByTestId('test-gateway-discount')).toContainText('−$40.00');
  await expect(page.getByTestId('test-gateway-credit')).toContainText('−$25.00');
  await page.getByRole('button', { name: `Pay ${toPay}` }).click();
  await expect(page).toHaveURL(/\/order-completed\?provider=stripe&order=/);
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  await expect.poll(async () => (await orderOf(page, orderId)).state).toBe('aprobed');
  const paid = (await orderOf(page, orderId)) as Awaited<ReturnType<typeof orderOf>> & {
    code: string;
    discount: number;
    creditUsed: number;
  };
  expect(paid).toMatchObject({ code, discount: 40, creditUsed: 25 });

  // Staff ship both pairs.
  const staffPage = await adminPage(browser, baseURL);
  await staffPage.goto('/account/to-ship');
  const card = await toShipCard(staffPage, paid.number);
  await card.getByRole('combobox', { name: 'Carrier' }).selectOption('UPS');
  await card
    .getByRole('textbox', { name: 'Tracking number' })
    .fill(`1Z999AA1${String(paid.number).padStart(10, '0')}`);
  await card.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(staffPage.getByText(`Order #${paid.number} marked shipped: 2 pairs with UPS`)).toBeVisible();

  // The buyer sends the size 8 back for a refund to the original payment.
  await page.goto(`/account/orders?order=${orderId}`);
  await expect(page.getByRole('heading', { name: 'Order detail' })).toBeVisible();
  await expect(page.getByTestId('order-discount')).toHaveText('−$40.00');
  await expect(page.getByTestId('order-credit-used')).toHaveText('−$25.00');
  await page.getByRole('button', { name: 'Return or exchange' }).click();
  const form = page.getByRole('region', { name: 'Return or exchange' });
  await form
    .getByRole('combobox', { name: `Pairs to send back of ${product.name}, size 8` })
    .selectOption('1');
  const where = form.getByRole('group', { name: 'Where should the refund go?' });
  await expect(where.getByRole('radio', { name: 'Back to my original payment' })).toBeChecked();
  await form.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Too small' });
  await form.getByRole('button', { name: 'Send return request' }).click();
  const heading = page.getByRole('heading', { name: /^Return \S+ is open$/ });
  await expect(heading).toBeVisible();
  const number = /^Return (\S+) is open$/.exec((await heading.textContent()) ?? '')?.[1] ?? '';

  // Staff approve and receive it: the refund is what was paid for that line, $80.
  await staffPage.goto('/account/returns');
  const returned = staffPage.getByRole('article', { name: `Return ${number}`, exact: true });
  await returned.getByRole('button', { name: 'Approve' }).click();
  await expect(staffPage.getByText(`Return ${number} is approved`)).toBeVisible();
  await returned.getByRole('button', { name: 'Mark received…' }).click();
  await returned.getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(staffPage.getByText(`Return ${number} is received.`)).toBeVisible();
  await staffPage.context().close();

  await expect.poll(async () => (await orderOf(page, orderId)).refundedAmount).toBe(80);
  await page.goto(`/account/orders?order=${orderId}`);
  const listed = page.getByRole('article', { name: `Return ${number}` });
  await expect(listed.locator('dt:text-is("Refunded") + dd')).toHaveText('$80.00');
  await expect(listed.getByTestId('return-refund-to')).toHaveText('Refund back to your original payment');
});

test('a sale price shows on the card and the product page, and the On sale filter finds it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const { admin, product } = await staffWithProduct(playwright.request, origin, 'Sale Runner', {
    price: 120,
    compareAtPrice: 150,
  });
  await admin.dispose();

  await page.goto(`/home?search=${encodeURIComponent(product.name)}`);
  const card = page.locator('.product-card', { hasText: product.name });
  await expect(card.locator('s')).toHaveText('$150.00');
  await expect(card.getByText('Save $30.00', { exact: true })).toBeVisible();
  await expect(card).toContainText('was $150.00, now $120.00');

  await page.getByRole('button', { name: /Filters/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: 'On sale' }).check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]onSale=true/);
  await expect(page.getByRole('button', { name: 'Remove filter On sale' })).toBeVisible();
  await expect(page.locator('.product-card', { hasText: product.name })).toBeVisible();

  await page.locator('.product-card', { hasText: product.name }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.locator('.product__price s')).toHaveText('$150.00');
  await expect(page.locator('.product__price')).toContainText('Save $30.00');
});
