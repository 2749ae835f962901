import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/auth-test-utils';
import { renderInRouter } from '../../../test/render-routes';
import { SecurityTab } from './security-tab';

const URI =
  'otpauth://totp/Sneaker%20Shop:sam%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Sneaker%20Shop';
const CODES = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

function status(overrides: Record<string, unknown> = {}) {
  return { twoFactorEnabled: false, hasPassword: true, recoveryCodesLeft: 0, passkeys: [], ...overrides };
}

function renderTab() {
  return renderInRouter([{ path: '/account/security', element: <SecurityTab /> }], '/account/security');
}

describe('the Security section', () => {
  it('turns TOTP on: the password, a QR code and the key as text, the recovery codes once, then a first code', async () => {
    let on = false;
    const { calls } = mockApi({
      'GET /api/account/security': () => ({
        body: status(on ? { twoFactorEnabled: true, recoveryCodesLeft: 10 } : {}),
      }),
      'POST /api/auth/two-factor/enable': (body) =>
        (body as { password?: string }).password === 'Sneakers#2024'
          ? { body: { totpURI: URI, backupCodes: CODES } }
          : apiError(400, 'VALIDATION_ERROR', 'Wrong password', { password: 'Wrong password' }),
      'POST /api/auth/two-factor/verify-totp': () => {
        on = true;
        return { body: { token: 't' } };
      },
      'GET /api/auth/get-session': { body: null },
    });
    renderTab();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByText('Wrong password')).toBeInTheDocument();
    expect(screen.getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'Sneakers#2024');
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));

    expect(await screen.findByRole('img', { name: 'QR code of your sign-in key' })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const codes = screen.getByRole('region', { name: 'Your recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);

    await user.type(screen.getByLabelText('Enter the 6-digit code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/two-factor/verify-totp')?.body).toEqual({
      code: '123456',
    });
    expect(screen.queryByRole('region', { name: 'Your recovery codes' })).not.toBeInTheDocument();
  });

  it('makes new recovery codes with the password and shows them once; turns two-factor off', async () => {
    let on = true;
    const { calls } = mockApi({
      'GET /api/account/security': () => ({
        body: status(on ? { twoFactorEnabled: true, recoveryCodesLeft: 3 } : {}),
      }),
      'POST /api/auth/two-factor/generate-backup-codes': { body: { status: true, backupCodes: CODES } },
      'POST /api/auth/two-factor/disable': () => {
        on = false;
        return { body: { status: true } };
      },
      'GET /api/auth/get-session': { body: null },
    });
    renderTab();
    const user = userEvent.setup();
    expect(await screen.findByText(/3 recovery codes left/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your password'), 'Sneakers#2024');
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const codes = await screen.findByRole('region', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(calls.find((call) => call.path.endsWith('generate-backup-codes'))?.body).toEqual({
      password: 'Sneakers#2024',
    });
    await user.type(screen.getByLabelText('Your password'), 'Sneakers#2024');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
    expect(await screen.findByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/disable'))?.body).toEqual({ password: 'Sneakers#2024' });
  });

  it('lists passkeys, renames one, and asks to remove it', async () => {
    const key = {
      id: '5f0c7a1e-0000-4000-8000-000000000001',
      name: 'Laptop',
      createdAt: '2026-11-30T10:00:00.000Z',
      deviceType: 'singleDevice',
      backedUp: false,
    };
    const { calls } = mockApi({
      'GET /api/account/security': { body: status({ passkeys: [key] }) },
      'POST /api/auth/passkey/update-passkey': { body: { passkey: key } },
      'POST /api/auth/passkey/delete-passkey': { body: { status: true } },
      'GET /api/auth/get-session': { body: null },
    });
    renderTab();
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name of Laptop');
    await user.clear(name);
    await user.type(name, 'Work laptop{Enter}');
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('update-passkey'))?.body).toEqual({
        id: key.id,
        name: 'Work laptop',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Laptop' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('delete-passkey'))?.body).toEqual({ id: key.id }),
    );
  });
});
