import type { Order } from '@shop/contracts';
import { buildShipment, TEST_IDS } from '@shop/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DUNK, orderFixture } from '../../../test/fixtures';
import { type ApiAnswer, type ApiCall, errorBody } from '../../../test/mock-api';
import { renderStaffRoutes } from '../shared/staff-test-utils';
import { AdminToShipTab, NOTHING_TO_SHIP_TEXT } from './to-ship-tab';

const ORDER_ID = '0000abcd-9e8d-4877-8665-544332211000';
/** A paid order of 1 × Air Jordan 1 (size 9) and 3 × Dunk Low Panda (size 10), of which 1 Dunk left already. */
function partlyShipped(): Order {
  return orderFixture({
    _id: ORDER_ID,
    number: 1042,
    date: '2024-05-17T10:20:30.000Z',
    fulfilment: 'partially_shipped',
    shipTo: {
      fullName: 'Ana Gómez',
      postalCode: '97477',
      name: 'Ana Gómez',
      phone: '5551234567',
      address: '1 Main Street',
      city: 'Springfield',
      state: 'Oregon',
      country: 'United States',
    },
    shipments: [buildShipment({ lines: [{ productId: DUNK, size: '10', count: 1 }] })],
  });
}

type Handler = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;

function renderToShip(handler: Handler) {
  return renderStaffRoutes({
    routes: { '/account/to-ship': <AdminToShipTab /> },
    entry: '/account/to-ship',
    handler,
  });
}

const listed =
  (orders: Order[]): Handler =>
  (call) =>
    call.method === 'GET' && call.path === '/api/fulfilment/to-ship' ? { body: orders } : undefined;

