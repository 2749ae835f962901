import { AUTH_MESSAGES, EMAIL_MESSAGE, PASSWORD_MESSAGE, USERNAME_MESSAGE } from '@shop/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, here, mockApi, renderRoutes, sessionReply, testUser } from '../../test/auth-test-utils';
import { RegisterPage } from './register-page';

function renderRegister() {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/verify-email', element: <p>verify page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    '/register',
    null,
  );
}

const field = (name: RegExp) => screen.getByLabelText(name);
const registerButton = () => screen.queryByRole('button', { name: 'Register' });

describe('register page', () => {
  it('shows nothing before typing, then the spec messages as each field is typed', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderRegister();
    expect(screen.queryByText(USERNAME_MESSAGE)).not.toBeInTheDocument();
    expect(registerButton()).toBeVisible();

    await user.type(field(/username/i), 'ab');
    expect(screen.getByText(USERNAME_MESSAGE)).toBeInTheDocument();
    expect(field(/username/i)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/username/i)).toHaveAccessibleDescription(USERNAME_MESSAGE);
    expect(registerButton()).not.toBeInTheDocument();
    // Not the other fields: they have not been typed in yet.
    expect(screen.queryByText(EMAIL_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_MESSAGE)).not.toBeInTheDocument();

    await user.type(field(/username/i), 'cd');
    expect(screen.queryByText(USERNAME_MESSAGE)).not.toBeInTheDocument();
    expect(field(/username/i)).not.toHaveAttribute('aria-invalid');
    expect(registerButton()).toBeVisible();

    await user.type(field(/username/i), '!');
    expect(screen.getByText(USERNAME_MESSAGE)).toBeInTheDocument();
    await user.clear(field(/username/i));
    await user.type(field(/username/i), 'sam_runner-16');
    expect(screen.queryByText(USERNAME_MESSAGE)).not.toBeInTheDocument();

    await user.type(field(/email/i), 'sam@');
    expect(screen.getByText(EMAIL_MESSAGE)).toBeInTheDocument();
    expect(registerButton()).not.toBeInTheDocument();
    await user.type(field(/email/i), 'Example.COM');
    expect(field(/email/i)).toHaveValue('sam@example.com');
    expect(screen.queryByText(EMAIL_MESSAGE)).not.toBeInTheDocument();
    await user.clear(field(/email/i));
    expect(screen.getByText(AUTH_MESSAGES.MISSING_EMAIL)).toBeInTheDocument();
    await user.type(field(/email/i), 'sam@example.com');

    // The register message asks for 8 characters with a letter, a number and a symbol: that is the rule.
    const password = screen.getByLabelText('Password');
    for (const weak of ['abcd', 'abcdefgh', 'abcdefg1', '1234567!', 'ab1!']) {
      await user.clear(password);
      await user.type(password, weak);
      expect(screen.getByText(PASSWORD_MESSAGE)).toBeInTheDocument();
      expect(registerButton()).not.toBeInTheDocument();
    }
    await user.clear(password);
    await user.type(password, 'abcdef1!');
    expect(screen.queryByText(PASSWORD_MESSAGE)).not.toBeInTheDocument();
    expect(registerButton()).toBeVisible();
  });

  it('requires all three fields, hides Register and focuses the first error', async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderRegister();
    await user.click(registerButton() as HTMLElement);
    expect(await screen.findByText(USERNAME_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.MISSING_EMAIL)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.MISSING_PASSWORD)).toBeInTheDocument();
    expect(field(/username/i)).toHaveFocus();
    expect(registerButton()).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows and hides the password', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderRegister();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to Home and Login and sets autocomplete', () => {
    mockApi({});
    renderRegister();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(field(/username/i)).toHaveAttribute('autocomplete', 'username');
    expect(field(/email/i)).toHaveAttribute('autocomplete', 'email');
  });

  async function fillAndSubmit() {
    const user = userEvent.setup();
    await user.type(field(/username/i), 'sam_runner');
    await user.type(field(/email/i), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Sneakers#2024');
    await user.click(registerButton() as HTMLElement);
  }

  it('signs up an unverified user and goes to /verify-email', async () => {
    const unverified = { ...testUser, emailVerified: false };
    const { calls } = mockApi({
      'POST /api/auth/sign-up/email': {
        body: { token: 't', user: { id: 'u1', email: 'sam@example.com', emailVerified: false } },
      },
      'GET /api/auth/get-session': sessionReply(unverified),
    });
    const { router, client } = renderRegister();
    await fillAndSubmit();
    await waitFor(() => expect(here(router)).toBe('/verify-email'));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/sign-up/email',
      body: { username: 'sam_runner', email: 'sam@example.com', password: 'Sneakers#2024' },
    });
    expect(calls.some((call) => call.path === '/api/auth/get-session')).toBe(true);
    expect(client.getQueryData(['session'])).toEqual(unverified);
  });

  it('asks the marketing question unticked, and records a yes as given at sign-up', async () => {
    const { calls } = mockApi({
      'POST /api/auth/sign-up/email': {
        body: { token: 't', user: { id: 'u1', email: 'sam@example.com', emailVerified: false } },
      },
      'GET /api/auth/get-session': sessionReply({ ...testUser, emailVerified: false }),
      'PUT /api/users/update/u1': { body: [] },
    });
    const { router } = renderRegister();
    const box = screen.getByRole('checkbox', { name: 'E-mail me price drops and offers' });
    expect(box).not.toBeChecked();
    await userEvent.setup().click(box);
    await fillAndSubmit();
    await waitFor(() => expect(here(router)).toBe('/verify-email'));
    // The account's own fields go to sign-up; the answer goes to the new account's profile.
    expect(calls[0]?.body).toEqual({
      username: 'sam_runner',
      email: 'sam@example.com',
      password: 'Sneakers#2024',
    });
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/users/update/u1',
      body: { marketing: 'subscribed', marketingSource: 'sign-up' },
    });
  });

  it('records nothing when the box is left unticked', async () => {
    const { calls } = mockApi({
      'POST /api/auth/sign-up/email': {
        body: { token: 't', user: { id: 'u1', email: 'sam@example.com', emailVerified: true } },
      },
      'GET /api/auth/get-session': sessionReply(testUser),
    });
    const { router } = renderRegister();
    await fillAndSubmit();
    await waitFor(() => expect(here(router)).toBe('/'));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('goes home when the new account is already verified', async () => {
    mockApi({
      'POST /api/auth/sign-up/email': {
        body: { token: 't', user: { id: 'u1', email: 'sam@example.com', emailVerified: true } },
      },
      'GET /api/auth/get-session': sessionReply(testUser),
    });
    const { router } = renderRegister();
    await fillAndSubmit();
    await waitFor(() => expect(here(router)).toBe('/'));
  });

  it('shows a taken e-mail in the red alert and next to the field', async () => {
    mockApi({
      'POST /api/auth/sign-up/email': apiError(409, 'EMAIL_IN_USE', AUTH_MESSAGES.EMAIL_IN_USE, {
        email: AUTH_MESSAGES.EMAIL_IN_USE,
      }),
    });
    const { router } = renderRegister();
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Oh snap! You got an error!');
    expect(alert).toHaveTextContent(AUTH_MESSAGES.EMAIL_IN_USE);
    expect(field(/email/i)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/email/i)).toHaveAccessibleDescription(AUTH_MESSAGES.EMAIL_IN_USE);
    expect(field(/email/i)).toHaveFocus();
    expect(registerButton()).not.toBeInTheDocument();
    expect(here(router)).toBe('/register');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a rate limit in the red alert', async () => {
    mockApi({
      'POST /api/auth/sign-up/email': apiError(
        429,
        'RATE_LIMITED',
        'Too many attempts, try again in 12 minutes',
      ),
    });
    renderRegister();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, try again in 12 minutes');
    expect(registerButton()).toBeVisible();
  });
});
