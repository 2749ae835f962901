import type { Order, UserDashboard } from '@shop/contracts';

/** Ids the web tests share: the signed-in user, an order and two products. */
export const UID = '0b9d1c1e-5a5b-4c1e-9a3e-1f2a3b4c5d6e';
export const ORDER_ID = '7f3e2d1c-0b9a-4877-8665-544332211000';
export const AJ1 = '11111111-1111-4111-8111-111111111111';
export const DUNK = '22222222-2222-4222-8222-222222222222';

/** An aprobed order of two lines (1 × Air Jordan 1 Mid XQ size 9, 3 × Dunk Low Panda size 10). */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    _id: ORDER_ID,
    user: { _id: UID, username: 'demo_user', email: 'demo@shop.test', image: '' },
    date: '2024-05-17T10:20:30.000Z',
    state: 'aprobed',
    provider: 'stripe',
    refundedAt: null,
    finalAmount: 420,
    products: [
      {
        id: AJ1,
        name: 'Air Jordan 1 Mid XQ',
        brand: 'nike',
        card_picture: '/uploads/aj1.webp',
        img: '/uploads/aj1.webp',
        size: '9',
        count: 1,
        price: 120,
        totalPrice: 120,
      },
      {
        id: DUNK,
        name: 'Dunk Low Panda',
        brand: 'nike',
        card_picture: '/uploads/dunk.webp',
        img: '/uploads/dunk.webp',
        size: '10',
        count: 3,
        price: 100,
        totalPrice: 300,
      },
    ],
    ...overrides,
  };
}

/** The signed-in user's dashboard with a complete profile. */
export function dashboardFixture(overrides: Partial<UserDashboard> = {}): UserDashboard {
  return {
    _id: UID,
    username: 'demo_user',
    email: 'demo@shop.test',
    emailVerified: true,
    phone: '5551234567',
    address: '742 Evergreen Terrace',
    city: 'Springfield',
    state: 'Oregon',
    country: 'United States',
    image: '',
    status: true,
    roles: ['user'],
    favourites: [],
    productsFavourites: [],
    reviews: [],
    ...overrides,
  };
}
