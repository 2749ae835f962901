import { Outlet, useMatches } from 'react-router';
import { NoIndex } from '../../components/no-index';
import { StepUpHost } from '../../components/step-up-host';
import { isNoindex } from '../route-handle';
import { useFocusHeadingOnNavigate } from './focus-on-navigate';
import { ScrollToTop, useScrollToTopOnNavigate } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteNavbar } from './site-navbar';

export function RootLayout() {
  useScrollToTopOnNavigate();
  useFocusHeadingOnNavigate();
  // The visitor's own pages, the forms and dev pages stay out of search results (routes.tsx).
  const noindex = isNoindex(useMatches().map((match) => match.handle));
  return (
    <div className="d-flex flex-column min-vh-100">
      {noindex ? <NoIndex /> : null}
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
