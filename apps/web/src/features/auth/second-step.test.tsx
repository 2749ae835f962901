import { SECURITY_MESSAGES } from '@shop/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, here, mockApi, renderRoutes, sessionReply, testUser } from '../../test/auth-test-utils';
import { LoginPage } from './login-page';

const CODE_LABEL = 'Enter the 6-digit code from your authenticator app';

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>home page</p> },
    ],
    '/login',
    null,
  );
}

/** A sign-in whose password is right and whose account has TOTP on. */
function twoFactorApi(second: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  let signedIn = false;
  return mockApi({
    'GET /api/config': { body: { googleSignIn: false } },
    'POST /api/auth/sign-in/email': { body: { twoFactorRedirect: true, twoFactorMethods: ['totp'] } },
    'GET /api/auth/get-session': () => sessionReply(signedIn ? testUser : null),
    ...Object.fromEntries(
      Object.entries(second).map(([route, reply]) => [
        route,
        async (body: unknown, url: URL) => {
          const answer = typeof reply === 'function' ? await reply(body, url) : reply;
          if ((answer.status ?? 200) < 400) signedIn = true;
          return answer;
        },
      ]),
    ),
  });
}

async function firstStep() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), 'Sneakers#2024');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('the login’s second step', () => {
  it('asks for the authenticator’s code after a right password, and signs in with it', async () => {
    const { calls } = twoFactorApi({ 'POST /api/auth/two-factor/verify-totp': { body: { token: 't' } } });
    const { router, client } = renderLogin();
    const user = await firstStep();
    const field = await screen.findByLabelText(CODE_LABEL);
    expect(here(router)).toBe('/login');
    expect(client.getQueryData(['session'])).toBeNull();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await user.keyboard('123456{Enter}');
    await waitFor(() => expect(here(router)).toBe('/'));
    expect(calls.find((call) => call.path === '/api/auth/two-factor/verify-totp')?.body).toEqual({
      code: '123456',
    });
    expect(client.getQueryData(['session'])).toEqual(testUser);
  });

  it('says a wrong code was refused, marks the field, and stays on the step', async () => {
    twoFactorApi({
      'POST /api/auth/two-factor/verify-totp': apiError(400, 'VALIDATION_ERROR', 'Invalid', {
        code: SECURITY_MESSAGES.WRONG_CODE,
      }),
    });
    const { router } = renderLogin();
    const user = await firstStep();
    await user.type(await screen.findByLabelText(CODE_LABEL), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SECURITY_MESSAGES.WRONG_CODE)).toBeInTheDocument();
    expect(screen.getByLabelText(CODE_LABEL)).toHaveAttribute('aria-invalid', 'true');
    expect(here(router)).toBe('/login');
  });

  it('takes a recovery code instead, through the keyboard alone', async () => {
    const { calls } = twoFactorApi({
      'POST /api/auth/two-factor/verify-backup-code': { body: { token: 't' } },
    });
    const { router } = renderLogin();
    const user = await firstStep();
    await screen.findByLabelText(CODE_LABEL);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const field = screen.getByLabelText('Enter one of your recovery codes');
    await user.click(field);
    await user.keyboard('abcde-12345{Enter}');
    await waitFor(() => expect(here(router)).toBe('/'));
    expect(calls.find((call) => call.path === '/api/auth/two-factor/verify-backup-code')?.body).toEqual({
      code: 'abcde-12345',
    });
  });
});
