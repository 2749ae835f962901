import { ADMIN, logIn, signedInBuyer, stepUpAdmin } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * The staff's side of promotions and store credit: a code created in the Promotions tab, found in the
 * list, paused from its form; then credit granted to a shopper from the Users tab.
 */

/** A code of the journey's own, so runs never meet another's. */
const codeOfItsOwn = () => `E2E${Date.now().toString(36).slice(-6).toUpperCase()}`;

test('staff create a code, find it in the list, pause it, and grant a shopper credit', async ({
  page,
  browser,
  baseURL,
}) => {
  // The shopper signs up in a browser of their own; the journey's page is the staff's.
  const guest = await browser.newContext({ baseURL });
  const shopper = await signedInBuyer(await guest.newPage(), 'credit');
  await guest.close();
  await logIn(page, ADMIN.email, ADMIN.password);
  // Granting credit asks for a step-up in the last five minutes: given here with the password.
  await stepUpAdmin(page);
  const code = codeOfItsOwn();

  // Create the code.
  await page.goto('/account/promotions');
  await expect(page.getByRole('heading', { level: 2, name: 'Promotions' })).toBeVisible();
  await page.getByRole('link', { name: 'New promotion' }).click();
  await expect(page).toHaveURL('/account/promotions/new');
  await expect(page.getByRole('heading', { level: 2, name: 'New promotion' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Percentage off (%)').fill('15');
  await page.getByLabel('Total uses').fill('50');
  await page.getByLabel('Uses per customer').fill('1');
  await page.getByRole('button', { name: 'Create the promotion' }).click();

  // Back on the list, which says so; the search finds it.
  await expect(page).toHaveURL('/account/promotions');
  await expect(page.getByText(`The promotion ${code} is created.`)).toBeVisible();
  const search = page.getByRole('search', { name: 'Promotions' });
  await search.getByLabel('Search by code').fill(code);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(`/account/promotions?search=${code}`);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('15% off');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('0 of 50');
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/api/promotions/export.csv?search=${code}`,
  );

  // Pause it from its form.
  await row.getByRole('link', { name: `Edit the promotion ${code}` }).click();
  const status = page.getByRole('region', { name: 'Status' });
  await status.getByRole('button', { name: 'Pause' }).click();
  await expect(status.getByRole('status')).toHaveText(`${code} is paused: shoppers cannot use it for now.`);
  await expect(status.getByRole('button', { name: 'Resume' })).toBeVisible();

  // The list's paused codes hold it.
  await page.goto('/account/promotions?state=paused');
  await page.getByRole('search', { name: 'Promotions' }).getByLabel('Search by code').fill(code);
  await page.getByRole('search', { name: 'Promotions' }).getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Paused');

  // Grant the shopper credit from the Users tab.
  await page.goto('/account/users');
  const users = page.getByRole('search', { name: 'Users' });
  await users.getByLabel('Search users').fill(shopper.email);
  await users.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Store credit of ${shopper.email}` }).click();
  const credit = page.getByRole('region', { name: 'Store credit' });
  await expect(credit).toContainText('Balance $0.00');
  await credit.getByLabel('Amount ($)').fill('20');
  await credit.getByLabel('Reason').fill('Welcome gift');
  await credit.getByRole('button', { name: 'Grant credit' }).click();
  await expect(
    credit.getByText(`Granted $20.00 of credit to ${shopper.username}. Balance now $20.00.`),
  ).toBeVisible();
  await expect(credit).toContainText('Balance $20.00');
  await expect(credit.getByRole('list', { name: 'Credit history, newest first' })).toContainText(
    'Welcome gift',
  );
});
