import {
  ABANDONED_PAGE_SIZE,
  type AbandonedCheckout,
  type AbandonedCheckoutsPage,
  LOW_STOCK_PAGE_SIZE,
  type LowStockPage,
  type LowStockSize,
  type RecoverySettings,
  type SalesDay,
  type SalesReport,
  type SalesSizeModel,
  type SalesSizes,
} from '@shop/contracts';
import type { ApiCall, ApiHandler } from '../../../test/mock-api';
import { renderStaffRoutes } from '../shared/staff-test-utils';
import { AdminSalesTab } from './sales-tab';

export const AJ1 = '11111111-1111-4111-8111-111111111111';
export const DUNK = '22222222-2222-4222-8222-222222222222';

/** `count` zero-filled days ending on `to` (UTC), with the given figures on some of them. */
export function days(
  count: number,
  to: string,
  sold: Record<string, Omit<SalesDay, 'day'>> = {},
): SalesDay[] {
  const end = new Date(`${to}T00:00:00Z`).getTime();
  return Array.from({ length: count }, (_, index) => {
    const day = new Date(end - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    return { day, revenue: 0, orders: 0, ...sold[day] };
  });
}

/** A report shaped by salesReportSchema: 30 days to 2024-06-30, two of them with sales. */
export function salesReport(overrides: Partial<SalesReport> = {}): SalesReport {
  const count = overrides.days ?? 30;
  const perDay = days(count, '2024-06-30', {
    '2024-06-10': { revenue: 120, orders: 1 },
    '2024-06-17': { revenue: 420, orders: 3 },
  });
  return {
    days: count,
    from: perDay[0]?.day ?? '2024-06-01',
    to: '2024-06-30',
    totals: { revenue: 540, gross: 600, refunded: 60, shipping: 15, orders: 4, averageOrder: 135 },
    perDay,
    topProducts: [
      {
        _id: DUNK,
        name: 'Dunk Low Panda',
        brand: 'nike',
        card_picture: '/uploads/dunk.webp',
        units: 3,
        revenue: 300,
      },
      {
        _id: AJ1,
        name: 'Air Jordan 1 Mid XQ',
        brand: 'nike',
        card_picture: '/uploads/aj1.webp',
        units: 2,
        revenue: 240,
      },
    ],
    returns: { returns: 0, units: 0, byReason: [], products: [] },
    ...overrides,
  };
}

const NO_FIGURES = {
  sold: 0,
  sizeReturns: 0,
  tooSmall: 0,
  tooLarge: 0,
  exchangedUp: 0,
  exchangedDown: 0,
  fitSmall: 0,
  fitTrue: 0,
  fitLarge: 0,
};

/**
 * The size table's models (salesSizesSchema): the AJ1 runs small (3 of 8 pairs back for size, above the
 * shop's 20%), the Dunk sells 12 pairs with one exchanged down.
 */
export const SIZE_MODELS: SalesSizeModel[] = [
  {
    _id: AJ1,
    name: 'Air Jordan 1 Mid XQ',
    brand: 'nike',
    ...NO_FIGURES,
    sold: 8,
    sizeReturns: 3,
    tooSmall: 2,
    exchangedUp: 1,
    fitSmall: 2,
    fitTrue: 1,
    sizeReturnRate: 0.375,
    aboveAverage: true,
    sizes: [
      { key: '9', ...NO_FIGURES, sold: 5, sizeReturns: 2, tooSmall: 2, exchangedUp: 1, fitSmall: 2 },
      { key: '10.5', ...NO_FIGURES, sold: 3, sizeReturns: 1, fitTrue: 1 },
    ],
  },
  {
    _id: DUNK,
    name: 'Dunk Low Panda',
    brand: 'nike',
    ...NO_FIGURES,
    sold: 12,
    sizeReturns: 1,
    exchangedDown: 1,
    fitLarge: 1,
    sizeReturnRate: 0.083,
    aboveAverage: false,
    sizes: [{ key: '11', ...NO_FIGURES, sold: 12, sizeReturns: 1, exchangedDown: 1, fitLarge: 1 }],
  },
];

/** The size table of [from, to] as GET /api/admin/sales/sizes answers it; no model: an empty period. */
export function salesSizes(from: string, to: string, models: SalesSizeModel[] = []): SalesSizes {
  const sold = models.reduce((sum, model) => sum + model.sold, 0);
  const sizeReturns = models.reduce((sum, model) => sum + model.sizeReturns, 0);
  return {
    from,
    to,
    sold,
    sizeReturns,
    averageSizeReturnRate: sold === 0 ? null : Math.round((sizeReturns / sold) * 1000) / 1000,
    models,
  };
}

export const LOW_SIZES: LowStockSize[] = [
  { _id: AJ1, name: 'Air Jordan 1 Mid XQ', brand: 'nike', size: '9', units: 0 },
  { _id: DUNK, name: 'Dunk Low Panda', brand: 'nike', size: '10.5', units: 2 },
];

/** `count` sizes of one product running low, from size 4 up by quarters; the first `soldOut` at 0 units. */
export const manyLowSizes = (count: number, soldOut = 0): LowStockSize[] =>
  Array.from({ length: count }, (_, index) => ({
    _id: AJ1,
    name: 'Air Jordan 1 Mid XQ',
    brand: 'nike',
    size: String(4 + index / 4),
    units: index < soldOut ? 0 : 2,
  }));

/** Page `page` of `sizes` as GET /api/admin/sales/low-stock answers it (lowStockPageSchema). */
export function lowStockPage(page: number, sizes: LowStockSize[] = LOW_SIZES): LowStockPage {
  return {
    threshold: 3,
    total: sizes.length,
    page,
    pages: Math.ceil(sizes.length / LOW_STOCK_PAGE_SIZE),
    sizes: sizes.slice((page - 1) * LOW_STOCK_PAGE_SIZE, page * LOW_STOCK_PAGE_SIZE),
  };
}

/** An abandoned checkout (abandonedCheckoutSchema): Ada's two pairs, reminded twice, bought after. */
export function abandonedCheckout(overrides: Partial<AbandonedCheckout> = {}): AbandonedCheckout {
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    customer: { id: 'u0000000-0000-4000-8000-000000000001', name: 'Ada Lovelace', email: 'ada@shop.test' },
    startedAt: '2024-06-20T09:30:00.000Z',
    units: 2,
    value: 240,
    currency: 'USD',
    state: 'recovered',
    reason: null,
    emailsSent: 2,
    lastEmailAt: '2024-06-21T09:30:00.000Z',
    restoredAt: '2024-06-21T10:05:00.000Z',
    recoveredOrder: { id: 'o0000000-0000-4000-8000-000000000042', number: 1042, total: 235 },
    ...overrides,
  };
}

