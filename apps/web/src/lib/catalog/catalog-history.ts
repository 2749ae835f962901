/**
 * Remembers where the catalogue was last (its query string and its place in the browser history), so a
 * product page can go back to the same filtered, sorted page.
 */
const STORAGE_KEY = 'catalog:last-search';

let last: { search: string; idx: number | null } | null = null;

function historyIndex(): number | null {
  if (typeof window === 'undefined') return null;
  // React Router's browser history keeps the entry's position in history.state.idx.
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

export function rememberCatalogLocation(search: string): void {
  last = { search, idx: historyIndex() };
  try {
    sessionStorage.setItem(STORAGE_KEY, search);
  } catch {
    // No session storage: the in-memory value still serves this tab.
  }
}

/** The last catalogue URL this tab showed, or /home. */
export function lastCatalogHref(): string {
  let search = last?.search;
  if (search === undefined) {
    try {
      search = sessionStorage.getItem(STORAGE_KEY) ?? '';
    } catch {
      search = '';
    }
  }
  return search?.startsWith('?') ? `/home${search}` : '/home';
}

/** True when the previous history entry is the catalogue, so going back restores it (scroll included). */
export function previousEntryIsCatalog(): boolean {
  const idx = historyIndex();
  return last?.idx !== null && last?.idx !== undefined && idx !== null && idx === last.idx + 1;
}
