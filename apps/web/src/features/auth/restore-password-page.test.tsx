import { AUTH_MESSAGES, PASSWORD_MESSAGE } from '@shop/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, here, mockApi, renderRoutes, sessionReply } from '../../test/auth-test-utils';
import {
  PASSWORD_CHANGED_MESSAGE,
  PASSWORDS_DIFFER_MESSAGE,
  RestorePasswordPage,
} from './restore-password-page';

function renderRestore(path = '/restore-password') {
  return renderRoutes(
    [
      { path: '/restore-password', element: <RestorePasswordPage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    path,
    null,
  );
}

const sendButton = () => screen.getByRole('button', { name: 'Send Restore Password Email' });

describe('restore password: asking for the e-mail', () => {
  it('sends the link and says to check the inbox', async () => {
    const { calls } = mockApi({ 'POST /api/auth/request-password-reset': { body: { status: true } } });
    renderRestore();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'Sam@Example.com');
    await user.click(sendButton());
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Everything went right!');
    expect(status).toHaveTextContent('Check your inbox email and follow the instructions');
    expect(calls).toEqual([
      { method: 'POST', path: '/api/auth/request-password-reset', body: { email: 'sam@example.com' } },
    ]);
  });

  it('asks for an e-mail before sending', async () => {
    const { calls } = mockApi({});
    renderRestore();
    await userEvent.setup().click(sendButton());
    expect(await screen.findByText(AUTH_MESSAGES.MISSING_EMAIL)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('shows the rate limit in the red alert', async () => {
    mockApi({
      'POST /api/auth/request-password-reset': apiError(429, 'RATE_LIMITED', AUTH_MESSAGES.TOO_MANY_REQUESTS),
    });
    renderRestore();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Oh snap! You got an error!');
    expect(alert).toHaveTextContent('Too many requestes, try it later');
  });

  it('says a bad link is invalid and offers to ask again', async () => {
    mockApi({});
    renderRestore('/restore-password?error=INVALID_TOKEN');
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.INVALID_RESET_TOKEN);
    expect(sendButton()).toBeInTheDocument();
  });
});

describe('restore password: choosing the new password', () => {
  it('checks the rule as it is typed, then changes the password and offers Login', async () => {
    const { calls } = mockApi({
      'POST /api/auth/reset-password': { body: { status: true } },
      'GET /api/auth/get-session': sessionReply(null),
    });
    renderRestore('/restore-password?token=tok123');
    const user = userEvent.setup();
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    await user.type(password, 'short');
    expect(screen.getByText(PASSWORD_MESSAGE)).toBeInTheDocument();
    await user.type(password, '1!x');
    expect(screen.queryByText(PASSWORD_MESSAGE)).not.toBeInTheDocument();

    const confirm = screen.getByLabelText('Confirm new password');
    await user.type(confirm, 'short1!');
    expect(screen.getByText(PASSWORDS_DIFFER_MESSAGE)).toBeInTheDocument();
    await user.type(confirm, 'x');
    expect(screen.queryByText(PASSWORDS_DIFFER_MESSAGE)).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Show password' })[0] as HTMLElement);
    expect(password).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Everything went right!');
    expect(status).toHaveTextContent(PASSWORD_CHANGED_MESSAGE);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/reset-password',
      body: { token: 'tok123', newPassword: 'short1!x' },
    });
  });

  it('falls back to asking for the e-mail when the token is refused', async () => {
    mockApi({
      'POST /api/auth/reset-password': apiError(400, 'INVALID_TOKEN', AUTH_MESSAGES.INVALID_RESET_TOKEN),
    });
    const { router } = renderRestore('/restore-password?token=old');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'Sneakers#2024');
    await user.type(screen.getByLabelText('Confirm new password'), 'Sneakers#2024');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.INVALID_RESET_TOKEN);
    expect(sendButton()).toBeInTheDocument();
    await waitFor(() => expect(here(router)).toBe('/restore-password'));
  });

  it('shows a refused password next to the field', async () => {
    mockApi({
      'POST /api/auth/reset-password': apiError(400, 'VALIDATION_ERROR', `newPassword ${PASSWORD_MESSAGE}`, {
        newPassword: PASSWORD_MESSAGE,
      }),
    });
    renderRestore('/restore-password?token=tok');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'Sneakers#2024');
    await user.type(screen.getByLabelText('Confirm new password'), 'Sneakers#2024');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_MESSAGE);
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });
});
