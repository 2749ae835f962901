import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/api';
import { apiError, mockApi } from '../test/auth-test-utils';
import { testQueryClient } from '../test/query-client';
import { StepUpHost } from './step-up-host';

const STEP_UP = apiError(403, 'STEP_UP_REQUIRED', 'Confirm it is you');

function renderHost() {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <StepUpHost />
    </QueryClientProvider>,
  );
}

/** A refund the server refuses until the session has stepped up. */
function refundApi(security: { twoFactorEnabled: boolean }) {
  let steppedUp = false;
  const api = mockApi({
    'GET /api/account/security': {
      body: { ...security, hasPassword: true, recoveryCodesLeft: 10, passkeys: [] },
    },
    'POST /api/orders/o1/refund': () => (steppedUp ? { body: { _id: 'o1', state: 'cancelled' } } : STEP_UP),
    'POST /api/auth/step-up': (body) => {
      const proof = body as { password?: string; code?: string };
      if (proof.password === 'Admin#2023shop' || proof.code === '123456') {
        steppedUp = true;
        return { body: { validUntil: new Date(Date.now() + 300_000).toISOString() } };
      }
      return apiError(400, 'VALIDATION_ERROR', 'Wrong', { [proof.code ? 'code' : 'password']: 'is wrong' });
    },
  });
  return api;
}

describe('the step-up dialog', () => {
  it('opens on 403 STEP_UP_REQUIRED, takes the password of a member without a factor, and sends the request again once', async () => {
    const { calls } = refundApi({ twoFactorEnabled: false });
    renderHost();
    const refund = api.post<{ state: string }>('/orders/o1/refund');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    const field = await screen.findByLabelText('Your password');
    expect(dialog).toContainElement(field);
    await waitFor(() => expect(field).toHaveFocus());
    const user = userEvent.setup();
    await user.keyboard('Wrong#1{Enter}');
    expect(await screen.findByText('The password is wrong')).toBeInTheDocument();
    await user.clear(field);
    await user.keyboard('Admin#2023shop{Enter}');
    await expect(refund).resolves.toEqual({ _id: 'o1', state: 'cancelled' });
    expect(calls.filter((call) => call.path === '/api/orders/o1/refund')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks a member with an authenticator app for its code', async () => {
    const { calls } = refundApi({ twoFactorEnabled: true });
    renderHost();
    const refund = api.post('/orders/o1/refund');
    await screen.findByLabelText('Enter the 6-digit code from your authenticator app');
    await userEvent.setup().keyboard('123456{Enter}');
    await expect(refund).resolves.toMatchObject({ state: 'cancelled' });
    expect(calls.find((call) => call.path === '/api/auth/step-up')?.body).toEqual({ code: '123456' });
  });

  it('gives the original refusal back when the member cancels (Escape)', async () => {
    const { calls } = refundApi({ twoFactorEnabled: false });
    renderHost();
    const refund = api.post('/orders/o1/refund').catch((error: unknown) => error);
    await screen.findByLabelText('Your password');
    await userEvent.setup().keyboard('{Escape}');
    await expect(refund).resolves.toMatchObject({ status: 403, code: 'STEP_UP_REQUIRED' });
    expect(calls.filter((call) => call.path === '/api/orders/o1/refund')).toHaveLength(1);
  });
});
