import type { AdminProductList, ProductPictures } from '@shop/contracts';
import { act, fireEvent, type within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { FakeXhr } from '../../../test/fake-xhr';
import { AJ1, DUNK, REVIEW_ID, reviewFixture } from '../../../test/fixtures';
import type { ApiAnswer, ApiCall } from '../../../test/mock-api';
import { renderStaffRoutes } from '../shared/staff-test-utils';
import type { AdminProduct } from './products-api';
import { AdminProductsTab } from './products-tab';

export { errorBody } from '../../../test/mock-api';
export { AJ1, DUNK, REVIEW_ID };

/** Test helpers for the staff's Products screen: contract-shaped fixtures and the screen in a memory router. */

export const OTHER_REVIEW_ID = '55555555-5555-4555-8555-555555555555';

export function adminProduct(id: string, name: string, overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    _id: id,
    name,
    brand: 'nike',
    price: 120,
    compareAtPrice: null,
    priorPrice: null,
    lowestPrice30d: overrides.price ?? 120,
    rating: 4,
    card_picture: `/uploads/products/${id}/card.webp`,
    detail_picture: `/uploads/products/${id}/detail.webp`,
    original_picture: `/uploads/products/${id}/original.webp`,
    description: 'A classic high-top basketball shoe with a leather upper.',
    gender: ['men'],
    category: ['basketball'],
    color: 'Black',
    collection: '2024',
    release_date: '2024-01-01',
    stock: { '9': 3, '10': 2 },
    taxCategory: 'standard',
    sizeShift: 0,
    gtin: null,
    archived: false,
    ...overrides,
  };
}

export function productPage(
  products: AdminProduct[],
  overrides: Partial<AdminProductList> = {},
): AdminProductList {
  return {
    products,
    total: products.length,
    totalExact: true,
    page: 1,
    pages: products.length > 0 ? 1 : 0,
    ...overrides,
  };
}

export const aj1 = () => adminProduct(AJ1, 'Air Jordan 1 Mid XQ');
export const dunk = () =>
  adminProduct(DUNK, 'Dunk Low Panda', {
    brand: 'nike',
    price: 100,
    archived: true,
    stock: { '8': 0, '8.5': 0 },
  });

export const uploadedPictures = (folder = 'new-shoe-1a2b'): ProductPictures => ({
  card_picture: `/uploads/products/${folder}/card.webp`,
  detail_picture: `/uploads/products/${folder}/detail.webp`,
  original_picture: `/uploads/products/${folder}/original.webp`,
});

/** A four-star review by demo_user: the shop's own review fixture. */
export const review = reviewFixture;

function Where({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  return <p data-testid="elsewhere">{`${name} at ${pathname}${search}`}</p>;
}

export type ProductsHandler = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;

/**
 * The Products screen at `entry` with a scripted API: the session is an admin's, and the list answers
 * `products` (a page built from them) unless the handler answers first.
 */
export function renderProductsTab(
  handler: ProductsHandler = () => undefined,
  options: { products?: AdminProduct[]; entry?: string } = {},
) {
  const products = options.products ?? [aj1(), dunk()];
  const view = renderStaffRoutes({
    routes: { '/account/products': <AdminProductsTab />, '*': <Where name="elsewhere" /> },
    entry: options.entry ?? '/account/products',
    handler: async (call) => {
      const answer = await handler(call);
      if (answer) return answer;
      if (call.method === 'GET' && call.path === '/api/products/admin')
        return { body: productPage(products) };
      return undefined;
    },
  });
  const listCalls = () =>
    view.calls.filter((call) => call.method === 'GET' && call.path === '/api/products/admin');
  return { ...view, listCalls };
}

export { FakeXhr };

/** Fills every field of the create form with valid values, the picture uploaded (through FakeXhr). */
export async function fillValidProduct(
  user: ReturnType<typeof userEvent.setup>,
  form: ReturnType<typeof within>,
) {
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
