import { PRODUCT_MESSAGES } from '@shop/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ARCHIVED_TEXT, SAVED_TEXT } from './product-details-modal';
import {
  AJ1,
  aj1,
  dunk,
  errorBody,
  FakeXhr,
  type ProductsHandler,
  renderProductsTab,
  uploadedPictures,
} from './products-test-utils';

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

/** The API's modify: answers the product with the changes applied (stock merged by size). */
const modifying: ProductsHandler = (call) => {
  if (call.method !== 'PUT' || call.path !== `/api/products/modify/${AJ1}`) return undefined;
  const { archived: _archived, ...product } = aj1();
  const changes = call.body as Record<string, unknown>;
  const stock = { ...product.stock, ...((changes.stock as Record<string, number>) ?? {}) };
  return { body: { ...product, ...changes, stock } };
};

async function openDetails(user: ReturnType<typeof userEvent.setup>, name = 'Air Jordan 1 Mid XQ') {
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return within(await screen.findByRole('dialog', { name: 'Product Details' }));
}

const putCalls = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT');

describe('Product Details modal (staff)', { timeout: 20_000 }, () => {
  it('shows the product read-only; a pencil opens one field at a time', async () => {
    const user = userEvent.setup();
    renderProductsTab();
    const details = await openDetails(user);

    expect(details.getByRole('img', { name: 'Air Jordan 1 Mid XQ' })).toHaveAttribute(
      'src',
      `/uploads/products/${AJ1}/original.webp`,
    );
    const name = details.getByLabelText('Name');
    const price = details.getByLabelText('Price');
    expect(name).toHaveValue('Air Jordan 1 Mid XQ');
    expect(name).toHaveAttribute('readonly');
    expect(details.getByLabelText('Brand')).toHaveValue('Nike');
    expect(details.getByLabelText('Gender')).toHaveValue('Men');
    expect(details.getByLabelText('Release date')).toHaveValue('2024-01-01');
    expect(price).toHaveValue('120');
    expect(details.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(details.getByRole('button', { name: 'Edit Name' }));
    expect(details.getByLabelText('Name')).not.toHaveAttribute('readonly');
    expect(details.getByLabelText('Name')).toHaveFocus();
    expect(details.getByRole('button', { name: 'Edit Name' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(details.getByRole('button', { name: 'Edit Price' }));
    expect(details.getByLabelText('Price')).not.toHaveAttribute('readonly');
    expect(details.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(details.getByRole('button', { name: 'Edit Name' })).toHaveAttribute('aria-pressed', 'false');
    expect(details.getAllByRole('button', { pressed: true })).toHaveLength(1);

    // The brand is chosen from a list, with the spec's 'none' refused.
    await user.click(details.getByRole('button', { name: 'Edit Brand' }));
    expect(details.getByLabelText('Price')).toHaveAttribute('readonly');
    await user.selectOptions(details.getByLabelText('Brand'), 'none');
    expect(details.getByLabelText('Brand')).toHaveAccessibleDescription('choose a brand');
    expect(details.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("shows the edit form's messages and keeps Save disabled while any field is wrong", async () => {
    const user = userEvent.setup();
    renderProductsTab();
    const details = await openDetails(user);
    const save = details.getByRole('button', { name: 'Save' });

    await user.click(details.getByRole('button', { name: 'Edit Name' }));
    const name = details.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'AJ');
    expect(name).toHaveAccessibleDescription('Must be between 3 and 50 characters in length');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
    await user.type(name, '<1>');
    expect(name).toHaveAccessibleDescription('Invalid character');

    await user.click(details.getByRole('button', { name: 'Edit Description' }));
    const description = details.getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Too short');
    expect(description).toHaveAccessibleDescription('Must be between 30 and 1020 characters in length');

    await user.click(details.getByRole('button', { name: 'Edit Release date' }));
    await user.clear(details.getByLabelText('Release date'));
    expect(details.getByLabelText('Release date')).toHaveAccessibleDescription('Invalid Date');

    await user.click(details.getByRole('button', { name: 'Edit Price' }));
    await user.clear(details.getByLabelText('Price'));
    await user.type(details.getByLabelText('Price'), '-5');
    expect(details.getByLabelText('Price')).toHaveAccessibleDescription('Invalid response');

    await user.click(details.getByRole('button', { name: 'Edit Category' }));
    await user.selectOptions(details.getByLabelText('Category'), 'none');
    expect(details.getByLabelText('Category')).toHaveAccessibleDescription('Select almost 1 category');
    expect(save).toBeDisabled();
    // A field that is not being edited still shows its message.
    expect(details.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(details.getByLabelText('Name')).toHaveAccessibleDescription('Invalid character');
  });

  it('sends only the changed fields, then shows the saved product', async () => {
    const user = userEvent.setup();
    const view = renderProductsTab(modifying);
    const details = await openDetails(user);

    await user.click(details.getByRole('button', { name: 'Edit Name' }));
    await user.clear(details.getByLabelText('Name'));
    await user.type(details.getByLabelText('Name'), 'Air Jordan 1 High');
    await user.click(details.getByRole('button', { name: 'Edit Gender' }));
    await user.selectOptions(details.getByLabelText('Gender'), 'unisex');
    await user.click(details.getByRole('button', { name: 'Edit Price' }));
    await user.clear(details.getByLabelText('Price'));
    await user.type(details.getByLabelText('Price'), '135.5');
    expect(details.getByText('3 changes to save.')).toBeInTheDocument();

    const listsBefore = view.listCalls().length;
    await user.click(details.getByRole('button', { name: 'Save' }));
    expect(await details.findByText(SAVED_TEXT)).toBeInTheDocument();
    expect(putCalls(view.calls).map((call) => call.body)).toEqual([
      { name: 'Air Jordan 1 High', gender: ['unisex'], price: 135.5 },
    ]);
    expect(details.getByLabelText('Name')).toHaveValue('Air Jordan 1 High');
    expect(details.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(details.getByRole('button', { name: 'Save' })).toBeDisabled();
    await waitFor(() => expect(view.listCalls().length).toBeGreaterThan(listsBefore));
  });

  it('says how the model fits in words and sends its shift in half sizes', async () => {
    const user = userEvent.setup();
    const view = renderProductsTab(modifying);
    const details = await openDetails(user);
    expect(details.getByLabelText('Fit')).toHaveValue('True to size');
    await user.click(details.getByRole('button', { name: 'Edit Fit' }));
    const fit = details.getByLabelText('Fit');
    expect(within(fit).getByRole('option', { name: 'Runs half a size large' })).toHaveValue('1');
    await user.selectOptions(fit, 'Runs half a size large');
    await user.click(details.getByRole('button', { name: 'Save' }));
    expect(await details.findByText(SAVED_TEXT)).toBeInTheDocument();
    expect(putCalls(view.calls).map((call) => call.body)).toEqual([{ sizeShift: 1 }]);
  });

  it("shows the server's field refusal beside its field", async () => {
    const user = userEvent.setup();
    renderProductsTab((call) =>
      call.method === 'PUT'
        ? {
            status: 400,
            body: errorBody('VALIDATION_ERROR', 'Invalid body: name The name contains an invalid character', {
              name: 'The name contains an invalid character',
            }),
          }
        : undefined,
    );
    const details = await openDetails(user);
    await user.click(details.getByRole('button', { name: 'Edit Name' }));
    await user.type(details.getByLabelText('Name'), ' Retro');
    await user.click(details.getByRole('button', { name: 'Save' }));

    expect(await details.findByRole('alert')).toHaveTextContent('The product was not saved');
    expect(details.getByLabelText('Name')).toHaveAccessibleDescription('Invalid character');
    expect(details.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(details.getByLabelText('Name'), 's');
    expect(details.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(details.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("switches to the stock with 'Stock' and back with 'Back'; sends only the sizes changed", async () => {
    const user = userEvent.setup();
    const view = renderProductsTab(modifying);
    const details = await openDetails(user);

    await user.click(details.getByRole('button', { name: 'Stock' }));
    expect(details.getByRole('heading', { name: 'Stock per size' })).toBeInTheDocument();
    expect(details.getByLabelText('Name')).not.toBeVisible();
    const size9 = details.getByLabelText('Size 9 units');
    expect(size9).toHaveValue(3);
    expect(details.getByLabelText('Size 10 units')).toHaveValue(2);

    await user.clear(size9);
    await user.type(size9, '-1');
    expect(size9).toHaveAccessibleDescription(PRODUCT_MESSAGES.stock);
    expect(details.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(size9);
    await user.type(size9, '7');

    // The add list offers the edit form's sizes, 3.5 to 18, less those already there.
    const add = details.getByLabelText('Add a size');
    const offered = within(add)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(offered[0]).toBe('3.5');
    expect(offered.at(-1)).toBe('18');
    expect(offered).not.toContain('9');
    await user.selectOptions(add, '11.5');
    await user.click(details.getByRole('button', { name: 'Add size' }));
    const added = details.getByLabelText('Size 11.5 units');
    expect(added).toHaveFocus();
    await user.type(added, '4');

    await user.click(details.getByRole('button', { name: 'Back' }));
    expect(details.getByLabelText('Name')).toBeVisible();
    expect(details.queryByRole('heading', { name: 'Stock per size' })).not.toBeInTheDocument();
    await user.click(details.getByRole('button', { name: 'Stock' }));
    expect(details.getByLabelText('Size 11.5 units')).toHaveValue(4);

    await user.click(details.getByRole('button', { name: 'Save' }));
    expect(await details.findByText(SAVED_TEXT)).toBeInTheDocument();
    expect(putCalls(view.calls).map((call) => call.body)).toEqual([{ stock: { '9': 7, '11.5': 4 } }]);
    expect(details.getByLabelText('Size 11.5 units')).toHaveValue(4);
    expect(details.queryByRole('button', { name: 'Remove size 11.5' })).not.toBeInTheDocument();
  });

  it('opens a product with a sold-out size ready to save, and sets a size to 0 units', async () => {
    const user = userEvent.setup();
    const soldOut = { ...aj1(), stock: { '9': 0, '10': 2 } };
    const view = renderProductsTab(modifying, { products: [soldOut, dunk()] });
    const details = await openDetails(user);

    // The edit form's rule is 'stock cannot be less than 0': 0 units is a sold-out size, not a mistake.
    expect(details.queryByText('Correct the fields marked before saving.')).not.toBeInTheDocument();
    expect(details.getByText('Press a pencil to change a field.')).toBeInTheDocument();
    await user.click(details.getByRole('button', { name: 'Stock' }));
    expect(details.getByText('Type the units of a size to change them; 0 sells it out.')).toBeInTheDocument();
    expect(details.getByLabelText('Size 9 units')).toHaveValue(0);
    expect(details.getByLabelText('Size 9 units')).not.toHaveAttribute('aria-invalid', 'true');
    expect(details.queryByText(PRODUCT_MESSAGES.zeroStock)).not.toBeInTheDocument();
    expect(details.getByLabelText('Size 9 units').closest('li')).toHaveTextContent('sold out');

    const size10 = details.getByLabelText('Size 10 units');
    await user.clear(size10);
    await user.type(size10, '0');
    expect(size10).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(details.getByRole('button', { name: 'Back' }));
    await user.click(details.getByRole('button', { name: 'Edit Price' }));
    await user.clear(details.getByLabelText('Price'));
    await user.type(details.getByLabelText('Price'), '99.95');
    expect(details.getByText('2 changes to save.')).toBeInTheDocument();

    await user.click(details.getByRole('button', { name: 'Save' }));
    expect(await details.findByText(SAVED_TEXT)).toBeInTheDocument();
    expect(putCalls(view.calls).map((call) => call.body)).toEqual([{ price: 99.95, stock: { '10': 0 } }]);
  });

  it('uploads a new picture and sends its three sizes', async () => {
    const user = userEvent.setup();
    const view = renderProductsTab(modifying);
    const details = await openDetails(user);
    await user.upload(
      details.getByLabelText('Change picture'),
      new File(['x'], 'new.png', { type: 'image/png' }),
    );
    expect(FakeXhr.last?.url).toBe('/api/uploads/product');
    act(() => FakeXhr.last?.respond(200, uploadedPictures('aj1-new')));
    expect(
      await details.findByRole('img', { name: 'The new picture of Air Jordan 1 Mid XQ' }),
    ).toHaveAttribute('src', uploadedPictures('aj1-new').original_picture);
    await user.click(details.getByRole('button', { name: 'Save' }));
    await details.findByText(SAVED_TEXT);
    expect(putCalls(view.calls).map((call) => call.body)).toEqual([uploadedPictures('aj1-new')]);
  });

  it('says when the product is archived', async () => {
    const user = userEvent.setup();
    renderProductsTab();
    const details = await openDetails(user, 'Dunk Low Panda');
    expect(details.getByText(ARCHIVED_TEXT)).toBeInTheDocument();
    expect(details.getByRole('button', { name: 'Edit Name' })).toBeEnabled();
  });
});
