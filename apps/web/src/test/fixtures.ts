import type { Order, ProductDetail, Review, UserDashboard } from '@shop/contracts';
import {
  buildOrder,
  buildOrderLine,
  buildProductDetail,
  buildUserDashboard,
  TEST_IDS,
} from '@shop/contracts/testing';

/** Ids the web tests share: the signed-in user, an order and two products. */
export const UID = TEST_IDS.user;
export const ORDER_ID = TEST_IDS.order;
export const AJ1 = TEST_IDS.product;
export const DUNK = '22222222-2222-4222-8222-222222222222';
export const REVIEW_ID = '44444444-4444-4444-8444-444444444444';

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

/** The Air Jordan 1 Mid XQ's own page (GET /api/products/details/:id) as the product page's tests know it. */
export function aj1Detail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return buildProductDetail({
    _id: AJ1,
    name: 'Air Jordan 1 Mid XQ',
    price: 129.99,
    card_picture: '/uploads/aj1-card.webp',
    detail_picture: '/uploads/aj1-detail.webp',
    original_picture: '/uploads/aj1.webp',
    description: '<p>Only 240 pairs.</p>',
    collection: 'XQ',
    release_date: '2007-05-01',
    stock: { '9': 4 },
    ...overrides,
  });
}

/** A four-star review by the signed-in user (demo_user). */
export function reviewFixture(overrides: Partial<Review> = {}): Review {
  return {
    _id: REVIEW_ID,
    user: { _id: UID, username: 'demo_user', image: '' },
    rating: 4,
    description: 'Great pair, true to size.',
    fit: 'true',
    sizeBought: '9',
    date: '2024-06-01T09:00:00.000Z',
    ...overrides,
  };
}
