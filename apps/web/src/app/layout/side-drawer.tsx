import Offcanvas from 'react-bootstrap/Offcanvas';
import { NavLink } from 'react-router';
import { DRAWER_LINKS } from './nav-links';
import { Wordmark } from './wordmark';

/** The side drawer opened by the hamburger button; its title is the wordmark (spec). Loaded on first open. */
export default function SideDrawer({ show, onHide }: { show: boolean; onHide: () => void }) {
  return (
    <Offcanvas
      show={show}
      onHide={onHide}
      placement="start"
      className="side-drawer"
      aria-labelledby="side-drawer-title"
    >
      <Offcanvas.Header closeButton closeVariant="white" closeLabel="Close menu">
        <Offcanvas.Title as="h2" id="side-drawer-title" className="m-0">
          <Wordmark className="side-drawer__wordmark" />
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <nav aria-label="Menu">
          <ul className="list-unstyled m-0 side-drawer__links">
            {DRAWER_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className="side-drawer__link" onClick={onHide}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
