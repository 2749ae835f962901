import { isStaffRole, type Permission } from '@shop/contracts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { UserIcon } from '../../components/icons';
import { usePermissions } from '../../lib/permissions';
import { type SessionUser, useSession } from '../../lib/session';
import { useSignOut } from './sign-out';

interface MenuLink {
  to: string;
  label: string;
  /** A staff entry shows to members holding it (issue 38). */
  permission?: Permission;
}

const GUEST_LINKS: MenuLink[] = [
  { to: '/login', label: 'Login' },
  { to: '/register', label: 'Register' },
];

const USER_LINKS: MenuLink[] = [
  { to: '/account/profile', label: 'Profile' },
  { to: '/account/favorites', label: 'Favorites' },
  { to: '/account/orders', label: 'Orders' },
  { to: '/account/bought', label: 'Bought' },
  { to: '/account/security', label: 'Security' },
  { to: '/account/sessions', label: 'Sessions' },
];

const ADMIN_LINKS: MenuLink[] = [
  { to: '/account/orders', label: 'Orders' },
  { to: '/account/products', label: 'Products', permission: 'products.write' },
  { to: '/account/users', label: 'Users', permission: 'users.read' },
  { to: '/account/profile', label: 'Profile' },
  { to: '/account/security', label: 'Security' },
  { to: '/account/sessions', label: 'Sessions' },
];

/** The account menu's entries for who is looking (spec: guest, user, admin), staff's by their permissions. */
export function accountLinks(user: SessionUser | null, permissions: ReadonlySet<Permission>): MenuLink[] {
  if (!user) return GUEST_LINKS;
  if (!isStaffRole(user.role)) return USER_LINKS;
  return ADMIN_LINKS.filter((link) => !link.permission || permissions.has(link.permission));
}

/** Who is signed in, and the entries of their menu. */
function useMenuLinks() {
  const { user } = useSession();
  const permissions = usePermissions();
  return { user, links: accountLinks(user, permissions) };
}

/**
 * The account dropdown: a disclosure button with Bootstrap's dropdown look. Written by hand rather than with
 * react-bootstrap's Dropdown (which brings popper) to keep every page's first load small.
 * Escape, a click outside or focus leaving closes it; arrow keys move between entries.
 */
export function AccountMenu() {
  const { user, links } = useMenuLinks();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function items(): HTMLElement[] {
    return Array.from(root.current?.querySelectorAll<HTMLElement>('.dropdown-item') ?? []);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    if (!open) {
      setOpen(true);
      requestAnimationFrame(() => items()[event.key === 'ArrowUp' ? items().length - 1 : 0]?.focus());
      return;
    }
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const last = list.length - 1;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : event.key === 'ArrowDown'
            ? current >= last
              ? 0
              : current + 1
            : current <= 0
              ? last
              : current - 1;
    list[next]?.focus();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: key presses bubble here from the toggle and the entries
    <div
      ref={root}
      className="dropdown account-menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="nav-icon-btn"
        aria-label="Account"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <UserIcon />
        {user ? <span className="account-menu__dot" aria-hidden="true" /> : null}
      </button>
      <div
        id={menuId}
        className={`dropdown-menu dropdown-menu-end shadow account-menu__list${open ? ' show' : ''}`}
      >
        {user ? (
          <>
            <p className="dropdown-header text-truncate mb-0">
              {user.username || user.email}
              <RoleBadge role={user.role} />
            </p>
            <hr className="dropdown-divider" />
          </>
        ) : null}
        <ul className="list-unstyled m-0">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="dropdown-item" onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            </li>
          ))}
          {user ? (
            <li>
              <hr className="dropdown-divider" />
              <button
                type="button"
                className="dropdown-item"
                onClick={() => {
                  setOpen(false);
                  void signOut();
                }}
              >
                LogOut
              </button>
            </li>
          ) : null}
        </ul>
      </div>
    </div>
  );
}

/** A member of staff's role beside their name ('admin', 'support'); nothing for a shopper. */
function RoleBadge({ role }: { role: string }) {
  return isStaffRole(role) ? <span className="badge text-bg-warning ms-2">{role}</span> : null;
}
