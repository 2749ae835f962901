import type { StaffShippingMethod } from '@shop/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, type ApiHandler, errorBody, mockApi } from '../../../test/mock-api';
import { testQueryClient } from '../../../test/query-client';
import { AdminShippingTab, DELETE_METHOD_TITLE } from './shipping-tab';

const STANDARD: StaffShippingMethod = {
  id: '5a1e5a1e-5a1e-45a1-85a1-5a1e5a1e5a1e',
  name: 'Standard shipping',
  price: 0,
  freeAbove: null,
  estimateDays: null,
  countries: [],
  taxCategory: 'standard',
  active: true,
};
const EXPRESS: StaffShippingMethod = {
  id: '0e0e0e0e-0e0e-40e0-80e0-0e0e0e0e0e0e',
  name: 'Express',
  price: 15,
  freeAbove: 200,
  estimateDays: [1, 2],
  countries: ['CA', 'US'],
  taxCategory: 'standard',
  active: false,
};

/** The section with a scripted API whose list holds `methods` (changed by the calls the test lets through). */
function renderShipping(methods: StaffShippingMethod[], handler: ApiHandler = () => undefined) {
  let list = [...methods];
  const api = mockApi(async (call) => {
    const answer = await handler(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/api/admin/shipping-methods')
      return { body: { methods: list } };
    if (call.method === 'POST' && call.path === '/api/shipping-methods') {
      const body = call.body as Omit<StaffShippingMethod, 'id'>;
      const added = { ...body, id: '9a9a9a9a-9a9a-49a9-89a9-9a9a9a9a9a9a' } as StaffShippingMethod;
      list = [...list, added];
      return { status: 201, body: added };
    }
    if (call.method === 'DELETE') {
      list = list.filter((method) => !call.path.endsWith(method.id));
      return undefined;
    }
    return undefined;
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AdminShippingTab />
    </QueryClientProvider>,
  );
  return api;
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

describe('Shipping section', () => {
  it('lists every method with its price, free-above amount, countries, estimate and whether it is active', async () => {
    renderShipping([STANDARD, EXPRESS]);
    expect(screen.getByRole('heading', { level: 2, name: 'Shipping' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [standard, express] = rows() as [HTMLElement, HTMLElement];
    expect(within(standard).getByRole('rowheader')).toHaveTextContent('Standard shipping');
    expect(standard).toHaveTextContent('Free');
    expect(standard).toHaveTextContent('Every country');
    expect(standard).toHaveTextContent('Active');
    expect(express).toHaveTextContent('$15.00');
    expect(express).toHaveTextContent('$200.00');
    expect(express).toHaveTextContent('CA, US');
    expect(express).toHaveTextContent('1-2 days');
    expect(express).toHaveTextContent('Inactive');
  });

  it('adds a method from the form, sending amounts, countries and the estimate as the API reads them', async () => {
    const { calls } = renderShipping([STANDARD]);
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Add a method' }));
    expect(screen.getByRole('heading', { name: 'Add a shipping method' })).toHaveFocus();
    await user.type(screen.getByLabelText('Name'), 'Overnight');
    await user.type(screen.getByLabelText('Price ($)'), '24.5');
    await user.type(screen.getByLabelText('Free above ($)'), '400');
    await user.type(screen.getByLabelText('Countries'), 'us, ca');
    await user.type(screen.getByLabelText('Delivery from (days)'), '1');
    await user.type(screen.getByLabelText('Delivery up to (days)'), '1');
    expect(screen.getByLabelText('Tax category')).toHaveDisplayValue('Standard');
    await user.selectOptions(screen.getByLabelText('Tax category'), 'reduced');
    await user.click(screen.getByRole('button', { name: 'Add method' }));

    expect(await screen.findByText('"Overnight" was added.')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toEqual({
      name: 'Overnight',
      price: 24.5,
      freeAbove: 400,
      countries: ['us', 'ca'],
      estimateDays: [1, 1],
      taxCategory: 'reduced',
      active: true,
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 2, name: 'Shipping' })).toHaveFocus();
  });

  it("shows the server's reasons under their fields and focuses the first, changing nothing", async () => {
    const { calls } = renderShipping([STANDARD], (call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: errorBody('VALIDATION_ERROR', 'Invalid body', {
              price: 'must have at most two decimals',
              'countries.1': 'must be an ISO 3166 country code such as US',
            }),
          }
        : undefined,
    );
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Add a method' }));
    await user.type(screen.getByLabelText('Name'), 'Odd');
    await user.type(screen.getByLabelText('Price ($)'), '1.234');
    await user.type(screen.getByLabelText('Countries'), 'US, XX');
    await user.click(screen.getByRole('button', { name: 'Add method' }));

    const price = screen.getByLabelText('Price ($)');
    await waitFor(() => expect(price).toHaveFocus());
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription('Price must have at most two decimals');
    expect(screen.getByLabelText('Countries')).toHaveAccessibleDescription(
      expect.stringContaining('Countries "XX" must be an ISO 3166 country code such as US'),
    );
    expect(posts(calls)).toHaveLength(1);
    expect(rows()).toHaveLength(1);
  });

  it('asks for both numbers of days, or neither, before sending', async () => {
    const { calls } = renderShipping([STANDARD]);
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Add a method' }));
    await user.type(screen.getByLabelText('Name'), 'Half');
    await user.type(screen.getByLabelText('Price ($)'), '3');
    await user.type(screen.getByLabelText('Delivery from (days)'), '2');
    await user.click(screen.getByRole('button', { name: 'Add method' }));
    expect(screen.getByLabelText('Delivery up to (days)')).toHaveFocus();
    expect(screen.getByText('Delivery up to give both numbers of days, or neither')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('changes a method: the form starts from it and PUT sends it', async () => {
    const { calls } = renderShipping([STANDARD, EXPRESS], (call) =>
      call.method === 'PUT' ? { body: { ...EXPRESS, active: true, price: 18 } } : undefined,
    );
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Change Express' }));
    expect(screen.getByLabelText('Countries')).toHaveValue('CA, US');
    expect(screen.getByLabelText('Offered at checkout')).not.toBeChecked();
    await user.clear(screen.getByLabelText('Price ($)'));
    await user.type(screen.getByLabelText('Price ($)'), '18');
    await user.click(screen.getByLabelText('Offered at checkout'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('"Express" was saved.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/api/shipping-methods/${EXPRESS.id}`);
    expect(put?.body).toEqual({
      name: 'Express',
      price: 18,
      freeAbove: 200,
      countries: ['CA', 'US'],
      taxCategory: 'standard',
      estimateDays: [1, 2],
      active: true,
    });
  });

  it('deletes after asking, and says when a method was archived instead', async () => {
    renderShipping([STANDARD, EXPRESS], (call) =>
      call.method === 'DELETE' && call.path.endsWith(EXPRESS.id) ? { body: { archived: true } } : undefined,
    );
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Delete Express' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_METHOD_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        '"Express" is named by orders, so it was archived instead of deleted: it is no longer offered, and those orders keep it.',
      ),
    ).toBeInTheDocument();
  });

  it('says plainly when a method was deleted', async () => {
    renderShipping([STANDARD, EXPRESS], (call) =>
      call.method === 'DELETE' ? { body: { archived: false } } : undefined,
    );
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Delete Standard shipping' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_METHOD_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('"Standard shipping" was deleted.')).toBeInTheDocument();
  });
});
