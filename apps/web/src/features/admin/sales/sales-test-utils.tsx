import {
  LOW_STOCK_PAGE_SIZE,
  type LowStockPage,
  type LowStockSize,
  type SalesDay,
  type SalesReport,
} from '@shop/contracts';
import type { ApiHandler } from '../../../test/mock-api';
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

/** The Sales tab at `entry` with an admin session and a scripted API. */
export function renderSales(entry: string, handler: ApiHandler) {
  return renderStaffRoutes({
    routes: { '/account/sales': <AdminSalesTab />, '/home/:id': <p>Product page</p> },
    entry,
    handler,
    location: true,
  });
}
