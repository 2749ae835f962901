import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { waitingForApp } from './test';

let counter = 0;
export function newAccount(prefix: string) {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36).slice(-5)}${counter}`.slice(0, 16);
  return { username: id, email: `${id}@example.com`, password: 'Sneakers#2024' };
}

interface OutboxMessage {
  to: string;
  subject: string;
  links: string[];
}

/** The newest e-mailed link to `email` whose path starts with `pathPrefix`, from the development outbox. */
export async function mailedLink(
  request: APIRequestContext,
  email: string,
  pathPrefix: string,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox');
        const { messages } = (await response.json()) as { messages: OutboxMessage[] };
        found = messages
          .filter((message) => message.to === email)
          .flatMap((message) => message.links)
          .find((link) => new URL(link).pathname.startsWith(pathPrefix));
        return found;
      },
      { message: `a mail to ${email} with a ${pathPrefix} link` },
    )
    .toBeTruthy();
  return found ?? '';
}

/**
 * Registers and verifies an account through the API, signed in within the page's browser context
 * (page.request shares its cookies). It sends the shop's Origin, as a browser would: a request that carries
 * cookies (the cart's, once a page has run) and no Origin is refused as a possible forgery.
 */
export async function signedInBuyer(page: Page, prefix = 'buyer', origin = BASE_URL) {
  const account = newAccount(prefix);
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: account,
    headers: { origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const link = await mailedLink(page.request, account.email, '/api/auth/verify-email');
  const verified = await page.request.get(link);
  expect(verified.ok()).toBe(true);
  return account;
}

export async function unitsInStock(
  request: APIRequestContext,
  productId: string,
  size: string,
): Promise<number> {
  const response = await request.get(`/api/products/details/${productId}`);
  const [product] = (await response.json()) as { stock: Record<string, number> }[];
  return product?.stock[size] ?? -1;
}

/** The storefront's pages that need no product, no order and no account (besides / and /home). */
export const PLAIN_PAGES = ['/women', '/basketball', '/login', '/register', '/restore-password', '/demogrid'];

/** The seeded admin (README: Accounts). */
export const ADMIN = { email: 'admin@sneakershop.test', password: 'Admin#2023shop' };

/** Signs in through the login form, which lands on the landing page. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

export function accountMenu(page: Page) {
  return page.getByRole('button', { name: 'Account' });
}

export interface Bought {
  productId: string;
  name: string;
}

/** Opens the first product of a search and puts one pair of its first size in stock in the cart. */
export async function addToCart(page: Page, search: string): Promise<Bought> {
  await page.goto(`/home?search=${encodeURIComponent(search)}`);
  const card = page.locator('.product-card').first();
  const name = ((await card.locator('h3').textContent()) ?? '').trim();
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await pickSize(page, page.locator('.size-picker input:not([disabled])').first());
  await page.getByRole('button', { name: /^Add to cart/ }).click();
  await keepShopping(page);
  return { productId: page.url().split('/').pop() ?? '', name };
}

/** On a product page, picks the size of this radio by its tile (the radio itself is hidden). */
export async function pickSize(page: Page, radio: Locator) {
  await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
}

/** Closes the dialog that says what was added to the cart, with Keep shopping. */
export async function keepShopping(page: Page) {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Keep shopping/ })
    .click();
}

/** On the checkout page: fills in a buyer's name, phone and address in Buenos Aires, and saves them. */
export async function saveBuyerDetails(page: Page) {
  await page.getByLabel('Full name').fill('Ana Gómez');
  await page.getByLabel('Phone').fill('+54 11 5555 1234');
  await page.getByLabel('Address').fill('Av. Corrientes 1234');
  await page.getByLabel('City').fill('Buenos Aires');
  await page.getByLabel('State').fill('CABA');
  await page.getByLabel('Postal code').fill('C1043AAB');
  await page.getByLabel('Country').fill('Argentina');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Data successfully set!')).toBeVisible();
}

/** From the cart to the test-mode card payment page, filling in the buyer's details on the way. */
export async function toPaymentPage(page: Page) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  if (!(await page.getByLabel('Postal code').inputValue())) await saveBuyerDetails(page);
  await page.getByRole('radio', { name: 'Card (Stripe)' }).check();
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/test-gateway\/test_stripe_[0-9a-f]{32}$/);
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeVisible();
}

/**
 * Steps the signed-in admin of `page` up with the password (POST /api/auth/step-up), as the step-up dialog
 * would: refunds, credit, exports and the tax settings then answer for five minutes (decision 35).
 */
export async function stepUpAdmin(page: Page) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/auth/step-up', {
    data: { password: ADMIN.password },
    headers: { origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * A second browser signed in as the admin (the page under test keeps the buyer), stepped up unless
 * `steppedUp` is false (the step-up dialog's own journey).
 */
export async function adminPage(
  browser: Browser,
  baseURL: string | undefined,
  { steppedUp = true }: { steppedUp?: boolean } = {},
) {
  const context = await browser.newContext({ baseURL });
  const page = waitingForApp(await context.newPage());
  await logIn(page, ADMIN.email, ADMIN.password);
  if (steppedUp) await stepUpAdmin(page);
  return page;
}

/** The order's card in the staff's To ship list, loading more orders until it shows. */
export async function toShipCard(admin: Page, number: number) {
  const card = admin.getByRole('article', { name: `Order #${number}`, exact: true });
  await expect(admin.getByRole('list', { name: 'Orders to ship' })).toBeVisible();
  while (!(await card.isVisible())) {
    const more = admin.getByRole('button', { name: 'Load more' });
    await expect(more).toBeVisible();
    await more.click();
  }
  return card;
}

export interface Paid {
  orderId: string;
  number: number;
  productId: string;
  name: string;
  size: string;
}

export interface OrderWire {
  _id: string;
  number: number;
  state: string;
  fulfilment: string;
  finalAmount: number;
  products: { id: string; size: string }[];
  returns: { id: string; number: string; state: string; exchangeOrderId: string | null }[];
  refundedAmount: number;
  tax: { total: number; jurisdiction: string };
  refundedTax: number;
}

export async function orderOf(page: Page, orderId: string): Promise<OrderWire> {
  const response = await page.request.get(`/api/orders/${orderId}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as OrderWire;
}

/** One pair of the first product a search finds, paid with the test card gateway. */
export async function buyOnePair(page: Page, search: string): Promise<Paid> {
  const bought = await addToCart(page, search);
  await toPaymentPage(page);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/order-completed\?provider=stripe&order=/);
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  await expect.poll(async () => (await orderOf(page, orderId)).state).toBe('aprobed');
  const order = await orderOf(page, orderId);
  return { ...bought, orderId, number: order.number, size: order.products[0]?.size ?? '' };
}

/** Staff ship every line of an order from To ship, with a UPS tracking number. */
export async function shipFromToShip(admin: Page, number: number) {
  await admin.goto('/account/to-ship');
  const card = await toShipCard(admin, number);
  await card.getByRole('combobox', { name: 'Carrier' }).selectOption('UPS');
  await card
    .getByRole('textbox', { name: 'Tracking number' })
    .fill(`1Z999AA1${String(number).padStart(10, '0')}`);
  await card.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(admin.getByText(`Order #${number} marked shipped: 1 pair with UPS`)).toBeVisible();
  await expect(admin.getByRole('article', { name: `Order #${number}`, exact: true })).toHaveCount(0);
}
