import { PRODUCT_MESSAGES } from '@shop/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ZERO_STOCK_MESSAGE } from './create-product-check';
import { CREATED_TEXT } from './create-product-modal';
import { errorBody, FakeXhr, renderProductsTab, uploadedPictures } from './products-test-utils';
import { NOT_A_PICTURE_MESSAGE } from './upload-picture';

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

const DESCRIPTION = 'A light running shoe with a visible air unit and a mesh upper.';
const shoePicture = () => new File(['png-bytes'], 'shoe.png', { type: 'image/png' });

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add a product' }));
  return within(await screen.findByRole('dialog', { name: 'Add a product' }));
}

/** Touches a control without changing it (focus, then leave), as a user tabbing past it would. */
function touch(element: HTMLElement) {
  fireEvent.focus(element);
  fireEvent.blur(element);
}

/** Fills every field with valid values; the picture is uploaded through the stubbed XMLHttpRequest. */
async function fillValid(user: ReturnType<typeof userEvent.setup>, form: ReturnType<typeof within>) {
  await user.click(form.getByLabelText('Name'));
  await user.paste('Air  Max 90');
  await user.selectOptions(form.getByLabelText('Brand'), 'nike');
  await user.selectOptions(form.getByLabelText('Color'), 'White');
  await user.click(form.getByRole('radio', { name: 'Men' }));
  await user.click(form.getByRole('radio', { name: 'Running' }));
  fireEvent.change(form.getByLabelText('Release date'), { target: { value: '2024-03-15' } });
  await user.click(form.getByLabelText('Price'));
  await user.paste('129.99');
  await user.click(form.getByLabelText('Description'));
  await user.paste(DESCRIPTION);
  await user.click(form.getByRole('checkbox', { name: 'Size 9' }));
  await user.type(form.getByLabelText('Units of size 9'), '4');
  await user.click(form.getByRole('checkbox', { name: 'Size 10.5' }));
  await user.type(form.getByLabelText('Units of size 10.5'), '2');
  await user.upload(form.getByLabelText('Image'), shoePicture());
  act(() => FakeXhr.last?.respond(200, uploadedPictures()));
  await form.findByText('Picture uploaded.');
}

