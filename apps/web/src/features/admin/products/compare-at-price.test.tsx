import { COMPARE_AT_ABOVE_PRICE } from '@shop/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AJ1, aj1, errorBody, FakeXhr, renderProductsTab, uploadedPictures } from './products-test-utils';

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

const LABEL = 'Compare-at price (optional)';
const HINT = 'Shown struck through when above the price; leave empty when not on sale.';

/** Fills every field of the create form with valid values, the picture uploaded. */
async function fillValid(user: ReturnType<typeof userEvent.setup>, form: ReturnType<typeof within>) {
  await user.type(form.getByLabelText('Name'), 'Air Max 90');
  await user.selectOptions(form.getByLabelText('Brand'), 'nike');
  await user.selectOptions(form.getByLabelText('Color'), 'White');
  await user.click(form.getByRole('radio', { name: 'Men' }));
  await user.click(form.getByRole('radio', { name: 'Running' }));
  fireEvent.change(form.getByLabelText('Release date'), { target: { value: '2024-03-15' } });
  await user.type(form.getByLabelText('Price'), '99');
  await user.click(form.getByLabelText('Description'));
  await user.paste('A light running shoe with a visible air unit and a mesh upper.');
  await user.click(form.getByRole('checkbox', { name: 'Size 9' }));
  await user.type(form.getByLabelText('Units of size 9'), '4');
  await user.upload(form.getByLabelText('Image'), new File(['png'], 'shoe.png', { type: 'image/png' }));
  act(() => FakeXhr.last?.respond(200, uploadedPictures()));
  await form.findByText('Picture uploaded.');
}

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
    await fillValid(user, form);
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
      { products: [{ ...aj1(), compareAtPrice: 150 }] },
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
