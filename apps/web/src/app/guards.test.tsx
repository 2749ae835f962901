import { buildUserDashboard } from '@shop/contracts/testing';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../lib/session';
import { here, mockApi, renderRoutes, sessionReply, testUser } from '../test/auth-test-utils';
import {
  ADMIN_ONLY_MESSAGE,
  NO_PERMISSION_MESSAGE,
  RequireLogin,
  RequireStaff,
  RequireVerified,
  TWO_FACTOR_FIRST_MESSAGE,
} from './guards';

function Where({ name }: { name: string }) {
  const location = useLocation();
  return <p>{`${name} at ${location.pathname}${location.search}`}</p>;
}

const routes = [
  {
    Component: RequireLogin,
    children: [
      { path: '/cart', element: <Where name="cart" /> },
      { path: '/verify-email', element: <Where name="verify" /> },
    ],
  },
  {
    Component: RequireVerified,
    children: [{ path: '/checkout/:id', element: <Where name="checkout" /> }],
  },
  {
    element: (
      <RequireStaff sections={[{ path: '/admin-sales', label: 'Sales', permissions: ['sales.read'] }]} />
    ),
    children: [
      { path: '/admin-only', element: <Where name="admin" /> },
      { path: '/admin-sales', element: <Where name="sales" /> },
    ],
  },
  { path: '/login', element: <Where name="login" /> },
];

describe('route guards', () => {
  it("shows 'Loading' while the session loads", () => {
    // The session call never answers.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderRoutes(routes, '/cart');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText(/cart at/)).not.toBeInTheDocument();
  });

  it('sends a guest to the login with the page to come back to', async () => {
    mockApi({ 'GET /api/auth/get-session': sessionReply(null) });
    const { router } = renderRoutes(routes, '/cart?x=1');
    expect(await screen.findByText(/^login at/)).toBeInTheDocument();
    expect(here(router)).toBe(`/login?redirect=${encodeURIComponent('/cart?x=1')}`);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/cart?x=1');
  });

  it('lets a signed-in user in, verified or not, where only login is needed', () => {
    mockApi({});
    renderRoutes(routes, '/verify-email', { ...testUser, emailVerified: false });
    expect(screen.getByText('verify at /verify-email')).toBeInTheDocument();
  });

  it('sends an unverified user to /verify-email where a verified e-mail is needed', async () => {
    mockApi({});
    const { router } = renderRoutes(routes, '/checkout/u1', { ...testUser, emailVerified: false });
    expect(await screen.findByText(/^verify at/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-email');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/checkout/u1');
  });

  it('sends a guest to the login where a verified e-mail is needed', async () => {
    mockApi({});
    const { router } = renderRoutes(routes, '/checkout/u1', null);
    expect(await screen.findByText(/^login at/)).toBeInTheDocument();
    expect(here(router)).toBe('/login?redirect=%2Fcheckout%2Fu1');
  });

  it('lets a verified user through', () => {
    mockApi({});
    renderRoutes(routes, '/checkout/u1', testUser);
    expect(screen.getByText('checkout at /checkout/u1')).toBeInTheDocument();
  });

  it('tells a user that a page is for admins only, and lets an admin in', () => {
    mockApi({});
    const { unmount } = renderRoutes(routes, '/admin-only', testUser);
    expect(screen.getByRole('heading', { name: ADMIN_ONLY_MESSAGE })).toBeInTheDocument();
    expect(screen.queryByText(/admin at/)).not.toBeInTheDocument();
    unmount();
    const admin: SessionUser = { ...testUser, role: 'admin' };
    renderRoutes(routes, '/admin-only', admin);
    expect(screen.getByText('admin at /admin-only')).toBeInTheDocument();
  });

  it('tells a member of staff whose role does not open a section so, and lets one whose role does in', () => {
    mockApi({});
    const packer: SessionUser = { ...testUser, role: 'fulfilment' };
    const { unmount } = renderRoutes(routes, '/admin-sales', packer);
    expect(screen.getByRole('heading', { name: NO_PERMISSION_MESSAGE })).toBeInTheDocument();
    expect(screen.getByText(/see sales, stock and the tax report/)).toBeInTheDocument();
    expect(screen.queryByText(/sales at/)).not.toBeInTheDocument();
    unmount();
    renderRoutes(routes, '/admin-sales', { ...testUser, role: 'catalogue' });
    expect(screen.getByText('sales at /admin-sales')).toBeInTheDocument();
  });

  it('sends a member whose role waits for a second factor to Security, whatever their permissions', async () => {
    const admin: SessionUser = { ...testUser, role: 'admin' };
    mockApi({
      [`GET /api/users/dashboard/${admin.uid}`]: {
        body: [
          buildUserDashboard({
            _id: admin.uid,
            roles: ['admin'],
            permissions: [],
            twoFactorDue: '2026-01-01T00:00:00.000Z',
          }),
        ],
      },
    });
    renderRoutes(routes, '/admin-sales', admin);
    expect(await screen.findByRole('heading', { name: TWO_FACTOR_FIRST_MESSAGE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up two-factor sign-in' })).toHaveAttribute(
      'href',
      '/account/security',
    );
    expect(screen.queryByText(/sales at/)).not.toBeInTheDocument();
  });
});
