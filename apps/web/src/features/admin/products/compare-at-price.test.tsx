import { COMPARE_AT_ABOVE_PRICE } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AJ1,
  adminProduct,
  aj1,
  errorBody,
  FakeXhr,
  fillValidProduct,
  renderProductsTab,
} from './products-test-utils';

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

const LABEL = 'Compare-at price (optional)';
const HINT = 'Shown struck through when above the price; leave empty when not on sale.';

describe('Compare-at price (staff product forms)', { timeout: 30_000 }, () => {
  it('is optional in the create form, refused at or below the price, and sent when above it', async () => {
    const user = userEvent.setup();
    const view = renderProductsTab((call) =>
      call.method === 'POST' && call.path === '/api/products/create'
        ? { status: 201, body: { ...(call.body as object), _id: 'new' } }
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Add a product' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add a product' }));
    await fillValidProduct(user, form);
    const field = form.getByLabelText(LABEL);
    expect(field).toHaveAccessibleDescription(HINT);
    await user.type(field, '80');
    await user.tab();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(`${HINT} ${COMPARE_AT_ABOVE_PRICE}`);
    const send = form.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.clear(field);
    await user.type(field, '129.99');
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    await waitFor(() => expect(view.calls.some((call) => call.path === '/api/products/create')).toBe(true));
    const post = view.calls.find((call) => call.path === '/api/products/create');
    expect(post?.body).toMatchObject({ price: 99, compareAtPrice: 129.99 });
  });

  it('shows the stored compare-at price in the edit form, sends its change and the server’s reason', async () => {
    const user = userEvent.setup();
    const view = renderProductsTab(
      (call) =>
        call.method === 'PUT' && call.path === `/api/products/modify/${AJ1}`
          ? {
              status: 400,
              body: errorBody('VALIDATION_ERROR', `Invalid body: compareAtPrice ${COMPARE_AT_ABOVE_PRICE}`, {
                compareAtPrice: COMPARE_AT_ABOVE_PRICE,
              }),
            }
          : undefined,
      // Reduced from 150 less than 30 days ago: 150 may be its reference.
      { products: [{ ...aj1(), compareAtPrice: 150, priorPrice: 150 }] },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Air Jordan 1 Mid XQ' }));
    const details = within(await screen.findByRole('dialog', { name: 'Product Details' }));
    const field = details.getByLabelText(LABEL);
    expect(field).toHaveValue('150');
    expect(field).toHaveAccessibleDescription(HINT);
    await user.click(details.getByRole('button', { name: `Edit ${LABEL}` }));
    await user.clear(field);
    await user.type(field, '100');
    await user.click(details.getByRole('button', { name: 'Save' }));
    expect(await details.findByRole('alert')).toHaveTextContent('The product was not saved');
    expect(field).toHaveAccessibleDescription(`${HINT} ${COMPARE_AT_ABOVE_PRICE}`);
    expect(view.calls.find((call) => call.method === 'PUT')?.body).toEqual({ compareAtPrice: 100 });
  });
});

const warningOf = (compareAt: string, lowest: string) =>
  `Compare-at ${compareAt} is above the lowest price of the last 30 days (${lowest}): the EU allows only that lowest price as the reference`;

/** The Product Details dialog of a product on sale at 120, its compare-at price field and its pencil. */
async function openDetails(overrides: Parameters<typeof adminProduct>[2], handler = () => undefined) {
  const user = userEvent.setup();
  const shoe = adminProduct(AJ1, 'Air Jordan 1 Mid XQ', { price: 120, ...overrides });
  const view = renderProductsTab(
    (call) =>
      call.method === 'PUT' && call.path === `/api/products/modify/${AJ1}`
        ? { body: { ...shoe, ...(call.body as object), archived: undefined, lowestPrice30d: undefined } }
        : handler(),
    { products: [shoe] },
  );
  await user.click(await screen.findByRole('button', { name: 'Edit Air Jordan 1 Mid XQ' }));
  const details = within(await screen.findByRole('dialog', { name: 'Product Details' }));
  const edit = async (label: string, value: string) => {
    const field = details.getByLabelText(label);
    if (field.hasAttribute('readonly'))
      await user.click(details.getByRole('button', { name: `Edit ${label}` }));
    await user.clear(field);
    await user.type(field, value);
  };
  return { user, view, details, field: details.getByLabelText(LABEL), edit };
}

describe('The lowest price of the last 30 days (staff warning, EU Omnibus Art. 6a)', {
  timeout: 30_000,
}, () => {
  it('warns of a stored compare-at price above the prior price, and lets the save go through', async () => {
    // 120 now, after 130 as the lowest price of the 30 days before: 150 is not a lawful reference.
    const { user, view, details, field, edit } = await openDetails({
      compareAtPrice: 150,
      priorPrice: 130,
      lowestPrice30d: 120,
    });
    const warning = warningOf('$150.00', '$130.00');
    expect(details.getByText(warning)).toBeVisible();
    expect(field).toHaveAccessibleDescription(`${HINT} ${warning}`);
    expect(field).not.toHaveAttribute('aria-invalid');

    await edit(LABEL, '130');
    expect(details.queryByText(/is above the lowest price/)).toBeNull();
    expect(field).toHaveAccessibleDescription(HINT);

    await edit(LABEL, '140');
    expect(details.getByText(warningOf('$140.00', '$130.00'))).toBeVisible();
    const save = details.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(view.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(view.calls.find((call) => call.method === 'PUT')?.body).toEqual({ compareAtPrice: 140 });
    expect(await details.findByText('The product was saved.')).toBeInTheDocument();
  });

  it('measures a new price against the lowest price of the last 30 days, the current one included', async () => {
    const { details, field, edit } = await openDetails({
      compareAtPrice: 125,
      priorPrice: 130,
      lowestPrice30d: 110,
    });
    expect(details.queryByText(/is above the lowest price/)).toBeNull();
    await edit('Price', '100');
    const warning = warningOf('$125.00', '$110.00');
    expect(details.getByText(warning)).toBeVisible();
    expect(field).toHaveAccessibleDescription(`${HINT} ${warning}`);
    await edit('Price', '120');
    expect(details.queryByText(/is above the lowest price/)).toBeNull();
  });

  it('warns of any compare-at price on a product that has had one price only', async () => {
    const { details, edit } = await openDetails({
      compareAtPrice: null,
      priorPrice: null,
      lowestPrice30d: 120,
    });
    expect(details.queryByText(/is above the lowest price/)).toBeNull();
    await edit(LABEL, '150');
    expect(details.getByText(warningOf('$150.00', '$120.00'))).toBeVisible();
    await edit(LABEL, '100');
    // At or below the price it is refused, not warned of.
    expect(details.queryByText(/is above the lowest price/)).toBeNull();
  });
});
