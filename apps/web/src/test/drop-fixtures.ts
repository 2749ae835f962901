import type { Drop, DropSummary, MyDrop } from '@shop/contracts';
import { AJ1 } from './fixtures';

/** Drops as the API answers them, for the storefront's tests (the drop pages, the product page, the lists). */

export const DROP_ID = 'd1111111-1111-4111-8111-111111111111';

/** A draw on the Air Jordan 1 Mid XQ (AJ1), its entry open, sizes 9 and 10 with their entrants. */
export function dropSummary(overrides: Partial<DropSummary> = {}): DropSummary {
  return {
    id: DROP_ID,
    mode: 'draw',
    state: 'entry_open',
    product: {
      id: AJ1,
      name: 'Air Jordan 1 Mid XQ',
      brand: 'nike',
      gender: ['men'],
      price: 180,
      card_picture: '/uploads/aj1-card.webp',
    },
    releaseAt: '2030-01-31T18:00:00.000Z',
    entryOpensAt: '2030-01-30T18:00:00.000Z',
    entryClosesAt: '2030-01-31T17:00:00.000Z',
    preQueueOpensAt: null,
    perPersonLimit: 1,
    purchaseWindowMinutes: 30,
    admissionPerMinute: null,
    sizes: [
      { size: '9', units: 2, entrants: 5 },
      { size: '10', units: 1, entrants: 3 },
    ],
    commitment: null,
    drawnAt: null,
    room: null,
    ...overrides,
  };
}

/** The drop's own page: its summary, and the draw's seed, entries and winners (none until drawn). */
export function dropDetail(overrides: Partial<Drop> = {}): Drop {
  return { ...dropSummary(), seed: null, entries: null, winners: null, ...overrides };
}

/** The n-th of several scheduled drops (n from 1 to 9), each on its own 'Drop shoe n' at $200. */
export function numberedDrop(n: number, overrides: Partial<DropSummary> = {}): DropSummary {
  return dropSummary({
    id: `d0000000-0000-4000-8000-00000000000${n}`,
    state: 'scheduled',
    product: {
      id: `00000000-0000-4000-8000-00000000000${n}`,
      name: `Drop shoe ${n}`,
      brand: 'nike',
      gender: ['men'],
      price: 200,
      card_picture: `/uploads/${n}.webp`,
    },
    entryOpensAt: null,
    entryClosesAt: null,
    sizes: [],
    ...overrides,
  });
}

/** One of the shopper's drops as `GET /api/drops/me` answers it: the AJ1 draw with their entry in size 9. */
export function myDrop(overrides: Partial<MyDrop> = {}): MyDrop {
  const { id, mode, state, releaseAt, product } = dropSummary();
  return {
    drop: { id, mode, state, releaseAt, product },
    entry: {
      id: 'e1111111-1111-4111-8111-111111111111',
      size: '9',
      status: 'entered',
      rank: null,
      holdUntil: null,
      orderId: null,
      createdAt: '2030-01-30T19:00:00.000Z',
      shipTo: {
        fullName: 'Ana Gomez',
        name: 'Ana',
        address: '12 Main Street',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
        country: 'United States',
        phone: '+1 312 555 0100',
      },
      waitingList: null,
    },
    place: null,
    ...overrides,
  };
}