/** Page `page` of `checkouts` as GET /api/admin/abandoned-checkouts answers it, with their figures. */
export function abandonedPage(page: number, checkouts: AbandonedCheckout[] = []): AbandonedCheckoutsPage {
  const recovered = checkouts.filter((checkout) => checkout.recoveredOrder);
  return {
    items: checkouts.slice((page - 1) * ABANDONED_PAGE_SIZE, page * ABANDONED_PAGE_SIZE),
    page,
    pages: Math.ceil(checkouts.length / ABANDONED_PAGE_SIZE),
    total: checkouts.length,
    summary: {
      checkouts: checkouts.length,
      emailsSent: checkouts.reduce((sum, checkout) => sum + checkout.emailsSent, 0),
      recoveredOrders: recovered.length,
      recoveredValue: recovered.reduce((sum, checkout) => sum + (checkout.recoveredOrder?.total ?? 0), 0),
      currency: 'USD',
    },
  };
}

export const RECOVERY_SETTINGS: RecoverySettings = {
  enabled: true,
  delaysMinutes: [60, 1440],
  softOptIn: false,
};

/** What the Sales tab asks besides its report: no abandoned checkout, the reminders' settings. */
export function recoveryDefaults(call: ApiCall) {
  if (call.method === 'GET' && call.path === '/api/admin/abandoned-checkouts')
    return { body: abandonedPage(Number(call.search.get('page'))) };
  if (call.method === 'GET' && call.path === '/api/settings/recovery') return { body: RECOVERY_SETTINGS };
  return undefined;
}

/** The Sales tab at `entry` with an admin session and a scripted API. */
export function renderSales(entry: string, handler: ApiHandler) {
  return renderStaffRoutes({
    routes: { '/account/sales': <AdminSalesTab />, '/home/:id': <p>Product page</p> },
    entry,
    handler: async (call) => (await handler(call)) ?? recoveryDefaults(call),
    location: true,
  });
}
