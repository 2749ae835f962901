import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { retryFailedLoad } from '../../../test/retry';
import { NO_MATCHES_TEXT, NO_PRODUCTS_TEXT } from './products-tab';
import {
  AJ1,
  adminProduct,
  aj1,
  DUNK,
  dunk,
  errorBody,
  productPage,
  renderProductsTab,
} from './products-test-utils';

const card = (name: string) => screen.getByRole('article', { name });

describe('Products tab (staff)', { timeout: 20_000 }, () => {
  it('shows every product as a card with picture, brand, price and units; archived ones are marked', async () => {
    const view = renderProductsTab();
    expect(screen.getByRole('heading', { level: 2, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/products/export.csv',
    );

    const jordan = await screen.findByRole('article', { name: 'Air Jordan 1 Mid XQ' });
    expect(jordan.querySelector('img')).toHaveAttribute('src', `/uploads/products/${AJ1}/card.webp`);
    expect(jordan).toHaveTextContent('Nike');
    expect(jordan).toHaveTextContent('$120.00');
    expect(jordan).toHaveTextContent('5 units');
    expect(within(jordan).queryByText('Archived')).not.toBeInTheDocument();
    expect(within(jordan).getByRole('button', { name: 'Delete Air Jordan 1 Mid XQ' })).toBeInTheDocument();

    const panda = card('Dunk Low Panda');
    expect(within(panda).getByText('Archived')).toBeInTheDocument();
    expect(panda).toHaveTextContent('Sold out');
    // An archived product can still be edited and its reviews read, but not archived again.
    expect(within(panda).getByRole('button', { name: 'Edit Dunk Low Panda' })).toBeInTheDocument();
    expect(within(panda).getByRole('button', { name: 'Reviews of Dunk Low Panda' })).toBeInTheDocument();
    expect(within(panda).queryByRole('button', { name: 'Delete Dunk Low Panda' })).not.toBeInTheDocument();

    expect(screen.getByText('2 products')).toBeInTheDocument();
    // Newest added first unless another order is chosen.
    expect(Object.fromEntries(view.listCalls()[0]?.search ?? [])).toEqual({
      orderBy: '{"created":-1}',
      page: '1',
    });
  });

  it('orders by newest added by default, and offers the latest release and the name as their own orders', async () => {
    const user = userEvent.setup();
    const view = renderProductsTab();
    await screen.findByRole('article', { name: 'Air Jordan 1 Mid XQ' });
    const sort = screen.getByLabelText('Sort by');
    expect(sort).toHaveDisplayValue('Newest first');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Newest first', 'Latest release first', 'Name A-Z', 'Name Z-A']);
    const last = () => view.listCalls().at(-1)?.search;

    await user.selectOptions(sort, 'Latest release first');
    await waitFor(() => expect(last()?.get('orderBy')).toBe('{"release_date":-1}'));
    expect(view.router.state.location.search).toBe('?sort=released');

    // A search keeps the order chosen (it is always sent).
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'jordan');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(last()?.get('search')).toBe('jordan'));
    expect(last()?.get('orderBy')).toBe('{"release_date":-1}');

    // Back to the default: it leaves the address.
    await user.selectOptions(sort, 'Newest first');
    await waitFor(() => expect(last()?.get('orderBy')).toBe('{"created":-1}'));
    expect(view.router.state.location.search).toBe('?search=jordan');
  });

  it('puts the filters, the search (on submit), the order and the page in the query', async () => {
    const user = userEvent.setup();
    const view = renderProductsTab((call) =>
      call.method === 'GET' && call.path === '/api/products/admin'
        ? { body: productPage([aj1()], { total: 30, pages: 3, page: Number(call.search.get('page')) }) }
        : undefined,
    );
    await screen.findByRole('article', { name: 'Air Jordan 1 Mid XQ' });
    const last = () => view.listCalls().at(-1)?.search;

    await user.selectOptions(screen.getByLabelText('Category'), 'running');
    await waitFor(() => expect(last()?.get('category')).toBe('running'));
    await user.selectOptions(screen.getByLabelText('Brand'), 'adidas');
    await waitFor(() => expect(last()?.get('brand')).toBe('adidas'));
    await user.selectOptions(screen.getByLabelText('Gender'), 'women');
    await waitFor(() => expect(last()?.get('gender')).toBe('women'));

    const calls = view.listCalls().length;
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'air max');
    expect(view.listCalls()).toHaveLength(calls);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(last()?.get('search')).toBe('air max'));

    await user.selectOptions(screen.getByLabelText('Sort by'), 'name-desc');
    await waitFor(() => expect(last()?.get('orderBy')).toBe('{"name":-1}'));
    expect(Object.fromEntries(last() ?? [])).toEqual({
      category: 'running',
      brand: 'adidas',
      gender: 'women',
      search: 'air max',
      orderBy: '{"name":-1}',
      page: '1',
    });
    expect(view.router.state.location.search).toContain('sort=name-desc');

    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(last()?.get('page')).toBe('2'));
    expect(last()?.get('brand')).toBe('adidas');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(Object.fromEntries(last() ?? [])).toEqual({ orderBy: '{"name":-1}', page: '1' }),
    );
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });

  it('reads the filters from the address', async () => {
    const view = renderProductsTab(undefined, {
      entry: '/account/products?brand=vans&category=skateboarding&sort=name-asc&page=2&gender=nobody',
    });
    await screen.findByRole('article', { name: 'Air Jordan 1 Mid XQ' });
    expect(Object.fromEntries(view.listCalls()[0]?.search ?? [])).toEqual({
      brand: 'vans',
      category: 'skateboarding',
      orderBy: '{"name":1}',
      page: '2',
    });
    expect(screen.getByLabelText('Brand')).toHaveValue('vans');
    expect(screen.getByLabelText('Gender')).toHaveValue('');
  });

  it("shows the spec's red alert when the list fails, and Try again loads it", async () => {
    let fail = true;
    renderProductsTab((call) => {
      if (call.path === '/api/products/admin' && fail)
        return { status: 403, body: errorBody('FORBIDDEN', 'Only staff may do this') };
      return undefined;
    });
    await retryFailedLoad('Only staff may do this', () => {
      fail = false;
    });
    expect(await screen.findByRole('article', { name: 'Air Jordan 1 Mid XQ' })).toBeInTheDocument();
  });

  it('says so when there are no products, or none match the filters', async () => {
    const user = userEvent.setup();
    renderProductsTab(undefined, { products: [] });
    expect(await screen.findByText(NO_PRODUCTS_TEXT)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Brand'), 'gucci');
    expect(await screen.findByText(NO_MATCHES_TEXT)).toBeInTheDocument();
    await user.click(
      within(screen.getByText(NO_MATCHES_TEXT).parentElement as HTMLElement).getByRole('button'),
    );
    expect(await screen.findByText(NO_PRODUCTS_TEXT)).toBeInTheDocument();
  });

  it("archives after 'Are you sure?': DELETE is sent and the card shows Archived", async () => {
    const user = userEvent.setup();
    let archived = false;
    const view = renderProductsTab((call) => {
      if (call.method === 'DELETE' && call.path === `/api/products/${AJ1}`) {
        archived = true;
        return { status: 204 };
      }
      if (call.method === 'GET' && call.path === '/api/products/admin')
        return { body: productPage([aj1(), dunk()].map((p) => (p._id === AJ1 ? { ...p, archived } : p))) };
      return undefined;
    });
    const remove = await screen.findByRole('button', { name: 'Delete Air Jordan 1 Mid XQ' });

    // Cancel asks nothing of the shop.
    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Air Jordan 1 Mid XQ');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/products/${AJ1}`,
    ]);
    const jordan = card('Air Jordan 1 Mid XQ');
    expect(within(jordan).getByText('Archived')).toBeInTheDocument();
    expect(within(jordan).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(jordan).getByRole('button', { name: 'Edit Air Jordan 1 Mid XQ' })).toHaveFocus(),
    );
  });

  it('keeps the dialog open with the reason when the archive is refused', async () => {
    const user = userEvent.setup();
    renderProductsTab((call) =>
      call.method === 'DELETE'
        ? { status: 404, body: errorBody('NOT_FOUND', 'Product not found') }
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Air Jordan 1 Mid XQ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Product not found');
    expect(within(card('Air Jordan 1 Mid XQ')).queryByText('Archived')).not.toBeInTheDocument();
  });

  it('pages with the shared pagination (12 a page)', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      adminProduct(`aaaaaaaa-aaaa-4aaa-8aaa-${String(i).padStart(12, '0')}`, `Runner ${i + 1}`),
    );
    renderProductsTab((call) =>
      call.path === '/api/products/admin'
        ? { body: productPage(many, { total: 13, pages: 2, page: 1 }) }
        : undefined,
    );
    expect(await screen.findAllByRole('article')).toHaveLength(12);
    const pages = screen.getByRole('navigation', { name: 'Product pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/account/products?page=2',
    );
    expect(screen.getByText(/13 products/)).toBeInTheDocument();
  });
});

