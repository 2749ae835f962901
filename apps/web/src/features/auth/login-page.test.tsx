import { AUTH_MESSAGES, EMAIL_MESSAGE, GOOGLE_ERROR_MESSAGES } from '@shop/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  apiError,
  here,
  mockApi,
  type Reply,
  renderRoutes,
  sessionReply,
  testUser,
} from '../../test/auth-test-utils';
import { safeRedirect } from './auth-api';
import { LoginPage } from './login-page';

function renderLogin(path = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>home page</p> },
      { path: '/cart', element: <p>cart page</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
    null,
  );
}

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

function withSignIn(reply: Reply) {
  return mockApi({
    'GET /api/config': { body: { googleSignIn: false } },
    'POST /api/auth/sign-in/email': reply,
    'GET /api/auth/get-session': sessionReply(testUser),
  });
}

describe('login page', () => {
  it('has the spec links and fields', () => {
    withSignIn({ body: {} });
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot Password ?' })).toHaveAttribute(
      'href',
      '/restore-password',
    );
    expect(screen.getByRole('link', { name: /create an account/i })).toHaveAttribute('href', '/register');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it('logs in and goes home', async () => {
    const { calls } = withSignIn({ body: { token: 't', user: { id: 'u1' } } });
    const { router, client } = renderLogin();
    await logIn('Sam@Example.com', 'Sneakers#2024');
    await waitFor(() => expect(here(router)).toBe('/'));
    expect(calls.find((call) => call.path === '/api/auth/sign-in/email')?.body).toEqual({
      email: 'sam@example.com',
      password: 'Sneakers#2024',
    });
    expect(client.getQueryData(['session'])).toEqual(testUser);
  });

  it('goes back to an internal redirect target', async () => {
    withSignIn({ body: {} });
    const { router } = renderLogin(`/login?redirect=${encodeURIComponent('/cart?from=nav')}`);
    await logIn('sam@example.com', 'Sneakers#2024');
    await waitFor(() => expect(here(router)).toBe('/cart?from=nav'));
  });

  it('ignores a redirect to another site', async () => {
    withSignIn({ body: {} });
    const { router } = renderLogin(`/login?redirect=${encodeURIComponent('//evil.test/x')}`);
    await logIn('sam@example.com', 'Sneakers#2024');
    await waitFor(() => expect(here(router)).toBe('/'));
  });

  it('only accepts paths of the shop as redirect targets', () => {
    expect(safeRedirect('/cart')).toBe('/cart');
    expect(safeRedirect('/account/orders?x=1')).toBe('/account/orders?x=1');
    for (const bad of ['//evil.test', '/\\evil.test', 'https://evil.test', 'cart', '', null, '/a b'])
      expect(safeRedirect(bad)).toBe('/');
  });

  it('says Wrong Password and marks the password', async () => {
    withSignIn(
      apiError(401, 'WRONG_PASSWORD', AUTH_MESSAGES.WRONG_PASSWORD, {
        password: AUTH_MESSAGES.WRONG_PASSWORD,
      }),
    );
    const { router } = renderLogin();
    await logIn('sam@example.com', 'nope');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Oh snap! You got an error!');
    expect(alert).toHaveTextContent(AUTH_MESSAGES.WRONG_PASSWORD);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(here(router)).toBe('/login');
  });

  it('says the e-mail is not registered', async () => {
    withSignIn(
      apiError(401, 'USER_NOT_FOUND', AUTH_MESSAGES.USER_NOT_FOUND, { email: AUTH_MESSAGES.USER_NOT_FOUND }),
    );
    renderLogin();
    await logIn('nobody@example.com', 'Sneakers#2024');
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is no registered');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it("asks for what is missing before calling the server ('Introduce an email and password')", async () => {
    const { calls } = withSignIn({ body: {} });
    renderLogin();
    await logIn('', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Introduce an email and password');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await logIn('sam@example.com', '');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Oh snap! You got an error!Introduce a password/,
    );
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(calls.some((call) => call.path === '/api/auth/sign-in/email')).toBe(false);
  });

  it("asks for an e-mail, not the register's rule, when the address is malformed ('Introduce an email')", async () => {
    const { calls } = withSignIn({ body: {} });
    renderLogin();
    await logIn('sam.example.com', 'Sneakers#2024');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Oh snap! You got an error!Introduce an email$/);
    expect(alert).not.toHaveTextContent(EMAIL_MESSAGE);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(calls.some((call) => call.path === '/api/auth/sign-in/email')).toBe(false);
  });

  it("shows the server's refusal of a malformed address in the login's words", async () => {
    withSignIn(
      apiError(400, 'VALIDATION_ERROR', `email ${AUTH_MESSAGES.INVALID_EMAIL}`, {
        email: AUTH_MESSAGES.INVALID_EMAIL,
      }),
    );
    renderLogin();
    // Passes the page's check (a name, an @, a domain with a dot) and is refused by the server's.
    await logIn('a..b@example.com', 'Sneakers#2024');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Oh snap! You got an error!Introduce an email$/);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it("maps the server's missing e-mail and password to 'Introduce an email and password'", async () => {
    withSignIn(
      apiError(
        400,
        'VALIDATION_ERROR',
        'Invalid body: email Introduce an email; password Introduce a password',
        {
          email: AUTH_MESSAGES.MISSING_EMAIL,
          password: AUTH_MESSAGES.MISSING_PASSWORD,
        },
      ),
    );
    renderLogin();
    await logIn('sam@example.com', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Introduce an email and password');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says the account is suspended', async () => {
    withSignIn(apiError(403, 'ACCOUNT_SUSPENDED', AUTH_MESSAGES.ACCOUNT_SUSPENDED));
    renderLogin();
    await logIn('banned@example.com', 'Sneakers#2024');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.ACCOUNT_SUSPENDED);
  });

  it('shows the rate limit message', async () => {
    withSignIn(apiError(429, 'RATE_LIMITED', 'Too many attempts, try again in 14 minutes'));
    renderLogin();
    await logIn('sam@example.com', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, try again in 14 minutes');
  });

  it('offers Google only when the shop has it on', async () => {
    withSignIn({ body: {} });
    renderLogin();
    await screen.findByRole('button', { name: 'Login' });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/config', expect.anything()));
    expect(screen.queryByRole('button', { name: 'Login with Google' })).not.toBeInTheDocument();
  });

  it('starts Google sign-in with the redirect target and leaves for the provider', async () => {
    const { calls } = mockApi({
      'GET /api/config': { body: { googleSignIn: true } },
      'POST /api/auth/sign-in/social': { body: { url: 'http://idp.test/authorize?x=1', redirect: true } },
    });
    const location = { href: 'http://shop.test/login' };
    vi.stubGlobal('location', location);
    renderLogin('/login?redirect=%2Fcart');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Login with Google' }));
    await waitFor(() => expect(location.href).toBe('http://idp.test/authorize?x=1'));
    expect(calls.find((call) => call.path === '/api/auth/sign-in/social')?.body).toEqual({
      provider: 'google',
      callbackURL: '/cart',
      errorCallbackURL: '/login',
    });
  });

  it('shows the error Google sign-in came back with', async () => {
    withSignIn({ body: {} });
    renderLogin('/login?error=access_denied');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login with Google failed: access_denied');
  });

  it('says in words what to do when Google meets an account that is not verified yet', async () => {
    withSignIn({ body: {} });
    renderLogin('/login?error=account_not_linked');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login with Google failed: account_not_linked.');
    expect(alert).toHaveTextContent(GOOGLE_ERROR_MESSAGES.account_not_linked as string);
    expect(alert).toHaveTextContent(
      'This e-mail already has an account. Log in with your password, or verify your e-mail first',
    );
  });

  it('explains instead of offering Google while its provider cannot be reached', async () => {
    mockApi({ 'GET /api/config': { body: { googleSignIn: false, googleSignInStatus: 'unavailable' } } });
    renderLogin();
    expect(await screen.findByText(AUTH_MESSAGES.GOOGLE_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login with Google' })).not.toBeInTheDocument();
  });

  it('explains and hides the button when Google goes down after the page loaded', async () => {
    let configs = 0;
    mockApi({
      'GET /api/config': () => {
        configs += 1;
        return configs === 1
          ? { body: { googleSignIn: true, googleSignInStatus: 'available' } }
          : { body: { googleSignIn: false, googleSignInStatus: 'unavailable' } };
      },
      'POST /api/auth/sign-in/social': apiError(503, 'SIGN_IN_UNAVAILABLE', AUTH_MESSAGES.GOOGLE_UNAVAILABLE),
    });
    renderLogin();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Login with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.GOOGLE_UNAVAILABLE);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Login with Google' })).not.toBeInTheDocument(),
    );
    expect(screen.getAllByText(AUTH_MESSAGES.GOOGLE_UNAVAILABLE)).toHaveLength(2);
  });

  it('shows our text for a code we know, and nothing odd for a prototype key', async () => {
    withSignIn({ body: {} });
    const first = renderLogin('/login?error=ACCOUNT_SUSPENDED');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.ACCOUNT_SUSPENDED);
    first.unmount();
    renderLogin('/login?error=constructor');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login with Google failed: constructor');
  });
});
