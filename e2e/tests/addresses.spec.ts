import { adminRequest, productForDrop, scheduleDrop } from '../support/drops';
import { signedInBuyer } from '../support/shop';
import { expect, test } from '../support/test';

/** The address a carrier can use: the recipient's name and a postal code of the country, kept by a draw entry. */

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

test('the profile takes a recipient and a postal code of the country, and a draw entry keeps its address until withdrawn', async ({
  page,
  playwright,
  baseURL,
}) => {
  // Two profile saves, a proof of work and a withdrawal: slow on a loaded machine.
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  const admin = await adminRequest(await playwright.request.newContext({ baseURL }), origin);
  const product = await productForDrop(admin, origin, 'Address Runner');
  await scheduleDrop(admin, origin, { productId: product, mode: 'draw', releaseAt: inSeconds(86_400) });

  await signedInBuyer(page, 'mover');
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { id: string };
  };
  const saved = await page.request.put(`/api/users/update/${session.user.id}`, {
    data: {
      phone: '+49 30 1234567',
      address: 'Unter den Linden 5',
      city: 'Berlin',
      state: 'Berlin',
      country: 'Germany',
    },
    headers: { origin },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  // The profile: a German postal code has five digits.
  await page.goto('/account/profile');
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await page.getByRole('button', { name: 'Edit Full name' }).click();
  await field('Full name').fill('Lena Schmidt');
  await page.getByRole('button', { name: 'Edit Postal code' }).click();
  await field('Postal code').fill('1011');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Postal code must be a postal code such as 10115')).toBeVisible();
  await field('Postal code').fill('10117');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Data successfully set!')).toBeVisible();

  // Entered in the draw, the shopper's address is the entry's.
  await page.goto(`/home/${product}`);
  const panel = page.getByRole('region', { name: 'Released by a fair draw' });
  const size = panel.locator('.size-picker input:not([disabled])').first();
  await panel.locator(`label[for="${await size.getAttribute('id')}"]`).click();
  await panel.getByRole('button', { name: 'Enter the draw' }).click();
  await expect(panel.getByText(/^You're in: entry /)).toBeVisible({ timeout: 30_000 });

  // Moving is refused with the reason; withdrawing the entry saves the new address.
  await page.goto('/account/profile');
  await page.getByRole('button', { name: 'Edit Address' }).click();
  await field('Address').fill('Friedrichstrasse 10');
  await page.getByRole('button', { name: 'Save' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Address Runner' });
  await expect(refusal).toContainText('withdraw the entry to change your address');
  await refusal.getByRole('button', { name: 'Withdraw my entry and save' }).click();
  await expect(page.getByText('Data successfully set!')).toBeVisible();
  await expect(field('Address')).toHaveValue('Friedrichstrasse 10');

  await page.goto(`/home/${product}`);
  await expect(panel.getByRole('button', { name: 'Enter the draw' })).toBeVisible();
});
