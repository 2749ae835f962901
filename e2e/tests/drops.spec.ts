import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, adminPage, orderOf, signedInBuyer, toPaymentPage } from '../support/shop';
import { expect, test } from '../support/test';

/** Fair drops from the shopper's side: entering a draw, and a first-come drop's waiting room. */

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** The id of the first product a search finds (each journey has a product of its own). */
async function productId(request: APIRequestContext, search: string): Promise<string> {
  const response = await request.get(`/api/products?search=${encodeURIComponent(search)}&limit=1`);
  const { products } = (await response.json()) as { products: { _id: string }[] };
  const id = products[0]?._id;
  if (!id) throw new Error(`No product found for "${search}"`);
  return id;
}

/** Schedules a drop as the seeded admin, through the API the staff's Drops tab uses. */
async function scheduleDrop(
  request: APIRequestContext,
  origin: string,
  body: Record<string, unknown>,
): Promise<string> {
  const signIn = await request.post('/api/auth/sign-in/email', { data: ADMIN, headers: { origin } });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const created = await request.post('/api/drops', { data: body, headers: { origin } });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { id: string }).id;
}

/** A signed-in, verified buyer whose profile has the shipping address and phone a drop asks for. */
async function buyerWithProfile(page: Page, baseURL: string) {
  await signedInBuyer(page, 'dropper');
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { id: string };
  };
  const saved = await page.request.put(`/api/users/update/${session.user.id}`, {
    data: {
      phone: '+54 11 5555 1234',
      address: 'Av. Corrientes 1234',
      city: 'Buenos Aires',
      state: 'CABA',
      country: 'Argentina',
    },
    headers: { origin: baseURL },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

test('enters a draw with the proof of work, then finds the entry and the commitment', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  const product = await productId(admin, 'Clifton');
  const drop = await scheduleDrop(admin, baseURL ?? '', {
    productId: product,
    mode: 'draw',
    releaseAt: inSeconds(86_400),
  });
  await buyerWithProfile(page, baseURL ?? '');

  await page.goto(`/home/${product}`);
  const panel = page.getByRole('region', { name: 'Released by a fair draw' });
  await expect(panel).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add to cart/ })).toHaveCount(0);
  const size = panel.locator('.size-picker input:not([disabled])').first();
  await panel.locator(`label[for="${await size.getAttribute('id')}"]`).click();
  await panel.getByRole('button', { name: 'Enter the draw' }).click();
  await expect(panel.getByText(/^You're in: entry /)).toBeVisible({ timeout: 30_000 });

  // A reload finds the entry on the server.
  await page.reload();
  await expect(panel.getByText(/^You're in: entry /)).toBeVisible();
  await panel.getByRole('link', { name: 'How this drop works' }).click();
  await expect(page).toHaveURL(`/drops/${drop}`);
  await expect(page.getByText('Entry open', { exact: true })).toBeVisible();
  await expect(page.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await admin.dispose();
});

test('a waiting room lets the shopper in, and the checkout carries the admission', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  const product = await productId(admin, 'Jazz Original');
  const drop = await scheduleDrop(admin, baseURL ?? '', {
    productId: product,
    mode: 'queue',
    releaseAt: inSeconds(5),
    preQueueMinutes: 15,
    admissionPerMinute: 1000,
  });
  await buyerWithProfile(page, baseURL ?? '');

  await page.goto(`/home/${product}`);
  await page.getByRole('link', { name: 'Join the waiting room' }).click();
  await expect(page).toHaveURL(`/drops/${drop}/queue`);
  await expect(page.getByRole('heading', { name: "It's your turn" })).toBeVisible({ timeout: 30_000 });
  const size = page.locator('.size-picker input:not([disabled])').first();
  await page.locator(`label[for="${await size.getAttribute('id')}"]`).click();

  const checkout = page.waitForRequest((request) => request.url().endsWith('/api/checkouts'));
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL('/cart');
  await toPaymentPage(page);
  const body = (await checkout).postDataJSON() as {
    admission?: string;
    products: { id: string; count: number }[];
  };
  expect(body.admission).toBeTruthy();
  expect(body.products).toEqual([expect.objectContaining({ id: product, count: 1 })]);
  await admin.dispose();
});

test('a draw is made by the shop at the close; staff see it, anyone checks it, and its winner buys the held pair', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.slow();
  const api = await playwright.request.newContext({ baseURL });
  const product = await productId(api, 'Half Cab');
  // The entry closes in 40 s (time to enter on a busy machine), the release five seconds later.
  const drop = await scheduleDrop(api, baseURL ?? '', {
    productId: product,
    mode: 'draw',
    entryClosesAt: inSeconds(40),
    releaseAt: inSeconds(45),
  });
  await buyerWithProfile(page, baseURL ?? '');
  await page.goto(`/home/${product}`);
  const panel = page.getByRole('region', { name: 'Released by a fair draw' });
  const size = panel.locator('.size-picker input:not([disabled])').first();
  await panel.locator(`label[for="${await size.getAttribute('id')}"]`).click();
  await panel.getByRole('button', { name: 'Enter the draw' }).click();
  await expect(panel.getByText(/^You're in: entry /)).toBeVisible({ timeout: 30_000 });

  // Nobody presses anything: the shop's clock draws at the close, and the only entrant wins.
  await expect
    .poll(async () => ((await (await api.get(`/api/drops/${drop}`)).json()) as { state: string }).state, {
      timeout: 90_000,
      intervals: [2_000],
    })
    .toBe('drawn');

  // Staff find it drawn in the dashboard, its seed published and the winner listed.
  const admin = await adminPage(browser, baseURL);
  await admin.goto('/account/drops');
  await admin.getByRole('link', { name: 'View the drop of Half Cab' }).first().click();
  await expect(admin.getByText(/^[0-9a-f]{64}$/).first()).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'Won' }).first()).toBeVisible();
  await admin.close();

  // From the release the winner buys the pair held for them, through the usual checkout.
  const release = Date.parse(
    ((await (await api.get(`/api/drops/${drop}`)).json()) as { releaseAt: string }).releaseAt,
  );
  await page.waitForTimeout(Math.max(0, release - Date.now() + 500));
  await page.goto(`/home/${product}`);
  await expect(panel.getByText(/^You won a pair in size /)).toBeVisible();
  await panel.getByRole('button', { name: /^Buy size / }).click();
  await expect(page).toHaveURL('/cart');
  await toPaymentPage(page);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/order-completed\?provider=stripe&order=/);
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  await expect.poll(async () => (await orderOf(page, orderId)).state).toBe('aprobed');
  // Its only winner has paid: the draw is over, and the product page is an ordinary one again.
  await expect
    .poll(async () => ((await (await api.get(`/api/drops/${drop}`)).json()) as { state: string }).state)
    .toBe('finished');
  await page.goto(`/home/${product}`);
  await expect(page.getByRole('region', { name: 'Released by a fair draw' })).toHaveCount(0);

  // Anyone recomputes the draw from what the shop published.
  await page.goto(`/drops/${drop}`);
  await page.getByRole('button', { name: 'Recompute in this browser' }).click();
  await expect(page.getByText('Commitment matches')).toBeVisible();
  await expect(page.getByText(/Winners match/).first()).toBeVisible();
  await api.dispose();
});
