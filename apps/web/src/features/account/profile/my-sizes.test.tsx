import type { MySizes, ShopperSizeSystem } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { rehydrateSizes } from '../../../lib/sizes';
import { errorBody, renderAccount, UID } from '../account-test-utils';

const card = () => screen.findByRole('region', { name: 'My sizes' });

beforeEach(() => {
  localStorage.clear();
  rehydrateSizes();
});

describe('My sizes in the profile', () => {
  it("starts from the profile's sizes, saves the system and the sizes, and says so", async () => {
    const sent: unknown[] = [];
    const { stored } = renderAccount(
      '/account/profile',
      (call, stored) => {
        if (call.method !== 'PUT' || call.path !== `/api/users/update/${UID}`) return undefined;
        sent.push(call.body);
        const body = call.body as { sizeSystem?: ShopperSizeSystem; mySizes?: MySizes };
        stored.current = { ...stored.current, ...body };
        return { body: [stored.current] };
      },
      { profile: { sizeSystem: 'US', mySizes: { default: { system: 'US', value: '10' }, brands: {} } } },
    );
    const section = await card();
    const user = userEvent.setup();
    const mySize = within(section).getByLabelText('My size (US)');
    expect(mySize).toHaveValue('10');

    await user.selectOptions(within(section).getByLabelText('Size system'), 'EU');
    await user.clear(within(section).getByLabelText('My size (EU)'));
    await user.type(within(section).getByLabelText('My size (EU)'), '44');
    await user.click(within(section).getByRole('button', { name: '+ Add a brand' }));
    await user.selectOptions(within(section).getByLabelText('Brand'), 'adidas');
    await user.type(within(section).getByLabelText('Size in adidas (EU)'), '44,5');
    await user.click(within(section).getByRole('button', { name: 'Remember my sizes' }));

    expect(await within(section).findByText('Saved: your sizes are in your profile.')).toBeInTheDocument();
    expect(sent).toEqual([
      { sizeSystem: 'EU' },
      {
        mySizes: {
          default: { system: 'EU', value: '44' },
          brands: { adidas: { system: 'EU', value: '44.5' } },
        },
      },
    ]);
    expect(stored.current.sizeSystem).toBe('EU');
  });

  it("shows the profile's refusal of a size at its field, and keeps what was typed", async () => {
    renderAccount(
      '/account/profile',
      (call) =>
        call.method === 'PUT' && call.path === `/api/users/update/${UID}`
          ? {
              status: 400,
              body: errorBody('VALIDATION_ERROR', 'Invalid request', {
                'mySizes.brands.nike': "is not a EU size of nike's size chart",
              }),
            }
          : undefined,
      { profile: { sizeSystem: 'EU', mySizes: { default: { system: 'EU', value: '44' }, brands: {} } } },
    );
    const section = await card();
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: '+ Add a brand' }));
    const nike = within(section).getByLabelText('Size in nike (EU)');
    await user.type(nike, '99');
    await user.click(within(section).getByRole('button', { name: 'Remember my sizes' }));

    await waitFor(() => expect(nike).toHaveAttribute('aria-invalid', 'true'));
    expect(nike).toHaveAccessibleDescription("Nike size is not a EU size of nike's size chart.");
    expect(nike).toHaveFocus();
    expect(nike).toHaveValue('99');
    expect(within(section).queryByText(/Saved/)).not.toBeInTheDocument();
  });

  it('checks a size before sending it, and removes a brand', async () => {
    const { calls } = renderAccount('/account/profile', () => undefined, {
      profile: { mySizes: { brands: { vans: { system: 'US', value: '9' } } } },
    });
    const section = await card();
    const user = userEvent.setup();
    const mySize = within(section).getByLabelText('My size (US)');
    await user.type(mySize, 'ten');
    await user.click(within(section).getByRole('button', { name: 'Remember my sizes' }));
    expect(mySize).toHaveAccessibleDescription('Enter a size such as 9, 9.5, 44 or 27.5.');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(within(section).getByRole('button', { name: 'Remove the vans size' }));
    expect(within(section).queryByLabelText('Size in vans (US)')).not.toBeInTheDocument();
  });
});
