import { request as requests } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { productOfItsOwn } from '../support/products';
import { adminPage, mailedLink, newAccount } from '../support/shop';
import { expect, test } from '../support/test';

interface OutboxMessage {
  to: string;
  subject: string;
  headers?: Record<string, string>;
}

/**
 * Marketing consent and one-click unsubscribe (issue 40): a shopper says yes at sign-up, a favourite's
 * price drops, and the e-mail's List-Unsubscribe header (RFC 8058) unsubscribes them with one POST from
 * the mail client, no sign-in; the profile shows it.
 */
test('a shopper who said yes at sign-up unsubscribes with one click from a price-drop e-mail', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const account = newAccount('consent');
  await page.goto('/register');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  const consent = page.getByRole('checkbox', { name: 'E-mail me price drops and offers' });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  await page.goto(await mailedLink(page.request, account.email, '/api/auth/verify-email'));

  await page.goto('/account/profile');
  await expect(page.getByRole('checkbox', { name: 'E-mail me price drops and offers' })).toBeChecked();
  await expect(page.getByText(/You said yes on .* when you signed up\./)).toBeVisible();

  // A product of the journey's own, among the shopper's favourites; staff lower its price.
  const owner = await adminPage(browser, baseURL);
  const origin = new URL(owner.url()).origin;
  const product = await productOfItsOwn(owner.request, origin, 'Unsubscribe Runner', {
    price: 120,
    units: 3,
    description: 'A runner whose price drops while it sits among a shopper’s favourites.',
  });
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { id: string };
  };
  const favourite = await page.request.put(`/api/users/addFavorite/${session.user.id}`, {
    data: { favorite: product.id },
    headers: { origin },
  });
  expect(favourite.ok(), await favourite.text()).toBe(true);
  const lowered = await owner.request.put(`/api/products/modify/${product.id}`, {
    data: { price: 99 },
    headers: { origin },
  });
  expect(lowered.ok(), await lowered.text()).toBe(true);

  // The e-mail carries the one-click unsubscribe in its headers.
  let header = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get('/api/dev/outbox')).json()) as {
        messages: OutboxMessage[];
      };
      const drop = messages.find(
        (message) => message.to === account.email && message.subject.includes('dropped'),
      );
      header = drop?.headers?.['List-Unsubscribe'] ?? '';
      return drop?.headers?.['List-Unsubscribe-Post'];
    })
    .toBe('List-Unsubscribe=One-Click');
  const link = new URL(header.slice(1, -1));

  // The mail client's POST: no cookie, no sign-in, the form body RFC 8058 names.
  const client = await requests.newContext();
  const posted = await client.post(link.href, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(posted.status(), await posted.text()).toBe(200);
  await client.dispose();

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'E-mail me price drops and offers' })).not.toBeChecked();
  await expect(page.getByText(/You said no on .* from an e-mail's unsubscribe link\./)).toBeVisible();

  // Ticked again in the profile; then the link opened in a browser (the mail's reader, signed in nowhere)
  // asks, and its button unsubscribes.
  // The box follows the saved answer, so it ticks once the shop has it.
  await page.getByRole('checkbox', { name: 'E-mail me price drops and offers' }).click();
  await expect(page.getByText('Saved: we may e-mail you price drops and offers.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'E-mail me price drops and offers' })).toBeChecked();
  const reader = await browser.newContext();
  const opened = await reader.newPage();
  await opened.goto(link.href);
  await expect(
    opened.getByRole('heading', { name: 'Unsubscribe from price drops and offers?' }),
  ).toBeVisible();
  await expectAccessible(opened, 'the unsubscribe page');
  await opened.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(opened.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await opened.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(opened, 'the unsubscribed page at 375 px');
  await reader.close();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'E-mail me price drops and offers' })).not.toBeChecked();
  await owner.context().close();
});
