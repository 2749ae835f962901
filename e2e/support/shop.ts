import { type APIRequestContext, expect, type Page } from '@playwright/test';

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
 * (page.request shares its cookies).
 */
export async function signedInBuyer(page: Page, prefix = 'buyer') {
  const account = newAccount(prefix);
  const response = await page.request.post('/api/auth/sign-up/email', { data: account });
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

export function accountMenu(page: Page) {
  return page.getByRole('button', { name: 'Account' });
}
