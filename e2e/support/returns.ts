import type { Locator, Page } from '@playwright/test';
import { expect } from './test';

/** A return's steps through the real screens: the buyer opens it, staff approve and receive it. */

/** The buyer opens the order's detail in Account → Orders (by its number), then "Return or exchange". */
export async function openReturnForm(page: Page, number: number): Promise<Locator> {
  await page.goto('/account/orders');
  await page
    .getByRole('article', { name: `Order #${number}`, exact: true })
    .getByRole('button', { name: `Detail of order #${number}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Order detail' })).toBeVisible();
  await page.getByRole('button', { name: 'Return or exchange' }).click();
  const form = page.getByRole('region', { name: 'Return or exchange' });
  await expect(form.getByRole('combobox', { name: /^Pairs to send back/ })).toHaveValue('1');
  return form;
}

/** The return just opened: its number from the heading, and its slip, which the buyer can open. */
export async function openedReturn(page: Page) {
  const heading = page.getByRole('heading', { name: /^Return \S+ is open$/ });
  await expect(heading).toBeFocused();
  const number = /^Return (\S+) is open$/.exec((await heading.textContent()) ?? '')?.[1] ?? '';
  const slip = page.getByRole('link', { name: 'Print the return slip (opens in a new tab)' });
  const href = (await slip.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/api\/returns\/[^/]+\/slip$/);
  const printed = await page.request.get(href);
  expect(printed.ok()).toBe(true);
  expect(await printed.text()).toContain(number);
  return number;
}

/** Staff approve the return, then mark it received with every pair back on sale. */
export async function approveAndReceive(admin: Page, number: string) {
  await admin.goto('/account/returns');
  const card = admin.getByRole('article', { name: `Return ${number}`, exact: true });
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText(`Return ${number} is approved`)).toBeVisible();
  await card.getByRole('button', { name: 'Mark received…' }).click();
  const restock = card.getByRole('checkbox', { name: /^Back on sale: 1 × / });
  await expect(restock).toBeChecked();
  await card.getByRole('button', { name: 'Confirm receipt' }).click();
  const done = admin.getByText(`Return ${number} is received.`);
  await expect(done).toBeVisible();
  return done;
}
