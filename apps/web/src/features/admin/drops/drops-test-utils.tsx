import type { Drop, StaffDropEntry } from '@shop/contracts';
import { dropDetail } from '../../../test/drop-fixtures';
import { AJ1, DUNK } from '../../../test/fixtures';
import type { ApiCall, ApiHandler } from '../../../test/mock-api';
import { adminProduct, productPage } from '../products/products-test-utils';
import { renderStaffRoutes } from '../shared/staff-test-utils';
import { AdminDropsTab } from './drops-tab';

export { errorBody } from '../../../test/mock-api';
export { AJ1, DUNK };

/** Test helpers for the staff's Drops tab: contract-shaped drops and entries, the tab in a memory router. */

export const DRAW_ID = 'd1d1d1d1-0000-4000-8000-000000000001';
export const QUEUE_ID = 'd2d2d2d2-0000-4000-8000-000000000002';
export const COMMITMENT = 'a3f1c2'.padEnd(64, '0');

/** A draw of the Dunk, releasing on 31 January 2027 at 18:00 UTC, entry open, by default. */
export function dropFixture(overrides: Partial<Drop> = {}): Drop {
  return dropDetail({
    id: DRAW_ID,
    product: {
      id: DUNK,
      name: 'Dunk Low Panda',
      brand: 'nike',
      gender: ['men'],
      price: 110,
      card_picture: '/uploads/dunk.webp',
    },
    releaseAt: '2027-01-31T18:00:00.000Z',
    entryOpensAt: '2027-01-29T18:00:00.000Z',
    entryClosesAt: '2027-01-31T12:00:00.000Z',
    sizes: [
      { size: '9', units: 2, entrants: 14 },
      { size: '10', units: 1, entrants: 9 },
    ],
    commitment: COMMITMENT,
    ...overrides,
  });
}

/** A first-come drop of the Air Jordan 1, pre-queue 15 minutes before its release. */
export function queueDropFixture(overrides: Partial<Drop> = {}): Drop {
  return dropFixture({
    id: QUEUE_ID,
    mode: 'queue',
    state: 'scheduled',
    product: {
      id: AJ1,
      name: 'Air Jordan 1',
      brand: 'jordan',
      gender: ['men'],
      price: 180,
      card_picture: '/uploads/aj1.webp',
    },
    releaseAt: '2027-02-10T09:00:00.000Z',
    entryOpensAt: null,
    entryClosesAt: null,
    preQueueOpensAt: '2027-02-10T08:45:00.000Z',
    admissionPerMinute: 50,
    sizes: [{ size: '9', units: 30, entrants: 0 }],
    commitment: null,
    room: { joined: 0, admitted: 0, bought: 0, holding: 0 },
    ...overrides,
  });
}

let entryCount = 0;
export function entryFixture(overrides: Partial<StaffDropEntry> = {}): StaffDropEntry {
  entryCount += 1;
  return {
    id: `e${String(entryCount).padStart(7, '0')}-0000-4000-8000-000000000000`,
    size: '9',
    status: 'entered',
    rank: null,
    holdUntil: null,
    orderId: null,
    shipTo: null,
    paid: false,
    user: { id: `u${entryCount}`, username: `runner_${entryCount}`, email: `runner${entryCount}@shop.test` },
    createdAt: '2027-01-30T10:00:00.000Z',
    ...overrides,
  };
}

/** The products the picker finds: the Products tab's list, whatever the search. */
export const PICKER_PRODUCTS = [adminProduct(DUNK, 'Dunk Low Panda'), adminProduct(AJ1, 'Air Jordan 1')];

const pickerProducts = (call: ApiCall) =>
  call.path === '/api/products/admin' ? { body: productPage(PICKER_PRODUCTS) } : undefined;

/** The Drops tab at `entry` with a scripted API (the products search answered unless the handler does). */
export function renderDrops(entry: string, handler: ApiHandler) {
  return renderStaffRoutes({
    routes: { '/account/drops': <AdminDropsTab /> },
    entry,
    handler: async (call) => (await handler(call)) ?? pickerProducts(call),
    session: null,
    location: true,
  });
}