describe('Products tab opened from the product page', { timeout: 20_000 }, () => {
  it('opens ?edit=<id> in Product Details, and closing it leaves the plain list address', async () => {
    const { router } = renderProductsTab(
      (call) => {
        if (call.path === `/api/products/details/${AJ1}`) {
          const { archived: _archived, ...product } = aj1();
          return { body: [{ ...product, reviews: [] }] };
        }
        return undefined;
      },
      { entry: `/account/products?edit=${AJ1}` },
    );
    const dialog = await screen.findByRole('dialog', { name: /Product Details/ });
    expect(dialog).toHaveTextContent('Air Jordan 1 Mid XQ');
    await userEvent.setup().click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/account/products');
  });

  it('says so when the product to edit cannot be opened', async () => {
    renderProductsTab(
      (call) =>
        call.path === `/api/products/details/${AJ1}`
          ? { status: 404, body: errorBody('NOT_FOUND', 'Product not found') }
          : undefined,
      { entry: `/account/products?edit=${AJ1}` },
    );
    expect(await screen.findByText('We could not open that product: Product not found')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Restoring an archived product', { timeout: 20_000 }, () => {
  it('puts it back on sale with Restore, and says so when the shop refuses', async () => {
    let refuse = true;
    let restored = false;
    const { calls } = renderProductsTab((call) => {
      if (call.method === 'GET' && call.path === '/api/products/admin')
        return { body: productPage([aj1(), { ...dunk(), archived: !restored }]) };
      if (call.method !== 'POST' || call.path !== `/api/products/${DUNK}/restore`) return undefined;
      if (refuse) return { status: 409, body: errorBody('CONFLICT', 'This product is already on sale') };
      restored = true;
      const { archived: _archived, ...product } = dunk();
      return { body: product };
    });
    const user = userEvent.setup();
    const panda = await screen.findByRole('article', { name: 'Dunk Low Panda' });
    await user.click(within(panda).getByRole('button', { name: 'Restore Dunk Low Panda' }));
    expect(
      await screen.findByText('The product was not restored: This product is already on sale'),
    ).toBeInTheDocument();

    refuse = false;
    await user.click(within(panda).getByRole('button', { name: 'Restore Dunk Low Panda' }));
    await waitFor(() =>
      expect(within(card('Dunk Low Panda')).queryByText('Archived')).not.toBeInTheDocument(),
    );
    expect(
      within(card('Dunk Low Panda')).getByRole('button', { name: 'Delete Dunk Low Panda' }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/products/${DUNK}/restore`,
      `/api/products/${DUNK}/restore`,
    ]);
  });
});
