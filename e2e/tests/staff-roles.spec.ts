import { expectAccessible } from '../support/axe';
import { adminPage, buyOnePair, shipFromToShip, signedInBuyer } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * Roles and permissions (issue 38): the owner makes a member of the warehouse staff from the Users tab
 * (confirming it is them), and that member sees only what their role opens and ships an order.
 */
test.describe('staff roles', () => {
  test('the owner gives a member the fulfilment role; the member sees only their tabs and ships an order', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    // A buyer pays for an order the warehouse will ship.
    await signedInBuyer(page, 'rolebuy');
    const paid = await buyOnePair(page, 'Air Force 1');

    // The member-to-be signs up in a browser of their own.
    const memberContext = await browser.newContext({ baseURL });
    const member = await memberContext.newPage();
    const account = await signedInBuyer(member, 'packer');

    // The owner, without a step-up yet: the role change asks for the password in the dialog, then goes.
    const owner = await adminPage(browser, baseURL, { steppedUp: false });
    await owner.goto(`/account/users`);
    const search = owner.getByRole('search', { name: 'Users' });
    await search.getByLabel('Search users').fill(account.email);
    await search.getByRole('button', { name: 'Search' }).click();
    const card = owner.getByRole('article').filter({ hasText: account.email });
    await expect(card).toBeVisible();
    const role = card.getByRole('combobox', { name: `Role of ${account.email}` });
    await expect(role.getByRole('option', { name: 'fulfilment' })).toHaveCount(1);
    await role.selectOption('fulfilment');
    const dialog = owner.getByRole('dialog', { name: /Confirm it/ });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Your password').fill('Admin#2023shop');
    // The card shows the new role at once; the change is sent again once the owner has confirmed.
    const saved = owner.waitForResponse(
      (response) => response.url().includes('/api/users/update/') && response.status() === 200,
    );
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await saved;
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Role: fulfilment');

    // The member: the dashboard shows the sections the role opens, and no other.
    await member.goto('/account/orders');
    const nav = member.getByRole('navigation', { name: 'Account sections' });
    await expect(nav.getByRole('link', { name: 'To ship' })).toBeVisible();
    const tabs = await nav.getByRole('link').allTextContents();
    expect(tabs).toEqual(['Orders', 'To ship', 'Profile', 'Returns', 'Security', 'Sessions']);
    // A section the role does not open says so, and its API refuses naming the permission.
    await member.goto('/account/sales');
    await expect(member.getByRole('heading', { name: 'Your role does not open this page' })).toBeVisible();
    const sales = await member.request.get('/api/admin/sales?days=30');
    expect(sales.status()).toBe(403);
    expect(
      ((await sales.json()) as { error: { fields: { permission: string } } }).error.fields.permission,
    ).toBe('sales.read');
    await expectAccessible(member, 'a section the role does not open');

    // The member ships the buyer's order from To ship.
    await shipFromToShip(member, paid.number);
    await memberContext.close();
    await owner.context().close();
  });

  test('the owner makes a role from the permissions on the Roles tab', async ({ browser, baseURL }) => {
    const owner = await adminPage(browser, baseURL);
    await owner.goto('/account/roles');
    await owner.getByRole('button', { name: 'New role' }).click();
    const name = `night-${Date.now().toString(36)}`;
    await owner.getByLabel('Name').fill(name);
    await owner.getByRole('checkbox', { name: /See every order and its customer/ }).check();
    await owner.getByRole('checkbox', { name: /Download CSV exports/ }).check();
    await owner.getByRole('button', { name: 'Create role' }).click();
    await expect(owner.getByText(`The role ${name} was created.`)).toBeVisible();
    const card = owner.getByRole('listitem').filter({ has: owner.getByRole('heading', { name, level: 3 }) });
    await expect(card.getByRole('list', { name: `What ${name} may do` })).toContainText(
      'Download CSV exports',
    );
    await expectAccessible(owner, 'the Roles tab');
    for (const width of [375, 1280]) {
      await owner.setViewportSize({ width, height: 900 });
      await expectAccessible(owner, `the Roles tab at ${width} px`);
    }
    await owner.context().close();
  });
});
