import type { UserDashboard } from '@shop/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD_QUERY_KEY } from '../../lib/dashboard';
import type { SessionUser } from '../../lib/session';
import { rehydrateSizes, SIZES_STORAGE_KEY, useSizeStore } from '../../lib/sizes';
import { dashboardFixture } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { testQueryClient } from '../../test/query-client';
import { renderInRouter } from '../../test/render-routes';
import { SizeSystemChooser } from './size-system-chooser';

const buyer: SessionUser = {
  uid: 'u1',
  username: 'sam',
  email: 'sam@example.com',
  emailVerified: true,
  role: 'user',
};

/** The chooser for a guest (null) or a signed-in buyer whose profile reads sizes in `profile.sizeSystem`. */
function renderChooser(user: SessionUser | null, profile: Partial<UserDashboard> = {}) {
  const client = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
  client.setQueryData(['session'], user);
  if (user) client.setQueryData(DASHBOARD_QUERY_KEY(user.uid), dashboardFixture(profile));
  renderInRouter([{ path: '/', element: <SizeSystemChooser /> }], '/', client);
  return screen.getByRole('combobox', { name: 'Sizes in' });
}

beforeEach(() => {
  localStorage.clear();
  rehydrateSizes();
});

describe('the footer\'s "Sizes in" chooser', () => {
  it('offers US, UK, EU and CM, starts at US for a guest and keeps the choice in the browser', async () => {
    const { calls } = mockApi(() => undefined);
    const chooser = renderChooser(null);
    expect(chooser).toHaveValue('US');
    expect([...chooser.querySelectorAll('option')].map((option) => option.value)).toEqual([
      'US',
      'UK',
      'EU',
      'CM',
    ]);

    await userEvent.selectOptions(chooser, 'EU');
    expect(chooser).toHaveValue('EU');
    expect(JSON.parse(localStorage.getItem(SIZES_STORAGE_KEY) ?? '{}')).toMatchObject({ system: 'EU' });
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    // The next visit reads it back.
    useSizeStore.setState({ system: null });
    rehydrateSizes();
    expect(useSizeStore.getState().system).toBe('EU');
  });

  it("starts at a signed-in shopper's system and keeps a new one in the profile", async () => {
    const { calls } = mockApi((call) =>
      call.method === 'PUT' && call.path === '/api/users/update/u1'
        ? { body: [dashboardFixture({ sizeSystem: 'UK' })] }
        : undefined,
    );
    const chooser = renderChooser(buyer, { sizeSystem: 'CM' });
    await waitFor(() => expect(chooser).toHaveValue('CM'));

    await userEvent.selectOptions(chooser, 'UK');
    await waitFor(() => expect(chooser).toHaveValue('UK'));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { sizeSystem: 'UK' },
    ]);
  });

  it("carries a guest's EU and size into a profile that has none of its own, once", async () => {
    const newcomer = { ...buyer, uid: 'u-new' };
    const mySizes = { default: { system: 'EU' as const, value: '44' }, brands: {} };
    useSizeStore.getState().keep({ system: 'EU', mySizes });
    const { calls } = mockApi((call) =>
      call.method === 'PUT' && call.path === '/api/users/update/u-new'
        ? { body: [dashboardFixture({ sizeSystem: 'EU', mySizes })] }
        : undefined,
    );
    const chooser = renderChooser(newcomer, { sizeSystem: 'US', mySizes: { brands: {} } });
    await waitFor(() => expect(chooser).toHaveValue('EU'));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { sizeSystem: 'EU', mySizes },
    ]);
  });

  it('leaves a profile with sizes of its own as it is', async () => {
    const regular = { ...buyer, uid: 'u-regular' };
    useSizeStore.getState().keep({ system: 'EU', mySizes: null });
    const { calls } = mockApi(() => undefined);
    const chooser = renderChooser(regular, {
      sizeSystem: 'US',
      mySizes: { default: { system: 'US', value: '10' }, brands: {} },
    });
    await waitFor(() => expect(chooser).toHaveValue('US'));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