// Filling a whole form takes a while on a busy machine.
describe('Create product form (staff)', { timeout: 20_000 }, () => {
  it("shows the spec's messages as fields are touched, and Send stays disabled", async () => {
    const user = userEvent.setup();
    renderProductsTab();
    const form = await openCreate(user);
    const send = form.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    expect(form.queryByText(PRODUCT_MESSAGES.nameLength)).not.toBeInTheDocument();

    const name = form.getByLabelText('Name');
    await user.type(name, 'ab');
    await user.tab();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(PRODUCT_MESSAGES.nameLength);
    await user.clear(name);
    await user.type(name, 'Air <Max>');
    expect(name).toHaveAccessibleDescription('The name contains an invalid character');
    await user.clear(name);
    await user.type(name, ' ');
    expect(name).toHaveAccessibleDescription(PRODUCT_MESSAGES.nameLength);

    touch(form.getByLabelText('Brand'));
    expect(form.getByLabelText('Brand')).toHaveAccessibleDescription('choose a brand');
    touch(form.getByLabelText('Color'));
    expect(form.getByLabelText('Color')).toHaveAccessibleDescription('choose a color');
    touch(form.getByRole('radio', { name: 'Women' }));
    expect(await form.findByText('choose a gender')).toBeInTheDocument();
    touch(form.getByRole('radio', { name: 'Basketball' }));
    expect(form.getByRole('group', { name: 'Category' })).toHaveAccessibleDescription(
      'Select almost 1 category',
    );
    touch(form.getByLabelText('Release date'));
    expect(form.getByLabelText('Release date')).toHaveAccessibleDescription('Invalid Date');
    await user.type(form.getByLabelText('Price'), '12.345');
    await user.tab();
    expect(form.getByLabelText('Price')).toHaveAccessibleDescription('Invalid response');
    await user.type(form.getByLabelText('Description'), 'Too short');
    await user.tab();
    expect(form.getByText('Must be between 30 and 1020 characters in length')).toBeInTheDocument();

    // Sizes: none chosen, then a chosen size with no units or 0 units.
    const size6 = form.getByRole('checkbox', { name: 'Size 6' });
    const units6 = form.getByLabelText('Units of size 6');
    expect(units6).toBeDisabled();
    await user.click(size6);
    expect(form.getByText(ZERO_STOCK_MESSAGE)).toBeInTheDocument();
    await user.type(units6, '0');
    expect(form.getByText(ZERO_STOCK_MESSAGE)).toBeInTheDocument();
    await user.clear(units6);
    await user.type(units6, '3');
    expect(form.queryByText(ZERO_STOCK_MESSAGE)).not.toBeInTheDocument();
    await user.click(size6);
    expect(form.getByText(PRODUCT_MESSAGES.sizes)).toBeInTheDocument();

    touch(form.getByLabelText('Image'));
    expect(form.getByLabelText('Image')).toHaveAccessibleDescription(/Upload an image/);
    expect(send).toBeDisabled();
    expect(form.getByText(/^Still to complete: Name, Brand, Color/)).toBeInTheDocument();
  });

  it("uploads the picture with a progress bar, sends the spec's payload and says 'Your product was upload'", async () => {
    const user = userEvent.setup();
    const view = renderProductsTab((call) =>
      call.method === 'POST' && call.path === '/api/products/create'
        ? { status: 201, body: { ...(call.body as object), _id: 'new' } }
        : undefined,
    );
    const form = await openCreate(user);

    await user.upload(form.getByLabelText('Image'), shoePicture());
    const xhr = FakeXhr.last;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/uploads/product');
    expect(xhr?.body?.get('file')).toBeInstanceOf(File);
    const bar = form.getByRole('progressbar', { name: 'Picture upload' });
    act(() => xhr?.progress(50, 100));
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(form.getByText('Uploading the picture… 50%')).toBeInTheDocument();
    expect(form.getByLabelText('Image')).toBeDisabled();
    act(() => xhr?.respond(200, uploadedPictures()));
    expect(await form.findByRole('img', { name: 'The uploaded picture' })).toHaveAttribute(
      'src',
      uploadedPictures().card_picture,
    );

    await fillValid(user, form);
    const send = form.getByRole('button', { name: 'Send' });
    await waitFor(() => expect(send).toBeEnabled());
    const listsBefore = view.listCalls().length;
    await user.click(send);

    expect(await screen.findByText(CREATED_TEXT)).toBeInTheDocument();
    const post = view.calls.find((call) => call.path === '/api/products/create');
    expect(post?.body).toEqual({
      name: 'Air Max 90',
      brand: 'nike',
      category: ['running'],
      color: 'White',
      gender: 'men',
      stock: { '9': 4, '10.5': 2 },
      ...uploadedPictures(),
      release_date: '2024-03-15',
      price: 129.99,
      taxCategory: 'standard',
      sizeShift: 0,
      description: DESCRIPTION,
    });
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/home');
    await waitFor(() => expect(view.listCalls().length).toBeGreaterThan(listsBefore));

    // 'Add another product' starts again from an empty form.
    await user.click(screen.getByRole('button', { name: 'Add another product' }));
    const again = within(screen.getByRole('dialog', { name: 'Add a product' }));
    expect(again.getByLabelText('Name')).toHaveValue('');
    expect(again.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it("shows the server's field refusals beside their fields, until they are changed", async () => {
    const user = userEvent.setup();
    renderProductsTab((call) =>
      call.method === 'POST' && call.path === '/api/products/create'
        ? {
            status: 400,
            body: errorBody('VALIDATION_ERROR', 'Invalid body: price Invalid response', {
              price: 'Invalid response',
              card_picture: 'must be a picture uploaded to the shop',
            }),
          }
        : undefined,
    );
    const form = await openCreate(user);
    await fillValid(user, form);
    const send = form.getByRole('button', { name: 'Send' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);

    expect(await form.findByRole('alert')).toHaveTextContent('Invalid body: price Invalid response');
    expect(form.getByLabelText('Price')).toHaveAccessibleDescription('Invalid response');
    expect(form.getByLabelText('Image')).toHaveAccessibleDescription(
      /must be a picture uploaded to the shop/,
    );
    expect(send).toBeDisabled();

    await user.clear(form.getByLabelText('Price'));
    await user.type(form.getByLabelText('Price'), '119');
    expect(form.getByLabelText('Price')).not.toHaveAttribute('aria-invalid');
    expect(send).toBeDisabled();
    await user.upload(form.getByLabelText('Image'), shoePicture());
    act(() => FakeXhr.last?.respond(200, uploadedPictures('other-shoe')));
    await waitFor(() => expect(send).toBeEnabled());
  });

  it('refuses a file that is not a picture before sending it, and shows the shop’s own refusal', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderProductsTab();
    const form = await openCreate(user);
    const input = form.getByLabelText('Image');

    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(FakeXhr.last).toBeNull();
    expect(input).toHaveAccessibleDescription(new RegExp(NOT_A_PICTURE_MESSAGE.replace(/[.]/g, '\\.')));

    await user.upload(input, shoePicture());
    act(() =>
      FakeXhr.last?.respond(
        415,
        errorBody(
          'UNSUPPORTED_MEDIA_TYPE',
          'The file is not a picture we can read (use JPEG, PNG, WebP or GIF)',
          {
            file: 'must be an image',
          },
        ),
      ),
    );
    expect(
      await form.findByText(
        'The picture was not uploaded: The file is not a picture we can read (use JPEG, PNG, WebP or GIF)',
      ),
    ).toBeInTheDocument();
    expect(form.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
