import type { Browser, Page, TestInfo } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { ADMIN, adminPage, logIn, mailedLink, newAccount, signedInBuyer } from '../support/shop';
import { expect, test, waitingForApp } from '../support/test';

/** Sessions a person can see and end, and the staff's Team tab: ending a member's sessions, inviting one. */

const WIDTHS = [375, 1280];

/** A browser context of its own (another device), its page waiting for the app. */
async function otherDevice(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return waitingForApp(await context.newPage());
}

/** Axe at a phone's width and a laptop's, with a screenshot of each beside the test's results. */
async function checkAtBothWidths(page: Page, where: string, testInfo: TestInfo) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${where} at ${width} px`);
    await page.screenshot({
      path: testInfo.outputPath(`${where.replace(/\W+/g, '-')}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('sessions', () => {
  test('a person signed in on two devices signs the other one out from the Sessions view', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const account = await signedInBuyer(page, 'sess');
    const other = await otherDevice(browser, baseURL);
    await logIn(other, account.email, account.password);
    await other.goto('/account/profile');
    await expect(other.getByRole('heading', { level: 1, name: account.username })).toBeVisible();

    await page.goto('/');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Sessions' }).click();
    await expect(page).toHaveURL(/\/account\/sessions$/);
    const list = page.getByRole('list', { name: 'Your sessions' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText('This device')).toHaveCount(1);
    await checkAtBothWidths(page, 'Sessions', testInfo);

    // By keyboard: the other session's Sign out is reached with Tab and pressed with Enter.
    const signOut = list.getByRole('button', { name: /^Sign out / });
    await signOut.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/was signed out\.$/)).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

    // The other device is signed out at once: its next page asks it to log in.
    await other.goto('/account/profile');
    await expect(other).toHaveURL(/\/login\?redirect=/);
    await other.context().close();
  });

  test('the owner invites a member, who signs up from the link and accepts', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const owner = await adminPage(browser, baseURL);
    await owner.goto('/account/team');
    await expect(owner.getByRole('heading', { level: 2, name: 'Team', exact: true })).toBeVisible();
    const invitee = newAccount('inv');
    await owner.getByLabel('E-mail').fill(invitee.email);
    await owner.getByLabel('Role').selectOption('support');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await expect(owner.getByText(`${invitee.email} was invited as Support.`, { exact: false })).toBeVisible();
    await checkAtBothWidths(owner, 'Team', testInfo);

    const link = await mailedLink(owner.request, invitee.email, '/invitation/');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Join the team' })).toBeVisible();
    await expect(page.getByText(invitee.email, { exact: true })).toBeVisible();
    await checkAtBothWidths(page, 'Invitation', testInfo);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Username').fill(invitee.username);
    await page.getByLabel('Email').fill(invitee.email);
    await page.getByLabel('Password', { exact: true }).fill(invitee.password);
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(new URL(link).pathname);
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await expect(page.getByText('You are now on the team as Support.')).toBeVisible();

    await owner.reload();
    const row = owner.getByRole('row').filter({ hasText: invitee.email });
    await expect(row).toContainText('Support');
    await expect(row).toContainText('No');
    await owner.context().close();
  });

  test("the owner ends a member's sessions from the Team tab", async ({ page, browser, baseURL }) => {
    const owner = await adminPage(browser, baseURL);
    // A member: invited and accepted through the API, signed in in this page's browser.
    const member = await signedInBuyer(page, 'mem');
    const invited = await owner.request.post('/api/staff/invitations', {
      data: { email: member.email, role: 'fulfilment' },
      headers: { origin: new URL(owner.url()).origin },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const link = await mailedLink(owner.request, member.email, '/invitation/');
    const token = new URL(link).pathname.split('/').pop();
    const accepted = await page.request.post(`/api/invitations/${token}/accept`, {
      headers: { origin: new URL(link).origin },
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);
    await page.goto('/account/profile');
    await expect(page.getByRole('heading', { level: 1, name: member.username })).toBeVisible();

    await owner.goto('/account/team');
    await owner.getByRole('button', { name: `End the sessions of ${member.username}` }).click();
    const dialog = owner.getByRole('dialog', { name: 'End their sessions?' });
    await expect(dialog).toContainText(member.email);
    await expectAccessible(owner, 'the End sessions dialog');
    await dialog.getByRole('button', { name: 'End sessions' }).click();
    await expect(owner.getByText(`${member.username} was signed out everywhere`)).toBeVisible();
    const row = owner.getByRole('row').filter({ hasText: member.email });
    await expect(row).toContainText('Not signed in');

    await page.goto('/account/profile');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await owner.context().close();
  });
});

test('staff see their own sessions too', async ({ page }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/account/sessions');
  await expect(page.getByRole('list', { name: 'Your sessions' }).getByText('This device')).toBeVisible();
});
