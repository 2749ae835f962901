import type { Order, UserDashboard } from '@shop/contracts';
import { buildOrder, buildOrderLine, buildUserDashboard, TEST_IDS } from '@shop/contracts/testing';

/** Ids the web tests share: the signed-in user, an order and two products. */
export const UID = TEST_IDS.user;
export const ORDER_ID = TEST_IDS.order;
export const AJ1 = TEST_IDS.product;
export const DUNK = '22222222-2222-4222-8222-222222222222';

/** An aprobed order of two lines (1 × Air Jordan 1 Mid XQ size 9, 3 × Dunk Low Panda size 10). */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return buildOrder({
    products: [
      buildOrderLine({
        id: AJ1,
        name: 'Air Jordan 1 Mid XQ',
        card_picture: '/uploads/aj1.webp',
        img: '/uploads/aj1.webp',
        price: 120,
      }),
      buildOrderLine({
        id: DUNK,
        name: 'Dunk Low Panda',
        card_picture: '/uploads/dunk.webp',
        img: '/uploads/dunk.webp',
        size: '10',
        count: 3,
        price: 100,
      }),
    ],
    finalAmount: 420,
    ...overrides,
  });
}

/** The signed-in user's dashboard with a complete profile. */
export function dashboardFixture(overrides: Partial<UserDashboard> = {}): UserDashboard {
  return buildUserDashboard(overrides);
}
