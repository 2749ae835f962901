import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its main heading (lazy code, then its data) before focus settles. */
const HEADING_WAIT_MS = 5000;

/**
 * After an in-app move to another page, focus goes to the new page's main heading, so a screen reader reads
 * where the shopper now is and the next Tab starts from the page's content, not from the top of the site.
 * A page that renders its heading only once its data arrives is waited for; if the shopper has moved focus
 * somewhere themselves in the meantime, it is left there. Query-string changes (filters, pages of a list)
 * keep focus where it is, as does the first load.
 */
export function useFocusHeadingOnNavigate(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const content = document.getElementById('content');
    if (!content) return;
    const focusedAtNavigation = document.activeElement;
    const untouched = () =>
      document.activeElement === focusedAtNavigation ||
      document.activeElement === document.body ||
      document.activeElement === null;

    const focusHeading = (): boolean => {
      const heading = content.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (untouched()) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focusHeading()) return;

    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => {
      stop();
      if (untouched()) content.focus({ preventScroll: true });
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(content, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
