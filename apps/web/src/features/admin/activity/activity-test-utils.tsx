import type { ActivityEvent, AdminUser } from '@shop/contracts';
import type { ApiHandler } from '../../../test/mock-api';
import { renderStaffRoutes } from '../shared/staff-test-utils';
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

/** The Activity tab at `entry` with an admin session and a scripted API. */
export function renderActivity(entry: string, handler: ApiHandler) {
  return renderStaffRoutes({
    routes: {
      '/account/activity': <AdminActivityTab />,
      '/account/orders': <p>Orders tab</p>,
      '/home/:id': <p>Product page</p>,
    },
    entry,
    handler,
    location: true,
  });
}
