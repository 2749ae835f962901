import type { Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { expectAccessible } from '../support/axe';
import { ADMIN, accountMenu, addToCart, adminPage, signedInBuyer, toPaymentPage } from '../support/shop';
import { expect, test, waitingForApp } from '../support/test';
import { totp } from '../support/totp';

/** Two-factor sign-in with an authenticator app and a passkey, and the step-up before a refund (decision 35). */

const CODE_LABEL = 'Enter the 6-digit code from your authenticator app';
/** Passkeys belong to a domain: the shop on a loopback address gives them to localhost (decision 35). */
const PASSKEY_ORIGIN = BASE_URL.replace('127.0.0.1', 'localhost');

async function signOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('button', { name: 'LogOut' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The login's two steps with the keyboard: the password, then the code computed from the secret. */
async function signInWithCode(page: Page, email: string, password: string, secret: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.keyboard.press('Enter');
  const code = page.getByLabel(CODE_LABEL);
  await expect(code).toBeFocused();
  await page.keyboard.type(totp(secret));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Turns TOTP on in the Security section with the keyboard alone (the password, Enter; Tab on to the code,
 * Enter); answers the secret the page shows.
 */
async function enrolTotp(page: Page, password: string): Promise<string> {
  await page.goto('/account/security');
  await page.getByLabel('Your password').focus();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('img', { name: 'QR code of your sign-in key' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(
    10,
  );
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessible(page, 'the Security section while setting up TOTP');
  // The setup took the focus: Tab goes on through it to the code.
  const code = page.getByLabel(CODE_LABEL);
  for (
    let presses = 0;
    presses < 12 && !(await code.evaluate((field) => field === document.activeElement));
    presses += 1
  )
    await page.keyboard.press('Tab');
  await expect(code).toBeFocused();
  await page.keyboard.type(totp(secret));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/10 recovery codes left/)).toBeVisible();
  return secret;
}

test.describe('two-factor sign-in', () => {
  // Each journey signs in twice, checks pages with axe and takes screenshots: more than the default minute
  // on a busy machine.
  test.slow();

  test('a member turns TOTP on, signs out and signs in with a code from the app', async ({ page }, info) => {
    const member = await signedInBuyer(page, 'totp');
    await page.goto('/');
    await accountMenu(page).click();
    await page.getByRole('link', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    const secret = await enrolTotp(page, member.password);
    await page.screenshot({ path: info.outputPath('security-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await expectAccessible(page, 'the Security section at 375 px');
    await page.screenshot({ path: info.outputPath('security-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await signOut(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByLabel(CODE_LABEL)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
    await expectAccessible(page, 'the login’s second step');
    await page.screenshot({ path: info.outputPath('second-step-1280.png') });
    // Nothing of the account opens before the second step.
    const session = await page.request.get('/api/auth/get-session');
    expect(await session.json()).toBeNull();

    await signInWithCode(page, member.email, member.password, secret);
    await page.goto('/account/security');
    await expect(page.getByText(/recovery codes left/)).toBeVisible();
  });

  test('a member adds a passkey with the browser’s authenticator and signs in with it alone', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: PASSKEY_ORIGIN });
    const page = waitingForApp(await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const member = await signedInBuyer(page, 'passkey', PASSKEY_ORIGIN);
    await page.goto('/account/security');
    await page.getByLabel('Name of the new passkey').fill('This laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByLabel('Name of This laptop')).toBeVisible();

    await signOut(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/$/);
    const session = await page.request.get('/api/auth/get-session');
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(member.email);
    await context.close();
  });

  test('an admin refunds an order through the step-up dialog, with the keyboard', async ({
    page,
    browser,
    baseURL,
  }) => {
    const buyer = await signedInBuyer(page, 'stepup');
    await addToCart(page, 'Pegasus');
    await toPaymentPage(page);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByText('Checkout Success')).toBeVisible();

    // Signed in with the password alone, not stepped up: the refund asks.
    const admin = await adminPage(browser, baseURL, { steppedUp: false });
    await admin.goto('/account/orders?state=aprobed');
    const order = admin.getByRole('article').filter({ hasText: buyer.email }).first();
    await order.getByRole('button', { name: /^Detail of order/ }).click();
    await admin.getByRole('button', { name: 'Refund', exact: true }).click();
    const confirm = admin.getByRole('dialog', { name: 'Refund this order?' });
    await confirm.getByRole('button', { name: 'Refund', exact: true }).click();

    const stepUp = admin.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(stepUp).toBeVisible();
    await expect(stepUp.getByLabel('Your password')).toBeFocused();
    await expectAccessible(admin, 'the step-up dialog');
    await admin.screenshot({ path: test.info().outputPath('step-up-1280.png') });
    await admin.keyboard.type(ADMIN.password);
    await admin.keyboard.press('Enter');
    await expect(stepUp).toBeHidden();
    await expect(confirm).toBeHidden();
    await expect(admin.getByRole('main')).toContainText('cancelled');
    await admin.context().close();
  });

  test('a member whose role needs a second factor sets one up before the staff pages open', async ({
    browser,
    baseURL,
  }, info) => {
    const origin = { origin: baseURL ?? '' };
    const owner = await adminPage(browser, baseURL);
    const role = `pickers-${Date.now().toString(36)}`;
    const made = await owner.request.post('/api/staff/roles', {
      data: { name: role, permissions: ['orders.read', 'fulfilment.ship'] },
      headers: origin,
    });
    expect(made.status(), await made.text()).toBe(201);

    const memberContext = await browser.newContext({ baseURL });
    const member = waitingForApp(await memberContext.newPage());
    const account = await signedInBuyer(member, 'picker');
    const session = (await (await member.request.get('/api/auth/get-session')).json()) as {
      user: { id: string };
    };
    const given = await owner.request.put(`/api/users/update/${session.user.id}`, {
      data: { roles: [role] },
      headers: origin,
    });
    expect(given.status(), await given.text()).toBe(200);

    // The owner requires a second factor of the role, at once, on the Roles tab.
    await owner.goto('/account/roles');
    const settings = owner.getByRole('form', { name: 'Security and limits' });
    await settings.getByRole('checkbox', { name: role }).check();
    await settings.getByLabel('Grace days').fill('0');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(owner.getByText('The staff settings were saved.')).toBeVisible();

    // The member's staff pages wait: To ship sends them to Security, and its API says why.
    await member.goto('/account/to-ship');
    await expect(member.getByRole('heading', { name: 'Set up two-factor sign-in first' })).toBeVisible();
    await expect(
      member.getByRole('status').filter({ hasText: 'Your role needs two-factor sign-in' }),
    ).toBeVisible();
    const nav = member.getByRole('navigation', { name: 'Account sections' });
    await expect(nav.getByRole('link', { name: 'To ship' })).toHaveCount(0);
    // Another buyer's orders: what orders.read opens.
    const othersOrders = '/api/orders?_id=00000000-0000-4000-8000-000000000001';
    const refused = await member.request.get(othersOrders);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('TWO_FACTOR_REQUIRED');
    await expectAccessible(member, 'a staff page waiting for a second factor');
    await member.screenshot({ path: info.outputPath('two-factor-first-1280.png'), fullPage: true });
    await member.setViewportSize({ width: 375, height: 812 });
    await expectAccessible(member, 'a staff page waiting for a second factor at 375 px');
    await member.screenshot({ path: info.outputPath('two-factor-first-375.png'), fullPage: true });
    await member.setViewportSize({ width: 1280, height: 800 });

    await member.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
    await expect(member).toHaveURL(/\/account\/security$/);
    await enrolTotp(member, account.password);
    await member.goto('/account/to-ship');
    await expect(nav.getByRole('link', { name: 'To ship' })).toBeVisible();
    await expect(member.getByRole('heading', { name: 'Set up two-factor sign-in first' })).toHaveCount(0);
    expect((await member.request.get(othersOrders)).status()).toBe(200);

    // Tidy: nothing else in the shop needs the role or its requirement.
    const cleared = await owner.request.put('/api/staff/settings', {
      data: { requireTwoFactor: [] },
      headers: origin,
    });
    expect(cleared.status(), await cleared.text()).toBe(200);
    await memberContext.close();
    await owner.context().close();
  });
});
