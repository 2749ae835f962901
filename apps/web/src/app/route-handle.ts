/** What the server and the layout need to know of a route (entry-server.tsx, layout/root-layout.tsx). */
export interface RouteHandle {
  /**
   * The server renders the page with its data (decision 16). Only pages for looking: a page with a form
   * (login, checkout, profile) comes as the shell, so nothing can be submitted before the app runs.
   */
  serverRendered?: boolean;
  /** The HTTP status the page answers with. */
  status?: number;
  /**
   * The page (or every page under this route) is kept out of search results: `<meta name="robots"
   * content="noindex">`, in the shell's head too when the server does not render it.
   */
  noindex?: boolean;
}

/** Whether any of the matched routes' handles keeps the page out of search results. */
export const isNoindex = (handles: unknown[]): boolean =>
  handles.some((handle) => (handle as RouteHandle | undefined)?.noindex === true);
