import type { Product, ProductList } from '@shop/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readCatalogState, toProductListParams, writeCatalogParams } from '../../lib/catalog/catalog-params';
import { renderInRouter } from '../../test/render-routes';
import { CatalogPage, EMPTY_CATALOG_TEXT } from './catalog-page';
import { FilterModal } from './filter-modal';

const product = (n: number): Product => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Runner ${n}`,
  brand: 'nike',
  price: 100 + n,
  compareAtPrice: null,
  priorPrice: null,
  rating: 4,
  card_picture: `/uploads/${n}-card.webp`,
  detail_picture: `/uploads/${n}-detail.webp`,
  original_picture: `/uploads/${n}.webp`,
  description: '<p>Fast</p>',
  gender: ['men'],
  category: ['running'],
  color: 'Red',
  collection: '',
  release_date: '2024-01-01',
  stock: { '9': 3 },
  taxCategory: 'standard',
  sizeShift: 0,
  gtin: null,
});

let fetchMock: ReturnType<typeof vi.fn>;
let answer: (url: URL) => { status: number; body: unknown };

beforeEach(() => {
  answer = (url) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const list: ProductList = {
      products: Array.from({ length: 12 }, (_, i) => product((page - 1) * 12 + i + 1)),
      total: 137,
      totalExact: true,
      page,
      pages: 12,
    };
    return { status: 200, body: list };
  };
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://shop.test');
    const { status, body } = answer(url);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

function renderCatalog(path = '/home') {
  return renderInRouter(
    [
      { path: '/home', element: <CatalogPage /> },
      { path: '/home/:id', element: <p>product page</p> },
    ],
    path,
  ).router;
}

/** The catalogue at `path`, loaded, with its Filters dialog open. */
async function openFilters(path: string) {
  const router = renderCatalog(path);
  const user = userEvent.setup();
  await screen.findByText('137 products');
  await user.click(screen.getByRole('button', { name: /Filters/ }));
  return { router, user, dialog: await screen.findByRole('dialog') };
}

const lastApiQuery = () => {
  const call = fetchMock.mock.calls.at(-1);
  return new URL(String(call?.[0]), 'http://shop.test').searchParams;
};

describe('catalogue URL state', () => {
  it('reads allowed values only and writes them back in a stable order', () => {
    const state = readCatalogState(
      new URLSearchParams(
        'brand=nike&category=shoes&rating=7&priceMin=20&priceMax=abc&sort=price-desc&page=3&search=air',
      ),
    );
    expect(state).toEqual({
      filters: { brand: 'nike', priceMin: 20 },
      sort: 'price-desc',
      search: 'air',
      page: 3,
    });
    expect(writeCatalogParams(state).toString()).toBe(
      'brand=nike&priceMin=20&sort=price-desc&search=air&page=3',
    );
    expect(toProductListParams(state)).toMatchObject({
      orderBy: '{"price":-1}',
      page: 3,
      limit: 12,
      brand: 'nike',
    });
    expect(readCatalogState(new URLSearchParams('sort={"name":-1}')).sort).toBe('name-desc');
  });
});

describe('CatalogPage', () => {
  it('shows 12 cards, the results count and pagination, reading the URL into API params', async () => {
    renderCatalog('/home?category=running&sort=name-desc&page=2');
    expect(await screen.findByText('137 products')).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: /Runner/ })).toHaveLength(12);
    const query = lastApiQuery();
    expect(query.get('category')).toBe('running');
    expect(query.get('orderBy')).toBe('{"name":-1}');
    expect(query.get('page')).toBe('2');
    expect(query.get('limit')).toBe('12');
    const nav = screen.getByRole('navigation', { name: 'Catalogue pages' });
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/home?category=running&sort=name-desc&page=3',
    );
    expect(screen.getByRole('button', { name: 'Remove filter Category: Running' })).toBeInTheDocument();
  });

  it('applies filters from the modal into the URL and resets the page', async () => {
    const { router, user, dialog } = await openFilters('/home?page=4&search=air');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'basketball');
    await user.selectOptions(within(dialog).getByLabelText('Brand'), 'adidas');
    await user.selectOptions(within(dialog).getByLabelText('Rating'), '0');
    await user.type(within(dialog).getByLabelText('Min price'), '50');
    await user.type(within(dialog).getByLabelText('Max price'), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?category=basketball&rating=0&brand=adidas&priceMin=50&priceMax=120&search=air',
      ),
    );
    await waitFor(() => expect(lastApiQuery().get('brand')).toBe('adidas'));
    expect(lastApiQuery().get('page')).toBe('1');
    expect(lastApiQuery().get('priceMax')).toBe('120');
    expect(
      await screen.findByRole('button', { name: 'Remove filter Price: $50.00 – $120.00' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Results for "air"' })).toBeInTheDocument();

    // Back goes to the previous URL.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?page=4&search=air'));
  });

  it('filters On sale: the checkbox writes ?onSale=true, the API is asked for it, and its chip removes it', async () => {
    const { router, user, dialog } = await openFilters('/home?brand=nike');
    const onSale = within(dialog).getByRole('checkbox', { name: 'On sale' });
    expect(onSale).not.toBeChecked();
    await user.click(onSale);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(router.state.location.search).toBe('?brand=nike&onSale=true'));
    await waitFor(() => expect(lastApiQuery().get('onSale')).toBe('true'));
    expect(lastApiQuery().get('brand')).toBe('nike');

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    expect(
      within(await screen.findByRole('dialog')).getByRole('checkbox', { name: 'On sale' }),
    ).toBeChecked();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await user.click(await screen.findByRole('button', { name: 'Remove filter On sale' }));
    await waitFor(() => expect(router.state.location.search).toBe('?brand=nike'));
    await waitFor(() => expect(lastApiQuery().get('onSale')).toBeNull());
  });

  it('sorting and removing a chip push new URLs', async () => {
    const router = renderCatalog('/home?brand=vans&gender=women&page=2');
    const user = userEvent.setup();
    await screen.findByText('137 products');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price-asc');
    await waitFor(() => expect(router.state.location.search).toBe('?gender=women&brand=vans&sort=price-asc'));
    expect(lastApiQuery().get('orderBy')).toBe('{"price":1}');
    await user.click(screen.getByRole('button', { name: 'Remove filter Gender: Women' }));
    await waitFor(() => expect(router.state.location.search).toBe('?brand=vans&sort=price-asc'));
  });

  it('clears the search', async () => {
    const router = renderCatalog('/home?search=jordan');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Results for "jordan"' });
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('heading', { name: 'Sneakers' })).toBeInTheDocument();
  });

  it("says '1,000+ products' when the shop did not count every match", async () => {
    answer = () => ({
      status: 200,
      body: { products: [], total: 1_000, totalExact: false, page: 90, pages: 84 },
    });
    renderCatalog('/home?page=90');
    expect(await screen.findByText('1,000+ products')).toBeInTheDocument();
  });

  it('shows the empty text', async () => {
    answer = () => ({ status: 200, body: { products: [], total: 0, totalExact: true, page: 1, pages: 0 } });
    renderCatalog('/home?brand=gucci');
    expect(await screen.findByText(EMPTY_CATALOG_TEXT)).toBeInTheDocument();
    expect(screen.getByText('0 products')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Catalogue pages' })).toBeNull();
  });

  it('shows API errors in the red alert with the server message', async () => {
    answer = () => ({
      status: 400,
      body: {
        error: { code: 'VALIDATION_ERROR', message: 'priceMin must not be above priceMax', fields: {} },
      },
    });
    renderCatalog('/home?priceMin=90&priceMax=10');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Oh snap! You got an error!');
    expect(alert).toHaveTextContent('priceMin must not be above priceMax');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('FilterModal', () => {
  /** The modal open on the filters in force, with its dialog and a user to work it. */
  async function openModal(filters = {}) {
    const onApply = vi.fn();
    const onHide = vi.fn();
    render(<FilterModal show onHide={onHide} filters={filters} onApply={onApply} />);
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    const field = (label: string) => within(dialog).getByLabelText(label);
    const apply = () => user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const user = userEvent.setup();
    return { onApply, onHide, user, dialog, field, apply };
  }

  it('starts from the filters in force and applies the chosen values', async () => {
    const { onApply, onHide, user, field, apply } = await openModal({ gender: 'women', priceMax: 80 });
    expect(field('Gender')).toHaveValue('women');
    expect(field('Max price')).toHaveValue(80);
    await user.selectOptions(field('Rating'), '5');
    await apply();
    expect(onApply).toHaveBeenCalledWith({ gender: 'women', rating: 5, priceMax: 80 });
    expect(onHide).toHaveBeenCalled();
  });

  it('rejects a minimum above the maximum with an inline message', async () => {
    const { onApply, user, field, apply } = await openModal();
    await user.type(field('Min price'), '200');
    await user.type(field('Max price'), '100');
    await apply();
    expect(onApply).not.toHaveBeenCalled();
    const max = field('Max price');
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(max).toHaveAccessibleDescription('The maximum price must be at least the minimum price.');
    expect(max).toHaveFocus();
  });

  it.each([
    {
      what: 'a negative price',
      label: 'Min price',
      typed: '-5',
      reason: 'Enter a minimum price between 0 and 10,000,000.',
    },
    {
      what: 'a price past what the shop can store',
      label: 'Max price',
      typed: '1e10',
      reason: 'Enter a maximum price between 0 and 10,000,000.',
    },
  ])('rejects $what', async ({ label, typed, reason }) => {
    const { onApply, user, dialog, field, apply } = await openModal();
    await user.type(field(label), typed);
    await apply();
    expect(onApply).not.toHaveBeenCalled();
    expect(within(dialog).getByText(reason)).toBeInTheDocument();
  });

  it('Clear applies no filters', async () => {
    const { onApply, user, dialog } = await openModal({ brand: 'nike', rating: 3 });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(onApply).toHaveBeenCalledWith({});
  });
});
