import { NavLink, Outlet, useLocation } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { type SessionUser, useSession } from '../../lib/session';
import type { AccountContext } from './account-context';
import { useDashboard } from './api/get-dashboard';
import { UserAvatar } from '../../components/user-avatar';
import './account.css';

export const ACCOUNT_SECTIONS = [
  { path: '/account/profile', label: 'Profile' },
  { path: '/account/favorites', label: 'Favorites' },
  { path: '/account/orders', label: 'Orders' },
  { path: '/account/bought', label: 'Bought' },
] as const;

/**
 * /account/{section}: the shopper's area. Loads the profile and role on open, then shows the sections as
 * tabs. Each tab is a link, so every section has its own address and the Back button works.
 */
export function AccountLayout() {
  const { user } = useSession();
  // The route sits behind the login guard; this is only for the type.
  if (!user) return null;
  return <Account user={user} />;
}

function Account({ user }: { user: SessionUser }) {
  const dashboard = useDashboard(user.uid);
  const { pathname } = useLocation();
  const section = ACCOUNT_SECTIONS.find((item) => pathname.startsWith(item.path));
  const name = dashboard.data?.username || user.username || user.email;
  const isAdmin = (dashboard.data?.roles[0] ?? user.role) === 'admin';

  return (
    <main className="container py-4 py-lg-5 account">
      <title>{`${section?.label ?? 'Account'} · Sneaker Shop`}</title>
      <header className="account-head">
        <UserAvatar image={dashboard.data?.image ?? ''} name={name} size="lg" />
        <div className="account-head__text">
          <p className="account-head__eyebrow">My account</p>
          <h1 className="account-head__title">{name}</h1>
          <p className="account-head__email">
            {user.email}
            {isAdmin ? <span className="badge text-bg-warning ms-2">admin</span> : null}
          </p>
        </div>
      </header>

      <nav className="account-tabs" aria-label="Account sections">
        <ul className="account-tabs__list">
          {ACCOUNT_SECTIONS.map((item) => (
            <li key={item.path}>
              <NavLink to={item.path} className="account-tabs__link">
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="account-panel">
        {dashboard.isPending ? (
          <div className="d-flex justify-content-center py-5" role="status">
            <span className="spinner-border text-dark" aria-hidden="true" />
            <span className="visually-hidden">Loading your account</span>
          </div>
        ) : dashboard.isError ? (
          <AlertError
            message={`We could not load your account: ${dashboard.error.message}`}
            dismissible={false}
            onRetry={() => dashboard.refetch()}
          />
        ) : (
          <Outlet context={{ user, dashboard: dashboard.data } satisfies AccountContext} />
        )}
      </div>
    </main>
  );
}
