import { Outlet } from 'react-router';
import { StepUpHost } from '../../components/step-up-host';
import { useFocusHeadingOnNavigate } from './focus-on-navigate';
import { ScrollToTop, useScrollToTopOnNavigate } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteNavbar } from './site-navbar';

export function RootLayout() {
  useScrollToTopOnNavigate();
  useFocusHeadingOnNavigate();
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#content" className="skip-link">
        Skip to content
      </a>
      <SiteNavbar />
      <div id="content" className="flex-grow-1" tabIndex={-1}>
        <Outlet />
      </div>
      <SiteFooter />
      <ScrollToTop />
      <StepUpHost />
    </div>
  );
}
