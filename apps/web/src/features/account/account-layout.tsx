import { isStaffRole, type Permission } from '@shop/contracts';
import { NavLink, Outlet, useLocation } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { UserAvatar } from '../../components/user-avatar';
import { type StaffStanding, useStaffStanding } from '../../lib/permissions';
import { type SessionUser, useSession } from '../../lib/session';
import type { AccountContext } from './account-context';
import { useDashboard } from './api/get-dashboard';
import './account.css';
import { LoadingSpinner } from '../../components/loading-cards';

export interface AccountTab {
  path: string;
  label: string;
  /** A staff tab shows to members holding any of these (none: every member). */
  permissions?: readonly Permission[];
}

/** The tabs the routes give the frame: the shopper's, and the staff's (spec section 2). */
export interface AccountTabs {
  shopper: readonly AccountTab[];
  staff: readonly AccountTab[];
}

/**
 * /account/{section}: the user dashboard, or the admin dashboard when the role is admin. Loads the profile
 * and role on open, then shows the sections as tabs. Each tab is a link, so every section has its own
 * address and the Back button works.
 */
export function AccountLayout({ tabs }: { tabs: AccountTabs }) {
  const { user } = useSession();
  // The route sits behind the login guard; this is only for the type.
  if (!user) return null;
  return <Account user={user} tabs={tabs} />;
}

function Account({ user, tabs }: { user: SessionUser; tabs: AccountTabs }) {
  const dashboard = useDashboard(user.uid);
  const { pathname } = useLocation();
  const name = dashboard.data?.username || user.username || user.email;
  const standing = useStaffStanding();
  const { permissions } = standing;
  const role = dashboard.data?.roles[0] ?? user.role;
  const isStaff = isStaffRole(role);
  const sections = isStaff
    ? tabs.staff.filter((tab) => !tab.permissions?.length || tab.permissions.some((p) => permissions.has(p)))
    : tabs.shopper;
  const section = sections.find((item) => pathname.startsWith(item.path));

  return (
    <main className="container py-4 py-lg-5 account">
      {/* A page outside the tabs (the admins-only notice) names itself. */}
      {section ? <title>{`${section.label} · Sneaker Shop`}</title> : null}
      <header className="account-head">
        <UserAvatar image={dashboard.data?.image ?? ''} name={name} size="lg" />
        <div className="account-head__text">
          <p className="account-head__eyebrow">{isStaff ? 'Shop dashboard' : 'My account'}</p>
          <h1 className="account-head__title">{name}</h1>
          <p className="account-head__email">
            <span className="account-head__address">{user.email}</span>
            {isStaff ? <span className="badge text-bg-warning account-head__badge">{role}</span> : null}
          </p>
        </div>
      </header>

      {isStaff ? (
        <TwoFactorDue standing={standing} onSecurity={pathname.startsWith('/account/security')} />
      ) : null}

      <nav className="account-tabs" aria-label="Account sections">
        <ul className="account-tabs__list">
          {sections.map((item) => (
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
          <LoadingSpinner label="Loading your account" className="py-5" spinnerClassName="text-dark" />
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

/** A member whose role needs a second factor they have not added: by when, or that the staff pages wait. */
function TwoFactorDue({ standing, onSecurity }: { standing: StaffStanding; onSecurity: boolean }) {
  if (!standing.twoFactorDue) return null;
  const by = standing.twoFactorDue.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="status">
      <span className="flex-grow-1">
        {standing.withheld
          ? 'Your role needs two-factor sign-in: the staff pages open once you add an authenticator app or a passkey.'
          : `Your role needs two-factor sign-in: add an authenticator app or a passkey by ${by}, or the staff pages close until you do.`}
      </span>
      {onSecurity ? null : (
        <NavLink to="/account/security" className="btn btn-sm btn-dark">
          Set it up
        </NavLink>
      )}
    </div>
  );
}
