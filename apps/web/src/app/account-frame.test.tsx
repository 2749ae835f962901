import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, renderAccount, UID } from '../features/account/account-test-utils';
import { retryFailedLoad } from '../test/retry';
import { ACCOUNT_TABS } from './routes';

describe('Account frame with the tabs the routes give it', () => {
  it('loads the profile and shows the sections as tabs, each a link to its own address', async () => {
    const { calls, router } = renderAccount(
      '/account/orders',
      (call) => (call.path === '/api/orders' ? { body: [] } : undefined),
      { tabs: ACCOUNT_TABS },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'demo_user' })).toBeInTheDocument();
    expect(calls.some((call) => call.path === `/api/users/dashboard/${UID}`)).toBe(true);
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Profile', '/account/profile'],
      ['Favorites', '/account/favorites'],
      ['Orders', '/account/orders'],
      ['Bought', '/account/bought'],
      ['My drops', '/account/my-drops'],
      ['Security', '/account/security'],
      ['Sessions', '/account/sessions'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');

    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Bought' }));
    expect(router.state.location.pathname).toBe('/account/bought');
    expect(within(nav).getByRole('link', { name: 'Bought' })).toHaveAttribute('aria-current', 'page');
  });

  it("marks an admin, who sees the staff's sections: Orders, To ship, Products, Sizes, Users, Roles, Profile, Sales, Shipping, Tax, Returns, Drops, Activity, Team, Security, Sessions", async () => {
    renderAccount('/account/profile', undefined, {
      role: 'admin',
      profile: { roles: ['admin'] },
      tabs: ACCOUNT_TABS,
    });
    expect(await screen.findByText('admin')).toBeInTheDocument();
    expect(screen.getByText('Shop dashboard')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Orders', '/account/orders'],
      ['To ship', '/account/to-ship'],
      ['Products', '/account/products'],
      ['Sizes', '/account/sizes'],
      ['Users', '/account/users'],
      ['Roles', '/account/roles'],
      ['Profile', '/account/profile'],
      ['Sales', '/account/sales'],
      ['Promotions', '/account/promotions'],
      ['Shipping', '/account/shipping'],
      ['Tax', '/account/tax'],
      ['Returns', '/account/returns'],
      ['Drops', '/account/drops'],
      ['Activity', '/account/activity'],
      ['Team', '/account/team'],
      ['Security', '/account/security'],
      ['Sessions', '/account/sessions'],
    ]);
    await waitFor(() => expect(document.title).toBe('Profile · Sneaker Shop'));
  });

  it("shows the spec's red alert with a way to try again when the profile cannot be loaded", async () => {
    let fail = true;
    renderAccount('/account/profile', (call) =>
      call.path.startsWith('/api/users/dashboard') && fail
        ? { status: 500, body: errorBody('INTERNAL_ERROR', 'The database is asleep') }
        : undefined,
    );
    await retryFailedLoad('The database is asleep', () => {
      fail = false;
    });
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
  });
});
