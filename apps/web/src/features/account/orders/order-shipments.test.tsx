import { ORDERS_PAGE_SIZE, type Order } from '@shop/contracts';
import { buildShipment } from '@shop/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../../test/mock-api';
import { AJ1, DUNK, order, renderAccount } from '../account-test-utils';

function ordersApi(all: Order[]) {
  return (call: ApiCall) => {
    if (call.method === 'GET' && call.path === '/api/orders')
      return { body: all.slice(0, Number(call.search.get('limit') ?? ORDERS_PAGE_SIZE)) };
    const one = all.find((item) => call.path === `/api/orders/${item._id}`);
    return one ? { body: one } : undefined;
  };
}

const parcelByUps = buildShipment({
  lines: [{ productId: DUNK, size: '10', count: 2 }],
  shippedAt: '2024-05-18T09:00:00.000Z',
  deliveredAt: '2024-05-20T15:00:00.000Z',
});
const parcelByOther = buildShipment({
  id: '66666666-6666-4666-8666-666666666666',
  carrier: 'other',
  trackingNumber: 'LOCAL-4471',
  trackingUrl: null,
  lines: [{ productId: AJ1, size: '9', count: 1 }],
  shippedAt: '2024-05-19T09:00:00.000Z',
});

describe("the buyer's orders after the payment", () => {
  it('shows the shipping status beside the state on a paid order, and none on an unpaid one', async () => {
    const paid = order({ fulfilment: 'partially_shipped', shipments: [parcelByUps] });
    const pending = order({ state: 'pending' });
    renderAccount('/account/orders', ordersApi([paid, pending]));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const [paidCard, pendingCard] = screen.getAllByRole('article') as [HTMLElement, HTMLElement];
    expect(paidCard).toHaveTextContent('State: aprobed');
    expect(paidCard).toHaveTextContent('Shipping: Partly shipped');
    expect(pendingCard).toHaveTextContent('State: pending');
    expect(pendingCard).not.toHaveTextContent('Shipping:');
  });

  it("lists the order's parcels with their tracking (a link to the carrier's page when known), dates and the invoice", async () => {
    const paid = order({ fulfilment: 'shipped', shipments: [parcelByUps, parcelByOther] });
    renderAccount(`/account/orders?order=${paid._id}`, ordersApi([paid]));
    const shipments = await screen.findByRole('region', { name: 'Shipments' });
    const parcels = within(shipments)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(parcels).toHaveLength(2);
    const [ups, other] = parcels as [HTMLElement, HTMLElement];
    const link = within(ups).getByRole('link', { name: /1Z999AA10123456784/ });
    expect(link).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link).toHaveAttribute('target', '_blank');
    expect(ups).toHaveTextContent('UPS');
    expect(ups).toHaveTextContent('Dunk Low Panda, size 10 × 2');
    expect(ups).toHaveTextContent('Shipped 2024-05-18 · Delivered 2024-05-20');
    expect(other).toHaveTextContent('Other carrier LOCAL-4471');
    expect(within(other).queryByRole('link')).not.toBeInTheDocument();
    expect(other).toHaveTextContent('Air Jordan 1 Mid XQ, size 9 × 1');
    expect(other).toHaveTextContent('On its way');
    expect(screen.getByText('Shipping', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Shipped');
    const invoice = screen.getByRole('link', { name: /Invoice/ });
    expect(invoice).toHaveAttribute('href', `/api/orders/${paid._id}/invoice`);
    expect(invoice).toHaveAttribute('target', '_blank');
  });

  it('has no invoice and no parcels for an unpaid order', async () => {
    const pending = order({ state: 'pending' });
    renderAccount(`/account/orders?order=${pending._id}`, ordersApi([pending]));
    expect(await screen.findByRole('list', { name: 'Products in this order' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Invoice/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shipments' })).not.toBeInTheDocument();
    expect(screen.queryByText('Shipping', { selector: 'dt' })).not.toBeInTheDocument();
  });
});
