import { expectAccessible } from '../support/axe';
import { productOfItsOwn } from '../support/products';
import { adminPage, keepShopping, pickSize, signedInBuyer, toPaymentPage } from '../support/shop';
import { expect, test } from '../support/test';

interface OutboxMessage {
  to: string;
  subject: string;
  links: string[];
  headers?: Record<string, string>;
}

/**
 * Checkout recovery (issue 40): a shopper who said yes to offers takes a pair to the payment page and
 * leaves; with the owner's delay at one minute, the reminder comes (with the one-click unsubscribe), its
 * link opened on another device asks them to sign in and brings the cart back, and they buy. Staff see the
 * checkout recovered in the Sales tab.
 */
test('a shopper who left at the payment page is reminded a minute later, follows the link and buys', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const owner = await adminPage(browser, baseURL);
  const origin = new URL(owner.url()).origin;
  const setDelays = (delaysMinutes: number[]) =>
    owner.request.put('/api/settings/recovery', { data: { delaysMinutes }, headers: { origin } });
  const faster = await setDelays([1]);
  expect(faster.ok(), await faster.text()).toBe(true);
  try {
    const product = await productOfItsOwn(owner.request, origin, 'Reminder Runner', {
      price: 140,
      units: 4,
      description: 'A runner left at the payment page, and bought after a reminder.',
    });
    const account = await signedInBuyer(page, 'reminded');
    await page.goto('/account/profile');
    const consent = page.getByRole('checkbox', { name: 'E-mail me price drops and offers' });
    await consent.click();
    await expect(consent).toBeChecked();

    await page.goto(`/home/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await pickSize(page, page.locator('.size-picker input:not([disabled])').first());
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await keepShopping(page);
    await toPaymentPage(page);
    // The shopper leaves the payment page without paying.
    await page.goto('/');

    // About a minute later, the reminder.
    let reminder: OutboxMessage | undefined;
    await expect
      .poll(
        async () => {
          const { messages } = (await (await page.request.get('/api/dev/outbox')).json()) as {
            messages: OutboxMessage[];
          };
          reminder = messages.find(
            (message) => message.to === account.email && message.subject.includes('left your sneakers'),
          );
          return reminder !== undefined;
        },
        { timeout: 150_000, intervals: [5_000] },
      )
      .toBe(true);
    expect(reminder?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(reminder?.headers?.['List-Unsubscribe']).toMatch(/^<.+\/api\/unsubscribe\?token=/);
    const link = reminder?.links.find((each) => each.includes('/cart?recover=')) ?? '';
    expect(link).not.toBe('');

    // On another device: the link asks them to sign in, then brings the cart back.
    const phone = await browser.newContext({ baseURL });
    const other = await phone.newPage();
    await other.goto(new URL(link).pathname + new URL(link).search);
    await expect(other).toHaveURL(/\/login\?redirect=/);
    await other.getByLabel('Email').fill(account.email);
    await other.getByLabel('Password', { exact: true }).fill(account.password);
    await other.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(other.getByText('Your cart is back: pick up where you left off.')).toBeVisible();
    await expect(other).toHaveURL(/\/cart$/);
    await expect(other.getByText(product.name).first()).toBeVisible();
    await expectAccessible(other, 'the restored cart at 1280 px');
    await other.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(other, 'the restored cart at 375 px');
    await other.setViewportSize({ width: 1280, height: 800 });

    await toPaymentPage(other);
    await other.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(other).toHaveURL(/\/order-completed\?provider=stripe&order=/);
    const orderId = new URL(other.url()).searchParams.get('order') ?? '';
    await phone.close();

    // Staff see it recovered, with the order.
    await owner.goto('/account/sales');
    const section = owner.getByRole('region', { name: 'Abandoned checkouts' });
    await expect(section.getByText(account.email).first()).toBeVisible();
    await expect(section.getByText('Recovered').first()).toBeVisible();
    const listed = await owner.request.get('/api/admin/abandoned-checkouts?page=1');
    const { items } = (await listed.json()) as {
      items: { customer: { email: string }; state: string; recoveredOrder: { id: string } | null }[];
    };
    expect(items.find((item) => item.customer.email === account.email)).toMatchObject({
      state: 'recovered',
      recoveredOrder: { id: orderId },
    });
    await expectAccessible(owner, 'the Sales tab with abandoned checkouts at 1280 px');
    await owner.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(owner, 'the Sales tab with abandoned checkouts at 375 px');
  } finally {
    await setDelays([60, 1440]);
    await owner.context().close();
  }
});
