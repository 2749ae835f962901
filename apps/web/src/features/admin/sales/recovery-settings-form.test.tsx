import type { RecoverySettings } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StepUpHost } from '../../../components/step-up-host';
import { type ApiAnswer, type ApiCall, errorBody } from '../../../test/mock-api';
import { renderStaffRoutes } from '../shared/staff-test-utils';
import { AbandonedCheckoutsSection } from './abandoned-checkouts';
import { RECOVERY_SETTINGS, recoveryDefaults } from './sales-test-utils';

const puts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'PUT' && call.path === '/api/settings/recovery');

/** The abandoned checkouts' section for an admin, the PUT answered by `put` (else saved as sent). */
function renderForm(put?: (call: ApiCall) => ApiAnswer) {
  let settings: RecoverySettings = RECOVERY_SETTINGS;
  return renderStaffRoutes({
    routes: {
      '/account/sales': (
        <>
          <AbandonedCheckoutsSection />
          <StepUpHost />
        </>
      ),
    },
    entry: '/account/sales',
    handler: (call) => {
      if (call.method === 'PUT' && call.path === '/api/settings/recovery') {
        const answer = put?.(call);
        if (answer) return answer;
        settings = { ...settings, ...(call.body as Partial<RecoverySettings>) };
        return { body: settings };
      }
      if (call.path === '/api/auth/step-up')
        return { body: { validUntil: new Date(Date.now() + 300_000).toISOString() } };
      if (call.path === '/api/account/security')
        return { body: { twoFactorEnabled: false, hasPassword: true, recoveryCodesLeft: 0, passkeys: [] } };
      return recoveryDefaults(call);
    },
  });
}

const form = () => screen.findByRole('form', { name: 'Reminder e-mails' });
const save = (within_: HTMLElement) =>
  userEvent.setup().click(within(within_).getByRole('button', { name: 'Save reminder settings' }));

describe('the reminders’ settings', () => {
  it('shows the saved settings and sends only what changed', async () => {
    const { calls } = renderForm();
    const settings = await form();
    const user = userEvent.setup();
    expect(
      within(settings).getByRole('checkbox', { name: 'Send reminders of abandoned checkouts' }),
    ).toBeChecked();
    const first = within(settings).getByLabelText('First reminder after (minutes)');
    const second = within(settings).getByLabelText('Second reminder after (minutes)');
    const soft = within(settings).getByRole('checkbox', { name: /^Soft opt-in: also remind/ });
    expect(first).toHaveValue('60');
    expect(second).toHaveValue('1440');
    expect(soft).not.toBeChecked();

    await user.clear(first);
    await user.type(first, '30');
    await user.clear(second);
    await user.click(soft);
    await save(settings);
    expect(await within(settings).findByText('The reminder settings were saved.')).toBeInTheDocument();
    expect(puts(calls).map((call) => call.body)).toEqual([{ delaysMinutes: [30], softOptIn: true }]);

    await user.click(
      within(settings).getByRole('checkbox', { name: 'Send reminders of abandoned checkouts' }),
    );
    await save(settings);
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]?.body).toEqual({ enabled: false });
  });

  it('refuses a second reminder not later than the first without asking the server', async () => {
    const { calls } = renderForm();
    const settings = await form();
    const user = userEvent.setup();
    const second = within(settings).getByLabelText('Second reminder after (minutes)');
    await user.clear(second);
    await user.type(second, '45');
    await save(settings);
    expect(second).toHaveAccessibleDescription(
      expect.stringContaining('Second reminder after must be later than the first reminder'),
    );
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(puts(calls)).toHaveLength(0);
  });

  it('shows the server’s reason under its field', async () => {
    renderForm(() => ({
      status: 400,
      body: errorBody('VALIDATION_ERROR', 'Invalid body: delaysMinutes.1 must be at most 43200 minutes', {
        'delaysMinutes.1': 'must be at most 43200 minutes (30 days)',
      }),
    }));
    const settings = await form();
    const user = userEvent.setup();
    const second = within(settings).getByLabelText('Second reminder after (minutes)');
    await user.clear(second);
    await user.type(second, '2880');
    await save(settings);
    await waitFor(() =>
      expect(second).toHaveAccessibleDescription(
        expect.stringContaining('Second reminder after must be at most 43200 minutes (30 days)'),
      ),
    );
    expect(within(settings).getByRole('alert')).toHaveTextContent('The reminder settings were not saved');
    expect(within(settings).getByLabelText('First reminder after (minutes)')).not.toHaveAttribute(
      'aria-invalid',
    );
  });

  it('asks the member to confirm it is them when the server wants a step-up, then saves', async () => {
    let steppedUp = false;
    const { calls } = renderForm(() => {
      steppedUp ||= calls.some((call) => call.path === '/api/auth/step-up');
      return steppedUp
        ? undefined
        : { status: 403, body: errorBody('STEP_UP_REQUIRED', 'Confirm it is you') };
    });
    const settings = await form();
    const user = userEvent.setup();
    await user.click(within(settings).getByRole('checkbox', { name: /^Soft opt-in/ }));
    await save(settings);
    await user.type(await screen.findByLabelText('Your password'), 'Admin#2023shop{Enter}');
    expect(await within(settings).findByText('The reminder settings were saved.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/step-up')).toHaveLength(1);
    expect(puts(calls).map((call) => call.body)).toEqual([{ softOptIn: true }, { softOptIn: true }]);
  });
});
