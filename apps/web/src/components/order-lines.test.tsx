import type { ShopperSizeSystem, SizeChart } from '@shop/contracts';
import { buildProduct, buildProductDetail } from '@shop/contracts/testing';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { productListQuery, productQuery } from '../lib/catalog/catalog-queries';
import { forgetProductSizing, watchProductSizing } from '../lib/product-sizing';
import { rehydrateSizes, SIZES_STORAGE_KEY } from '../lib/sizes';
import { mockApi } from '../test/mock-api';
import { testQueryClient } from '../test/query-client';
import { renderInRouter } from '../test/render-routes';
import { OrderLines, type SummaryLine } from './order-lines';

const VIEWED = '22222222-2222-4222-8222-222222222222';
const LISTED = '33333333-3333-4333-8333-333333333333';
const LISTED_TOO = '44444444-4444-4444-8444-444444444444';
const UNKNOWN = '55555555-5555-4555-8555-555555555555';

const nikeMen: SizeChart = {
  brand: 'nike',
  gender: 'men',
  systems: ['US', 'UK', 'EU', 'CM', 'JP'],
  rows: [
    { key: '9', US: '9', UK: '8', EU: '42.5', CM: '27', JP: '270' },
    { key: '10', US: '10', UK: '9', EU: '44', CM: '28', JP: '280' },
  ],
  source: 'Nike',
  edited: false,
};

const line = (productId: string, size: string, brand = 'nike'): SummaryLine => ({
  key: `${productId}-${size}`,
  name: `Shoe ${productId.slice(0, 1)}`,
  img: '/uploads/shoe.webp',
  size,
  productId,
  brand,
  count: 1,
  price: 100,
  totalPrice: 100,
});

function renderLines(system: ShopperSizeSystem) {
  localStorage.setItem(SIZES_STORAGE_KEY, JSON.stringify({ system, mySizes: null }));
  rehydrateSizes();
  const client = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
  client.setQueryData(['session'], null);
  // The shopper came from this product's page: its sizes are known in every system.
  client.setQueryData(
    productQuery(VIEWED).queryKey,
    buildProductDetail({
      _id: VIEWED,
      gender: ['women'],
      sizes: [{ key: '8', US: '8', UK: '6', EU: '39', CM: '25', JP: '250', available: true }],
    }),
  );
  // ... and from a catalogue page listing these two men's nikes, which the browser notes.
  const stop = watchProductSizing(client);
  client.setQueryData(productListQuery({ page: 1 }).queryKey, {
    products: [buildProduct({ _id: LISTED }), buildProduct({ _id: LISTED_TOO })],
    total: 2,
    totalExact: true,
    page: 1,
    pages: 1,
  });
  stop();
  client.removeQueries({ queryKey: ['products'] });
  const lines = [line(VIEWED, '8'), line(LISTED, '10'), line(LISTED_TOO, '9'), line(UNKNOWN, '11')];
  renderInRouter([{ path: '/', element: <OrderLines lines={lines} label="Lines" /> }], '/', client);
}

const metas = () => screen.getAllByText(/^Size /).map((meta) => meta.textContent);

beforeEach(() => {
  localStorage.clear();
  forgetProductSizing();
});

describe("order lines' sizes", () => {
  it("show in the shopper's system with the US key beside, one chart asked for per brand and gender", async () => {
    const { calls } = mockApi((call) => (call.path === '/api/size-charts' ? { body: nikeMen } : undefined));
    renderLines('EU');
    await waitFor(() =>
      expect(metas()).toEqual([
        'Size EU 39 (US 8) · 1 × $100.00',
        'Size EU 44 (US 10) · 1 × $100.00',
        'Size EU 42.5 (US 9) · 1 × $100.00',
        'Size US 11 · 1 × $100.00',
      ]),
    );
    const charts = calls.filter((call) => call.path === '/api/size-charts');
    expect(charts.map((call) => call.search.toString())).toEqual(['brand=nike&gender=men']);
    // Nothing is asked for a line whose product is not at hand.
    expect(calls.filter((call) => call.path.startsWith('/api/products'))).toEqual([]);
  });

  it('show the keys as always in US, asking for nothing', () => {
    const { calls } = mockApi(() => undefined);
    renderLines('US');
    expect(metas()).toEqual([
      'Size 8 · 1 × $100.00',
      'Size 10 · 1 × $100.00',
      'Size 9 · 1 × $100.00',
      'Size 11 · 1 × $100.00',
    ]);
    expect(calls).toEqual([]);
  });
});
