import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD_QUERY_KEY } from '../../lib/dashboard';
import type { SessionUser } from '../../lib/session';
import { rehydrateShipTo, SHIP_TO_STORAGE_KEY, useShipToStore } from '../../lib/ship-to';
import { setShopTax } from '../../lib/shop-tax';
import { dashboardFixture } from '../../test/fixtures';
import { testQueryClient } from '../../test/query-client';
import { renderInRouter } from '../../test/render-routes';
import { ShipToChooser } from './ship-to-chooser';

const buyer: SessionUser = {
  uid: 'u1',
  username: 'sam',
  email: 'sam@example.com',
  emailVerified: true,
  role: 'user',
};

/** The chooser for a guest (null) or a signed-in buyer whose profile says `profileCountry`. */
function renderChooser(user: SessionUser | null, profileCountry = 'Spain') {
  const client = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
  client.setQueryData(['session'], user);
  if (user) client.setQueryData(DASHBOARD_QUERY_KEY(user.uid), dashboardFixture({ country: profileCountry }));
  renderInRouter([{ path: '/', element: <ShipToChooser /> }], '/', client);
  return screen.getByRole('combobox', { name: 'Ship to' });
}

beforeEach(() => {
  localStorage.clear();
  rehydrateShipTo();
  setShopTax({ pricesIncludeTax: true, homeCountry: 'FR', homeRegion: '', collects: true });
});

afterEach(() => setShopTax(null));

describe('the footer\'s "Ship to" chooser', () => {
  it("starts at the shop's home country for a guest, and remembers the country chosen", async () => {
    const chooser = renderChooser(null);
    expect(chooser).toHaveValue('FR');
    expect(screen.getByRole('option', { name: 'France' })).toBeInTheDocument();

    await userEvent.selectOptions(chooser, 'Germany');
    expect(chooser).toHaveValue('DE');
    expect(localStorage.getItem(SHIP_TO_STORAGE_KEY)).toBe('DE');
    expect(useShipToStore.getState().country).toBe('DE');

    // The next page (and the next visit) reads it back from the browser's storage.
    cleanup();
    useShipToStore.setState({ country: null });
    rehydrateShipTo();
    expect(renderChooser(null)).toHaveValue('DE');
  });

  it("starts at a signed-in buyer's profile country (kept as a name), until another is chosen", async () => {
    const chooser = renderChooser(buyer, 'Spain');
    await waitFor(() => expect(chooser).toHaveValue('ES'));
    await userEvent.selectOptions(chooser, 'Italy');
    expect(chooser).toHaveValue('IT');
    expect(localStorage.getItem(SHIP_TO_STORAGE_KEY)).toBe('IT');
  });

  it('ignores a stored value that names no country', () => {
    localStorage.setItem(SHIP_TO_STORAGE_KEY, 'Atlantis');
    rehydrateShipTo();
    expect(renderChooser(null)).toHaveValue('FR');
  });
});