describe('To ship (admin)', () => {
  it('shows each order with its date, number, buyer, address, what is left to ship, its parcels and papers', async () => {
    const { calls } = renderToShip(listed([partlyShipped()]));
    const card = await screen.findByRole('article', { name: 'Order #1042' });
    expect(calls[0]?.search.get('page')).toBe('1');
    expect(card).toHaveTextContent('2024-05-17');
    expect(card).toHaveTextContent('demo_user');
    expect(card).toHaveTextContent('Shipping: Partly shipped');
    const address = within(card).getByRole('region', { name: 'Ship to, order #1042' });
    expect(address).toHaveTextContent('Ana Gómez');
    expect(address).toHaveTextContent('Springfield, Oregon');
    // The Dunk line had 3 units, 1 left already: 2 are left.
    const aj1 = within(card).getByRole('checkbox', { name: /Air Jordan 1 Mid XQ, size 9/ });
    const dunk = within(card).getByRole('checkbox', { name: /Dunk Low Panda, size 10.*2 left to ship/ });
    expect(aj1).toBeChecked();
    expect(dunk).toBeChecked();
    expect(within(card).getByRole('combobox', { name: /Units of Dunk Low Panda/ })).toHaveValue('2');
    expect(within(card).getByRole('link', { name: /Packing slip/ })).toHaveAttribute(
      'href',
      `/api/orders/${ORDER_ID}/packing-slip`,
    );
    expect(within(card).getByRole('link', { name: /Invoice/ })).toHaveAttribute('target', '_blank');
    const parcels = within(card).getByRole('region', { name: 'Shipments of order #1042' });
    expect(parcels).toHaveTextContent('Dunk Low Panda, size 10 × 1');
    expect(within(parcels).getByRole('button', { name: /Mark delivered/ })).toBeInTheDocument();
  });

  it('marks part of an order shipped: the ticked lines and counts, the carrier and tracking number', async () => {
    let shipped = false;
    const { calls } = renderToShip((call) => {
      if (call.method === 'POST' && call.path === `/api/orders/${ORDER_ID}/shipments`) {
        shipped = true;
        return { status: 201, body: buildShipment({ lines: [{ productId: DUNK, size: '10', count: 1 }] }) };
      }
      return listed(shipped ? [] : [partlyShipped()])(call);
    });
    const card = await screen.findByRole('article', { name: 'Order #1042' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('checkbox', { name: /Air Jordan 1/ }));
    await user.selectOptions(within(card).getByRole('combobox', { name: /Units of Dunk Low Panda/ }), '1');
    await user.selectOptions(within(card).getByRole('combobox', { name: 'Carrier' }), 'UPS');
    await user.type(within(card).getByRole('textbox', { name: 'Tracking number' }), ' 1Z999AA10123456784 ');
    await user.click(within(card).getByRole('button', { name: 'Mark shipped' }));

    await waitFor(() =>
      expect(screen.getByText(/Order #1042 marked shipped: 1 pair with UPS/)).toBeInTheDocument(),
    );
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      lines: [{ productId: DUNK, size: '10', count: 1 }],
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
    });
    // The list is asked again: the order, fully shipped, has left it.
    expect(await screen.findByText(NOTHING_TO_SHIP_TEXT)).toBeInTheDocument();
  });

  it('checks the form before sending it, naming each field', async () => {
    const { calls } = renderToShip(listed([partlyShipped()]));
    const card = await screen.findByRole('article', { name: 'Order #1042' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('checkbox', { name: /Air Jordan 1/ }));
    await user.click(within(card).getByRole('checkbox', { name: /Dunk Low Panda/ }));
    await user.click(within(card).getByRole('button', { name: 'Mark shipped' }));
    expect(within(card).getByText('Choose at least one line to ship.')).toBeInTheDocument();
    expect(within(card).getByRole('combobox', { name: 'Carrier' })).toHaveAccessibleDescription(
      'Choose the carrier.',
    );
    expect(within(card).getByRole('textbox', { name: 'Tracking number' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal on the line it names (a rival shipped it first)", async () => {
    renderToShip((call) => {
      if (call.method === 'POST')
        return {
          status: 409,
          body: errorBody('CONFLICT', 'lines.1.count this line has already shipped', {
            'lines.1.count': 'this line has already shipped',
          }),
        };
      return listed([partlyShipped()])(call);
    });
    const card = await screen.findByRole('article', { name: 'Order #1042' });
    const user = userEvent.setup();
    await user.selectOptions(within(card).getByRole('combobox', { name: 'Carrier' }), 'DHL');
    await user.type(within(card).getByRole('textbox', { name: 'Tracking number' }), 'JD0146000062');
    await user.click(within(card).getByRole('button', { name: 'Mark shipped' }));
    const units = within(card).getByRole('combobox', { name: /Units of Dunk Low Panda/ });
    await waitFor(() =>
      expect(units).toHaveAccessibleDescription('Dunk Low Panda: this line has already shipped'),
    );
    expect(within(card).getByRole('combobox', { name: /Units of Air Jordan/ })).not.toHaveAttribute(
      'aria-invalid',
    );
  });

  it('marks a parcel delivered', async () => {
    const { calls } = renderToShip((call) => {
      if (call.method === 'POST' && call.path.endsWith('/delivered'))
        return { body: buildShipment({ deliveredAt: '2024-05-20T10:00:00.000Z' }) };
      return listed([partlyShipped()])(call);
    });
    const card = await screen.findByRole('article', { name: 'Order #1042' });
    await userEvent.setup().click(within(card).getByRole('button', { name: /Mark delivered/ }));
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(
        `POST /api/orders/${ORDER_ID}/shipments/${TEST_IDS.shipment}/delivered`,
      ),
    );
  });

  it('says so when nothing is left to ship', async () => {
    renderToShip(listed([]));
    expect(await screen.findByText(NOTHING_TO_SHIP_TEXT)).toBeInTheDocument();
  });

  it('offers Retry when the list cannot be loaded', async () => {
    renderToShip(() => ({ status: 500, body: errorBody('INTERNAL_ERROR', 'Down') }));
    expect(await screen.findByText(/We could not load the orders to ship/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});
