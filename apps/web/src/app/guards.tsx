import { isStaffRole, PERMISSION_LABELS, type Permission } from '@shop/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useStaffStanding } from '../lib/permissions';
import { useSession } from '../lib/session';

/**
 * Route wrappers (spec: Guards). They are conveniences: the API enforces every rule itself. Each renders
 * its child routes through <Outlet />, so the pages stay lazy.
 */

/** Shown while the session loads (spec: 'Loading'). */
export function GuardLoading() {
  return (
    <div className="d-flex flex-column align-items-center gap-2 py-5 text-muted" role="status">
      <span className="spinner-border text-dark" aria-hidden="true" />
      <span>Loading</span>
    </div>
  );
}

/**
 * Set while the server renders a page (entry-server.tsx): a guard that sends the visitor elsewhere records
 * where, and the server answers with that redirect instead of the page.
 */
export const ServerRedirect = createContext<{ location: string | null } | null>(null);

/** Sends the visitor to `to`, replacing this entry: an HTTP redirect on the server, a navigation here. */
function Redirect({ to }: { to: string }) {
  const serverRedirect = useContext(ServerRedirect);
  if (serverRedirect) {
    serverRedirect.location ??= to;
    return null;
  }
  return <Navigate to={to} replace />;
}

function useHere(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/** /login?redirect=<where the visitor was>, so the login comes back here. */
export function loginUrl(here: string): string {
  return `/login?redirect=${encodeURIComponent(here)}`;
}

/** Guests go to the login page; signed-in users see the page. */
export function RequireLogin() {
  const { user, loading } = useSession();
  const here = useHere();
  if (loading) return <GuardLoading />;
  if (!user) return <Redirect to={loginUrl(here)} />;
  return <Outlet />;
}

/** Like RequireLogin; a signed-in user whose e-mail is not verified goes to /verify-email first. */
export function RequireVerified() {
  const { user, loading } = useSession();
  const here = useHere();
  if (loading) return <GuardLoading />;
  if (!user) return <Redirect to={loginUrl(here)} />;
  if (!user.emailVerified) return <Redirect to={`/verify-email?redirect=${encodeURIComponent(here)}`} />;
  return <Outlet />;
}

export const ADMIN_ONLY_MESSAGE = 'Only admins can see this page';

/** A staff section's address and the permissions that open it (any of them; none: every member). */
export interface StaffSection {
  path: string;
  label: string;
  permissions?: readonly Permission[];
}

export const NO_PERMISSION_MESSAGE = 'Your role does not open this page';
export const TWO_FACTOR_FIRST_MESSAGE = 'Set up two-factor sign-in first';

/**
 * The staff's sections, inside the account frame (which already holds the login and e-mail checks): a
 * shopper is told the page is for admins; a member of staff whose role does not open this section is
 * told so (the server refuses its calls all the same).
 */
export function RequireStaff({ sections = [] }: { sections?: readonly StaffSection[] }) {
  const { user, loading } = useSession();
  const { permissions, withheld } = useStaffStanding();
  const here = useHere();
  const { pathname } = useLocation();
  if (loading) return <GuardLoading />;
  if (!user) return <Redirect to={loginUrl(here)} />;
  if (!isStaffRole(user.role))
    return (
      <Refusal title={ADMIN_ONLY_MESSAGE}>
        You are logged in as {user.email}, which is not an admin account.
      </Refusal>
    );
  const section = sections.find((candidate) => pathname.startsWith(candidate.path));
  const needed = section?.permissions ?? [];
  if (withheld && needed.length > 0)
    return (
      <Refusal
        title={TWO_FACTOR_FIRST_MESSAGE}
        action={{ to: '/account/security', label: 'Set up two-factor sign-in' }}
      >
        Your role needs a second factor before the staff pages open: add an authenticator app or a passkey in
        Security.
      </Refusal>
    );
  if (needed.length > 0 && !needed.some((permission) => permissions.has(permission)))
    return (
      <Refusal title={NO_PERMISSION_MESSAGE}>
        {`The ${section?.label} section is for members who may ${needed
          .map((permission) => PERMISSION_LABELS[permission].toLowerCase())
          .join(' or ')}. Ask the shop's owner if you need it.`}
      </Refusal>
    );
  return <Outlet />;
}

function Refusal({
  title,
  children,
  action = { to: '/', label: 'Go home' },
}: {
  title: string;
  children: ReactNode;
  action?: { to: string; label: string };
}) {
  return (
    <section className="py-4 text-center" aria-labelledby="staff-only-title">
      <title>{`${title} · Sneaker Shop`}</title>
      <h2 id="staff-only-title" className="h3 fw-bold mb-3">
        {title}
      </h2>
      <p className="text-muted">{children}</p>
      <Link to={action.to} className="btn btn-dark">
        {action.label}
      </Link>
    </section>
  );
}
