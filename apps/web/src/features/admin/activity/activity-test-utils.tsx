import type { ActivityEvent, AdminUser } from '@shop/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { UID } from '../../../test/fixtures';
import { type ApiHandler, mockApi } from '../../../test/mock-api';
import { testQueryClient } from '../../../test/query-client';
import { AdminActivityTab } from './activity-tab';

export const ANA = 'a0a0a0a0-0000-4000-8000-000000000001';
export const BEN = 'b0b0b0b0-0000-4000-8000-000000000002';
export const PRODUCT_ID = '11111111-1111-4111-8111-111111111111';
export const ORDER_ID = '7f3e2d1c-0b9a-4877-8665-544332211000';
export const SHOPPER_ID = 'c0c0c0c0-0000-4000-8000-000000000003';

const actors = {
  [ANA]: { _id: ANA, username: 'ana_admin', email: 'ana@shop.test' },
  [BEN]: { _id: BEN, username: 'ben_admin', email: 'ben@shop.test' },
};

let counter = 0;
/** An event shaped by activityEventSchema, by Ana unless said otherwise. */
export function activityEvent(
  overrides: Partial<Omit<ActivityEvent, 'actor'>> & { actor?: string } = {},
): ActivityEvent {
  counter += 1;
  const { actor = ANA, ...rest } = overrides;
  return {
    _id: `e0e0e0e0-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    kind: 'product.update',
    actor: actors[actor as keyof typeof actors] ?? { _id: actor, username: '', email: '' },
    subject: { type: 'product', id: PRODUCT_ID },
    before: { price: 120 },
    after: { price: 99 },
    date: '2024-06-17T14:05:00.000Z',
    ...rest,
  };
}

export function adminUser(id: string, username: string, email: string, role: 'admin' | 'user'): AdminUser {
  return {
    _id: id,
    username,
    email,
    emailVerified: true,
    image: '',
    status: true,
    roles: [role],
    createdAt: '2024-01-01T00:00:00.000Z',
  };
}

const adminSession = {
  user: { id: UID, email: 'staff@shop.test', emailVerified: true, username: 'staff', role: 'admin' },
};

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

/** The Activity tab at `entry` in a memory router, with an admin session and a scripted API. */
export function renderActivity(entry: string, handler: ApiHandler) {
  const api = mockApi(async (call) => {
    const answer = await handler(call);
    if (answer) return answer;
    if (call.path === '/api/auth/get-session') return { body: adminSession };
    return undefined;
  });
  const client = testQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
          </>
        ),
        children: [
          { path: '/account/activity', element: <AdminActivityTab /> },
          { path: '/account/orders', element: <p>Orders tab</p> },
          { path: '/home/:id', element: <p>Product page</p> },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...api, ...view, router };
}
