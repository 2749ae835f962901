import { buildOrderReturn, buildReturnLine } from '@shop/contracts/testing';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { orderFixture } from '../test/fixtures';
import { OrderTimeline, ReplacementNote } from './order-timeline';

const tenderName = (tender: string) => ({ stripe: 'Card', store_credit: 'Store credit' })[tender] ?? tender;

function show(node: React.ReactNode) {
  return render(<MemoryRouter>{node}</MemoryRouter>);
}

describe('the order timeline', () => {
  it('tells the original order’s story oldest first: paid, shipped, returns, refunds by tender, the exchange', () => {
    const refund = buildOrderReturn({
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      number: 'R-7',
      state: 'received',
      createdAt: '2026-11-05T09:00:00.000Z',
      decidedAt: '2026-11-07T09:00:00.000Z',
      receivedAt: '2026-11-09T09:00:00.000Z',
    });
    const exchange = buildOrderReturn({
      id: 'a1b2c3d4-0000-4000-8000-000000000002',
      number: 'R-8',
      state: 'received',
      lines: [buildReturnLine({ resolution: 'exchange', exchangeSize: '10' })],
      exchangeOrderId: 'b1b2c3d4-0000-4000-8000-000000000009',
      exchangeOrderNumber: 31,
      createdAt: '2026-11-06T09:00:00.000Z',
      receivedAt: '2026-11-10T09:00:00.000Z',
    });
    const order = orderFixture({
      number: 12,
      date: '2026-11-01T10:00:00.000Z',
      refundedAmount: 45.5,
      // The newest return first, as the API lists them: the timeline still reads oldest first.
      returns: [exchange, refund],
      payments: [
        { kind: 'capture', tender: 'stripe', amount: 200, at: '2026-11-01T10:01:00.000Z' },
        {
          kind: 'refund',
          tender: 'stripe',
          amount: 25.5,
          returnId: refund.id,
          at: '2026-11-09T09:00:01.000Z',
        },
        {
          kind: 'credit_back',
          tender: 'store_credit',
          amount: 20,
          returnId: refund.id,
          at: '2026-11-09T09:00:02.000Z',
        },
      ],
      shipments: [
        {
          id: 's1',
          carrier: 'ups',
          trackingNumber: '1Z999',
          trackingUrl: null,
          lines: [],
          shippedAt: '2026-11-02T08:00:00.000Z',
          deliveredAt: '2026-11-04T08:00:00.000Z',
        },
      ],
    });
    show(<OrderTimeline order={order} tenderName={tenderName} />);
    const history = screen.getByRole('region', { name: 'History' });
    const steps = within(history)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual([
      '2026-11-01Order #12 placed',
      '2026-11-01Paid $200.00 by Card',
      '2026-11-02Shipped',
      '2026-11-04Delivered',
      '2026-11-05Return R-7 opened',
      '2026-11-06Return R-8 opened',
      '2026-11-07Return R-7 approved',
      '2026-11-09Return R-7 received',
      '2026-11-09Refund of $25.50 to Card',
      '2026-11-09Refund of $20.00 as store credit',
      '2026-11-10Return R-8 received',
      '2026-11-10Exchange order #31 created for return R-8',
    ]);
    expect(within(history).getByRole('link', { name: '#31' })).toHaveAttribute(
      'href',
      '/account/orders?order=b1b2c3d4-0000-4000-8000-000000000009',
    );
  });

  it('says a return was rejected, with the day staff decided', () => {
    const rejected = buildOrderReturn({
      number: 'R-9',
      state: 'rejected',
      createdAt: '2026-11-05T09:00:00.000Z',
      decidedAt: '2026-11-06T09:00:00.000Z',
    });
    show(<OrderTimeline order={orderFixture({ returns: [rejected] })} tenderName={tenderName} />);
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Return R-9 rejected')).toBeVisible();
  });

  it('is not shown before anything came back', () => {
    show(<OrderTimeline order={orderFixture({ returns: [], refundedAmount: 0 })} tenderName={tenderName} />);
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
  });
});

describe('the replacement note', () => {
  it('links the original order and its return by number', () => {
    const replaces = {
      orderId: 'c1b2c3d4-0000-4000-8000-000000000003',
      orderNumber: 12,
      returnId: 'a1b2c3d4-0000-4000-8000-000000000002',
      returnNumber: 'R-8',
    };
    show(<ReplacementNote order={orderFixture({ replaces })} />);
    const note = screen.getByText(/Replaces pairs of order/);
    expect(note).toHaveTextContent('Replaces pairs of order #12, return R-8');
    expect(within(note).getByRole('link', { name: '#12' })).toHaveAttribute(
      'href',
      `/account/orders?order=${replaces.orderId}`,
    );
    expect(within(note).getByRole('link', { name: 'R-8' })).toHaveAttribute(
      'href',
      `/account/orders?order=${replaces.orderId}#return-${replaces.returnId}`,
    );
  });

  it('says nothing on an order that replaces none', () => {
    show(<ReplacementNote order={orderFixture({ replaces: null })} />);
    expect(screen.queryByText(/Replaces pairs/)).toBeNull();
  });
});
