import { GTIN_MESSAGE } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, fillValidProduct, renderProductsTab } from './products-test-utils';

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

const LABEL = 'GTIN (optional)';
const HINT =
  'The EAN or UPC on the box (8, 12, 13 or 14 digits): shopping listings show it; leave empty when there is none.';

describe('GTIN (staff product forms)', { timeout: 30_000 }, () => {
  it('is optional, refuses a wrong check digit in words, and sends the digits without spaces', async () => {
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
    await user.type(field, '4006381333932');
    await user.tab();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(`${HINT} ${GTIN_MESSAGE}`);
    const send = form.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.clear(field);
    await user.type(field, '4006381 333931');
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    await waitFor(() => expect(view.calls.some((call) => call.path === '/api/products/create')).toBe(true));
    const post = view.calls.find((call) => call.path === '/api/products/create');
    expect(post?.body).toMatchObject({ gtin: '4006381333931' });
  });
});
