import type { Promotion } from '@shop/contracts';
import { AJ1, DUNK } from '../../../test/fixtures';
import type { ApiCall, ApiHandler } from '../../../test/mock-api';
import { adminProduct, productPage } from '../products/products-test-utils';
import { renderStaffRoutes } from '../shared/staff-test-utils';
import { AdminPromotionFormPage } from './promotion-form-page';
import { AdminPromotionsTab } from './promotions-tab';

export { errorBody } from '../../../test/mock-api';
export { AJ1, DUNK };

/** Test helpers for the staff's Promotions tab: contract-shaped promotions, the tab in a memory router. */

export const SPRING_ID = 'a1a1a1a1-0000-4000-8000-000000000001';
export const SHIP_ID = 'a2a2a2a2-0000-4000-8000-000000000002';

/** SPRING20: 20% off everything, active, 12 uses of 100, two per customer, by default. */
export function promotionFixture(overrides: Partial<Promotion> = {}): Promotion {
  return {
    id: SPRING_ID,
    code: 'SPRING20',
    kind: 'percent',
    value: 20,
    minOrder: 0,
    startsAt: '2027-03-01T09:00:00.000Z',
    endsAt: '2027-03-31T21:00:00.000Z',
    totalUses: 100,
    usesPerCustomer: 2,
    eligible: { productIds: [], brands: [], categories: [] },
    appliesToDrops: false,
    status: 'active',
    state: 'active',
    uses: 12,
    discounted: 264,
    sales: 1320,
    createdAt: '2027-02-20T10:00:00.000Z',
    updatedAt: '2027-02-20T10:00:00.000Z',
    ...overrides,
  };
}

/** SHIPFREE: free shipping on Nike pairs, no end, no caps, paused. */
export const shipFixture = (overrides: Partial<Promotion> = {}) =>
  promotionFixture({
    id: SHIP_ID,
    code: 'SHIPFREE',
    kind: 'free_shipping',
    value: null,
    startsAt: null,
    endsAt: null,
    totalUses: null,
    usesPerCustomer: null,
    eligible: { productIds: [], brands: ['nike'], categories: [] },
    status: 'paused',
    state: 'paused',
    uses: 3,
    discounted: 0,
    sales: 410,
    ...overrides,
  });

export const listOf = (promotions: Promotion[], page = 1, pages = 1) => ({ promotions, page, pages });

/** The products the picker finds: the Products tab's list, whatever the search. */
const PICKER_PRODUCTS = [adminProduct(DUNK, 'Dunk Low Panda'), adminProduct(AJ1, 'Air Jordan 1')];

const pickerProducts = (call: ApiCall) =>
  call.path === '/api/products/admin' ? { body: productPage(PICKER_PRODUCTS) } : undefined;

/** The Promotions tab and its form at `entry` with a scripted API (the product search answered). */
export function renderPromotions(entry: string, handler: ApiHandler) {
  return renderStaffRoutes({
    routes: {
      '/account/promotions': <AdminPromotionsTab />,
      '/account/promotions/new': <AdminPromotionFormPage />,
      '/account/promotions/:id': <AdminPromotionFormPage />,
    },
    entry,
    handler: async (call) => (await handler(call)) ?? pickerProducts(call),
    location: true,
  });
}
