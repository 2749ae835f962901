import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { adminRequest, productForDrop, scheduleDrop } from '../support/drops';
import { adminPage, orderOf, signedInBuyer, toPaymentPage } from '../support/shop';
import { expect, test } from '../support/test';

/** Fair drops from the shopper's side: entering a draw, and a first-come drop's waiting room. */

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** A product of the journey's own (see productForDrop), scheduled as a drop by the staff's API. */
async function dropOfItsOwn(
  request: APIRequestContext,
  origin: string,
  name: string,
  body: Record<string, unknown>,
): Promise<{ drop: string; product: string; name: string }> {
  const admin = await adminRequest(request, origin);
  const product = await productForDrop(admin, origin, name);
  const created = await scheduleDrop(admin, origin, { productId: product, ...body });
  return { drop: created.id, product, name: created.product.name };
}

/** A signed-in, verified buyer whose profile has the shipping address and phone a drop asks for. */
async function buyerWithProfile(page: Page, baseURL: string) {
  await signedInBuyer(page, 'dropper');
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { id: string };
  };
  const saved = await page.request.put(`/api/users/update/${session.user.id}`, {
    data: {
      fullName: 'Ana Gómez',
      phone: '+54 11 5555 1234',
      address: 'Av. Corrientes 1234',
      city: 'Buenos Aires',
      state: 'CABA',
      postalCode: 'C1043AAB',
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
  const { drop, product } = await dropOfItsOwn(admin, baseURL ?? '', 'Entry Runner', {
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
  const { drop, product } = await dropOfItsOwn(admin, baseURL ?? '', 'Queue Runner', {
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
  // The entry closes in 40 s (time to enter on a busy machine), the release five seconds later.
  const { drop, product, name } = await dropOfItsOwn(api, baseURL ?? '', 'Draw Runner', {
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
  await admin.getByRole('link', { name: `View the drop of ${name}` }).click();
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

test("the cart refuses a quantity above a drop's per-person limit, saying why", async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  const { product, name } = await dropOfItsOwn(admin, baseURL ?? '', 'Limit Runner', {
    mode: 'queue',
    releaseAt: inSeconds(5),
    preQueueMinutes: 15,
    admissionPerMinute: 1000,
    perPersonLimit: 1,
  });
  await buyerWithProfile(page, baseURL ?? '');

  await page.goto(`/home/${product}`);
  await page.getByRole('link', { name: 'Join the waiting room' }).click();
  await expect(page.getByRole('heading', { name: "It's your turn" })).toBeVisible({ timeout: 30_000 });
  const size = page.locator('.size-picker input:not([disabled])').first();
  await page.locator(`label[for="${await size.getAttribute('id')}"]`).click();
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL('/cart');

  const line = page.getByRole('listitem', { name: new RegExp(`^${name}, size`) });
  await expect(line.getByText('This release is limited to one pair per person')).toBeVisible();
  await expect(line.getByRole('button', { name: new RegExp(`^One more ${name}`) })).toBeDisabled();
  await expect(line.locator('output')).toHaveText('1');
  await admin.dispose();
});

test("a first-come drop's detail shows staff who joined, was admitted and holds a turn", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  const { drop, name } = await dropOfItsOwn(admin, baseURL ?? '', 'Figures Runner', {
    mode: 'queue',
    releaseAt: inSeconds(10),
    preQueueMinutes: 15,
    admissionPerMinute: 1000,
  });
  await buyerWithProfile(page, baseURL ?? '');
  const joined = await page.request.post(`/api/drops/${drop}/queue`, { headers: { origin: baseURL ?? '' } });
  expect(joined.ok(), await joined.text()).toBe(true);
  await expect
    .poll(async () => (await (await page.request.get(`/api/drops/${drop}/queue/me`)).json()).admitted, {
      timeout: 40_000,
    })
    .toBe(true);

  const staff = await adminPage(browser, baseURL);
  await staff.goto('/account/drops');
  const row = staff.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('1 joined');
  await row.getByRole('link', { name: `View the drop of ${name}` }).click();
  const room = staff.getByRole('region', { name: 'Waiting room' });
  const figure = (term: string) => room.locator('dt', { hasText: term }).locator('+ dd');
  await expect(figure('Joined the waiting room')).toHaveText('1 shopper');
  await expect(figure('Admitted')).toHaveText('1 shopper');
  await expect(figure('Bought')).toHaveText('0 shoppers');
  await expect(figure('Holding a turn now')).toHaveText('1 shopper');
  await expect(staff.getByText('No entries yet')).toHaveCount(0);
  await expectAccessible(staff, "a first-come drop's detail");
  await admin.dispose();
});

test('a shopper finds their draw entry under My drops, and after the draw its result on the product page', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  const api = await playwright.request.newContext({ baseURL });
  // The entry closes in 40 s (time to enter on a busy machine), the release five seconds later.
  const { drop, product, name } = await dropOfItsOwn(api, baseURL ?? '', 'Account Runner', {
    mode: 'draw',
    entryClosesAt: inSeconds(40),
    releaseAt: inSeconds(45),
  });
  await buyerWithProfile(page, baseURL ?? '');
  await page.goto(`/home/${product}`);
  const panel = page.getByRole('region', { name: 'Released by a fair draw' });
  const size = panel.locator('.size-picker input:not([disabled])').first();
  const entered = (await size.getAttribute('value')) ?? '';
  await panel.locator(`label[for="${await size.getAttribute('id')}"]`).click();
  await panel.getByRole('button', { name: 'Enter the draw' }).click();
  await expect(panel.getByText(/^You're in: entry /)).toBeVisible({ timeout: 30_000 });

  // The account lists the entry: its size, its state, the address the pair ships to, and Withdraw.
  await page.goto('/account/my-drops');
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Entered', { exact: true })).toBeVisible();
  await expect(card.getByText('Av. Corrientes 1234')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Withdraw entry' })).toBeVisible();
  await expectAccessible(page, 'My drops');

  // The shop draws at the close; the only entrant wins, and buys the held pair from the release.
  await expect
    .poll(async () => ((await (await api.get(`/api/drops/${drop}`)).json()) as { state: string }).state, {
      timeout: 90_000,
      intervals: [2_000],
    })
    .toBe('drawn');
  await page.reload();
  await expect(card.getByText('Won', { exact: true })).toBeVisible();
  const release = Date.parse(
    ((await (await api.get(`/api/drops/${drop}`)).json()) as { releaseAt: string }).releaseAt,
  );
  await page.waitForTimeout(Math.max(0, release - Date.now() + 500));
  await page.goto(`/home/${product}`);
  await panel.getByRole('button', { name: /^Buy size / }).click();
  await toPaymentPage(page);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/order-completed\?provider=stripe&order=/);
  await expect
    .poll(async () => ((await (await api.get(`/api/drops/${drop}`)).json()) as { state: string }).state)
    .toBe('finished');

  // The drop is over and the product on normal sale, but its page still says how the draw went.
  await page.goto(`/home/${product}`);
  const over = page.getByRole('region', { name: 'The draw for this release is over' });
  await expect(over.getByText(`Your entry, size ${entered}: Won and bought.`)).toBeVisible();
  await expectAccessible(page, 'a finished draw on the product page');
  await api.dispose();
});
