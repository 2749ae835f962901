import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { SESSION_QUERY_KEY, type SessionUser } from '../../../lib/session';
import { UID } from '../../../test/fixtures';
import { type ApiHandler, mockApi } from '../../../test/mock-api';
import { testQueryClient } from '../../../test/query-client';

/** Test helpers the staff tabs share: an admin's session, and a tab in a memory router with a scripted API. */

/** An admin of the tests that need one of their own (Users: whose own card is locked). */
export const BOSS = { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', email: 'boss@shop.test', username: 'boss' };

/** The signed-in admin, as GET /api/auth/get-session answers (the shop's staff account unless told). */
export function staffSession(
  user: { id: string; email: string; username: string } = {
    id: UID,
    email: 'staff@shop.test',
    username: 'staff',
  },
  role = 'admin',
) {
  return { user: { ...user, emailVerified: true, role } };
}

/** The address shown, for the tests to read where a link or a filter went (`getByTestId('location')`). */
function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

interface StaffRoutesOptions {
  /** The pages at their paths ('/account/drops'). */
  routes: Record<string, ReactNode>;
  entry: string;
  /** Answers the tab's calls; what it leaves unanswered falls to the session, then a 404. */
  handler: ApiHandler;
  /** The session answered for an unanswered GET /api/auth/get-session; null leaves it to the handler. */
  session?: ReturnType<typeof staffSession> | null;
  /** Shows the address under the page (`getByTestId('location')`). */
  location?: boolean;
}

/** A staff tab at `entry` in a memory router, with a scripted API behind fetch and a fresh query cache. */
export function renderStaffRoutes({
  routes,
  entry,
  handler,
  session = staffSession(),
  location = false,
}: StaffRoutesOptions) {
  const api = mockApi(async (call) => {
    const answer = await handler(call);
    if (answer) return answer;
    if (session && call.path === '/api/auth/get-session') return { body: session };
    return undefined;
  });
  const client = testQueryClient();
  // The signed-in member as a page rendered on the server brings them: the tab's buttons follow their
  // permissions from the first render.
  if (session)
    client.setQueryData(SESSION_QUERY_KEY, {
      uid: session.user.id,
      username: session.user.username,
      email: session.user.email,
      emailVerified: session.user.emailVerified,
      role: session.user.role,
    } satisfies SessionUser);
  const pages = Object.entries(routes).map(([path, element]) => ({ path, element }));
  const router = createMemoryRouter(
    location
      ? [
          {
            element: (
              <>
                <Outlet />
                <Where />
              </>
            ),
            children: pages,
          },
        ]
      : pages,
    { initialEntries: [entry] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...api, ...view, router, client };
}
