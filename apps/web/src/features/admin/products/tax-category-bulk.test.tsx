import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, renderProductsTab } from './products-test-utils';

describe("Products tab: the listed products' tax category", { timeout: 20_000 }, () => {
  it('sets the category of the products the filters match, after saying how many, and says how many changed', async () => {
    const user = userEvent.setup();
    const view = renderProductsTab(
      (call) =>
        call.method === 'PUT' && call.path === '/api/products/tax-category'
          ? { body: { updated: 2, matched: 2 } }
          : undefined,
      { entry: '/account/products?category=basketball' },
    );
    await screen.findByRole('article', { name: 'Air Jordan 1 Mid XQ' });
    await user.click(screen.getByRole('button', { name: 'Tax category…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the tax category' });
    expect(dialog).toHaveTextContent('The 2 products these filters match (archived ones too)');
    await user.selectOptions(within(dialog).getByLabelText('Tax category'), 'zero');
    await user.click(within(dialog).getByRole('button', { name: 'Set category' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByText('Tax category Zero set on 2 products.').length).toBeGreaterThan(0);
    const put = view.calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/products/tax-category');
    expect(Object.fromEntries(put?.search ?? [])).toEqual({ category: 'basketball' });
    expect(put?.body).toEqual({ taxCategory: 'zero' });
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    const user = userEvent.setup();
    renderProductsTab((call) =>
      call.method === 'PUT'
        ? {
            status: 400,
            body: errorBody('VALIDATION_ERROR', 'filters match more than 5000 products', {
              filters: 'match more than 5000 products',
            }),
          }
        : undefined,
    );
    await screen.findByRole('article', { name: 'Air Jordan 1 Mid XQ' });
    await user.click(screen.getByRole('button', { name: 'Tax category…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the tax category' });
    expect(dialog).toHaveTextContent('All 2 products of the shop');
    await user.click(within(dialog).getByRole('button', { name: 'Set category' }));
    expect(await within(dialog).findByText(/The tax category was not set/)).toBeInTheDocument();
  });
});
