import type { Review } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aj1Detail, AJ1 as ID } from '../../test/fixtures';
import { errorBody, mockApi } from '../../test/mock-api';
import { renderInRouter } from '../../test/render-routes';
import { ProductPage } from './product-page';

/** What an admin sees on /home/:id: edit and delete of the product, delete of each review. */

const REVIEW: Review = {
  _id: '44444444-4444-4444-8444-444444444444',
  user: { _id: 'u1', username: 'sole_fan', image: '' },
  rating: 2,
  description: 'Ran small.',
  fit: 'small',
  sizeBought: '9',
  date: '2026-05-01T10:00:00.000Z',
};

const shoe = (reviews: Review[]) => aj1Detail({ rating: 2, reviews });

function shop(role: 'user' | 'admin', answer: (method: string, path: string, body: unknown) => unknown) {
  let reviews = [REVIEW];
  return mockApi((call) => {
    if (call.path === `/api/products/details/${ID}`) return { body: [shoe(reviews)] };
    if (call.path === '/api/auth/get-session')
      return {
        body: { user: { id: 'me', email: 'staff@shop.test', emailVerified: true, username: 'staff', role } },
      };
    if (call.path === '/api/users/dashboard/me') return { status: 404, body: errorBody('NOT_FOUND', 'none') };
    const result = answer(call.method, call.path, call.body);
    if (call.path === `/api/reviews/product/${ID}` && call.method === 'DELETE' && !result) {
      reviews = [];
      return { body: [] };
    }
    return result as { status?: number; body?: unknown } | undefined;
  });
}

const renderProduct = () =>
  renderInRouter(
    [
      { path: '/home/:id', element: <ProductPage /> },
      { path: '/account/products', element: <p>staff products</p> },
    ],
    `/home/${ID}`,
  ).router;

describe('the product page for staff', () => {
  it('shows a shopper no staff tools', async () => {
    shop('user', () => undefined);
    renderProduct();
    await screen.findByRole('heading', { name: 'Air Jordan 1 Mid XQ' });
    await screen.findByText('Ran small.');
    expect(screen.queryByRole('region', { name: 'Staff tools' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete the review by sole_fan' })).not.toBeInTheDocument();
  });

  it('links edit to the Product Details dialog of the staff list', async () => {
    shop('admin', () => undefined);
    renderProduct();
    const edit = await screen.findByRole('link', { name: 'Edit Air Jordan 1 Mid XQ' });
    expect(edit).toHaveAttribute('href', `/account/products?edit=${ID}`);
  });

  it('deletes the product after asking, then opens the staff list', async () => {
    const { calls } = shop('admin', (method, path) =>
      method === 'DELETE' && path === `/api/products/${ID}` ? { status: 204 } : undefined,
    );
    const router = renderProduct();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Air Jordan 1 Mid XQ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/products'));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/products/${ID}`,
    ]);
  });

  it('keeps the dialog open with the reason when the delete is refused', async () => {
    shop('admin', (method) =>
      method === 'DELETE'
        ? { status: 403, body: errorBody('FORBIDDEN', 'Only admins can do this') }
        : undefined,
    );
    const router = renderProduct();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Air Jordan 1 Mid XQ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Only admins can do this')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/home/${ID}`);
  });

  it('deletes one review after asking and shows the product without it', async () => {
    const { calls } = shop('admin', () => undefined);
    renderProduct();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the review by sole_fan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Ran small.')).not.toBeInTheDocument());
    const deleted = calls.find((call) => call.method === 'DELETE');
    expect(deleted?.path).toBe(`/api/reviews/product/${ID}`);
    expect(deleted?.body).toEqual({ _idReviews: [REVIEW._id] });
    expect(screen.getByText("Sadly this product doesn't have any review yet...")).toBeInTheDocument();
  });
});
