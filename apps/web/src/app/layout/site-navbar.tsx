import { lazy, Suspense, useState } from 'react';
import { NavLink } from 'react-router';
import { MenuIcon } from '../../components/icons';
import { AccountMenu } from './account-menu';
import { CartButton } from './cart-button';
import { NAV_LINKS } from './nav-links';
import { NavSearch } from './nav-search';
import { WordmarkLink } from './wordmark';

const loadDrawer = () => import('./side-drawer');
const SideDrawer = lazy(loadDrawer);

/**
 * The shop's top bar. Wide screens show the links inline; below lg they move into the side drawer and the
 * search takes a second row, so nothing overflows at 375 px.
 */
export function SiteNavbar() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerRequested, setDrawerRequested] = useState(false);

  return (
    <header className="site-header sticky-top">
      <div className="container site-nav">
        <button
          type="button"
          className="nav-icon-btn site-nav__burger"
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          onPointerEnter={() => void loadDrawer()}
          onFocus={() => void loadDrawer()}
          onClick={() => {
            setDrawerRequested(true);
            setDrawerOpen(true);
          }}
        >
          <MenuIcon />
        </button>
        <WordmarkLink className="site-nav__brand" />
        <nav aria-label="Main" className="site-nav__links">
          <ul className="list-unstyled m-0 d-flex">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className="site-nav__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <NavSearch className="site-nav__search" />
        <div className="site-nav__actions">
          <CartButton />
          <AccountMenu />
        </div>
      </div>
      {drawerRequested ? (
        <Suspense fallback={null}>
          <SideDrawer show={drawerOpen} onHide={() => setDrawerOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
