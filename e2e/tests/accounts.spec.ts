import { accountMenu, mailedLink, newAccount, signedInBuyer } from '../support/shop';
import { expect, test, waitForApp } from '../support/test';

test.describe('accounts', () => {
  test('register, follow the verification link from the outbox, log out, log in', async ({ page }) => {
    const account = newAccount('reg');
    await page.goto('/register');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('weak');
    await expect(
      page.getByText('Password invalid, It must have 8 letters, 1 number and 1 character'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/\/verify-email/);
    await expect(page.getByText('Please verify the email to continue')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('This user isnt verified yet')).toBeVisible();

    const link = await mailedLink(page.request, account.email, '/api/auth/verify-email');
    await page.goto(link);
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByText('Verification Completed')).toBeVisible();

    await accountMenu(page).click();
    await page.getByRole('button', { name: 'LogOut' }).click();
    await expect(page).toHaveURL(/\/$/);
    await accountMenu(page).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();

    await expect(page).toHaveURL(/\/login$/);
    // A malformed address gets the login's text (spec section 8), not the register form's rule.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(/^Oh snap! You got an error!\s*Introduce an email$/);
    await expect(page.getByText('error, special characters are invalid')).toHaveCount(0);
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#pass99');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Oh snap! You got an error!')).toBeVisible();
    await expect(page.getByText('Wrong Password').first()).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await accountMenu(page).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Favorites' })).toBeVisible();
  });

  test('forgot password through to logging in with the new one', async ({ page }) => {
    const account = newAccount('reset');
    const created = await page.request.post('/api/auth/sign-up/email', { data: account });
    expect(created.ok()).toBe(true);
    await page.request.post('/api/auth/sign-out');

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password ?' }).click();
    await expect(page).toHaveURL(/\/restore-password$/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Restore Password Email' }).click();
    await expect(page.getByText('Check your inbox email and follow the instructions')).toBeVisible();

    const link = await mailedLink(page.request, account.email, '/api/auth/reset-password/');
    await page.goto(link);
    await expect(page).toHaveURL(/\/restore-password\?token=/);
    await page.getByLabel('New password', { exact: true }).fill('Fresh#Start2025');
    await page.getByLabel('Confirm new password').fill('Fresh#Start2025');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Everything went right!')).toBeVisible();

    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Wrong Password').first()).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('Fresh#Start2025');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('Google sign-in against the local OpenID provider creates the user once and reuses it', async ({
    page,
  }) => {
    const signInWithGoogle = async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login with Google' }).click();
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
      // The provider sends the browser back to a freshly loaded landing page.
      await waitForApp(page);
      const session = await (await page.request.get('/api/auth/get-session')).json();
      expect(session.user).toMatchObject({ email: 'runner.e2e@gmail.test', emailVerified: true });
      return session.user.id as string;
    };
    const first = await signInWithGoogle();
    await accountMenu(page).click();
    await page.getByRole('button', { name: 'LogOut' }).click();
    await expect(accountMenu(page)).toBeVisible();
    await expect.poll(async () => (await page.request.get('/api/auth/get-session')).json()).toBeNull();
    expect(await signInWithGoogle()).toBe(first);
  });

  test('a guest sent from /cart to /login comes back to the cart after logging in', async ({ page }) => {
    await page.goto('/cart');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcart$/);
    await page.getByLabel('Email').fill('demo@sneakershop.test');
    await page.getByLabel('Password', { exact: true }).fill('Demo#2023shop');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
    await expect(page.getByText('You dont have any products in your cart')).toBeVisible();
  });

  test('the staff sections of the account area open for an admin only', async ({ page }) => {
    await signedInBuyer(page, 'shopper');
    await page.goto('/account/users');
    await expect(page.getByRole('heading', { name: 'Only admins can see this page' })).toBeVisible();
    await page.goto('/account/profile');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();

    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel('Email').fill('admin@sneakershop.test');
    await page.getByLabel('Password', { exact: true }).fill('Admin#2023shop');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/account/users');
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(page.getByText('Only admins can see this page')).toBeHidden();
  });
});
