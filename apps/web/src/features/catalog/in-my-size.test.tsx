import type { MySizes, ProductList, ShopperSizeSystem } from '@shop/contracts';
import { buildProduct } from '@shop/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { rehydrateSizes, SIZES_STORAGE_KEY } from '../../lib/sizes';
import { type ApiCall, mockApi } from '../../test/mock-api';
import { renderInRouter } from '../../test/render-routes';
import { CatalogPage, EMPTY_CATALOG_TEXT } from './catalog-page';

let calls: ApiCall[];
let empty: boolean;

beforeEach(() => {
  localStorage.clear();
  rehydrateSizes();
  empty = false;
  const api = mockApi((call) => {
    if (call.path === '/api/auth/get-session') return { status: 401, body: null };
    if (call.path !== '/api/products') return undefined;
    const page = Number(call.search.get('page') ?? 1);
    const list: ProductList = empty
      ? { products: [], total: 0, totalExact: true, page: 1, pages: 0 }
      : {
          products: [buildProduct({ name: `Runner ${page}` })],
          total: 30,
          totalExact: true,
          page,
          pages: 3,
        };
    return { body: list };
  });
  calls = api.calls;
});

/** The query of the catalogue's last `GET /api/products`. */
const lastListQuery = () => calls.filter((call) => call.path === '/api/products').at(-1)?.search;

/** A guest's sizes, as the browser keeps them. */
function keepSizes(system: ShopperSizeSystem, mySizes: MySizes) {
  localStorage.setItem(SIZES_STORAGE_KEY, JSON.stringify({ system, mySizes }));
  rehydrateSizes();
}

function renderCatalog(path: string) {
  const { router } = renderInRouter([{ path: '/home', element: <CatalogPage /> }], path);
  return { router, user: userEvent.setup() };
}

const search = (router: ReturnType<typeof renderCatalog>['router']) =>
  new URLSearchParams(router.state.location.search);

describe('"In my size" in the catalogue', () => {
  it("puts the shopper's size in the address and the API query, with every other filter, search and sort", async () => {
    keepSizes('EU', { default: { system: 'EU', value: '44' }, brands: {} });
    const { router, user } = renderCatalog('/home?category=running&search=air&sort=price-asc&page=2');
    const toggle = await screen.findByRole('button', { name: 'In my size EU 44' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    await waitFor(() => expect(search(router).get('size')).toBe('44'));
    expect(router.state.location.search).toBe(
      '?category=running&size=44&sizeSystem=EU&sort=price-asc&search=air',
    );
    await waitFor(() => expect(lastListQuery()?.get('size')).toBe('44'));
    const query = lastListQuery();
    expect(query?.get('sizeSystem')).toBe('EU');
    expect(query?.get('category')).toBe('running');
    expect(query?.get('search')).toBe('air');
    expect(query?.get('orderBy')).toBe('{"price":1}');
    expect(query?.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: 'In my size EU 44' })).toHaveAttribute('aria-pressed', 'true');

    // Its chip takes it off again; the other filters stay.
    const chips = screen.getByRole('region', { name: 'Active filters' });
    await user.click(within(chips).getByRole('button', { name: 'Remove filter In my size: EU 44' }));
    await waitFor(() => expect(search(router).has('size')).toBe(false));
    expect(search(router).get('category')).toBe('running');
    await waitFor(() => expect(lastListQuery()?.has('size')).toBe(false));
  });

  it("uses the shopper's size for the brand the list is of, and keeps it through the next page", async () => {
    keepSizes('EU', {
      default: { system: 'EU', value: '44' },
      brands: { adidas: { system: 'EU', value: '44 2/3' } },
    });
    const { router, user } = renderCatalog('/home?brand=adidas');
    await user.click(await screen.findByRole('button', { name: 'In my size EU 44 2/3' }));
    await waitFor(() => expect(lastListQuery()?.get('size')).toBe('44 2/3'));
    expect(search(router).get('brand')).toBe('adidas');

    const pages = await screen.findByRole('navigation', { name: 'Catalogue pages' });
    await user.click(within(pages).getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(lastListQuery()?.get('page')).toBe('2'));
    expect(lastListQuery()?.get('size')).toBe('44 2/3');
    expect(lastListQuery()?.get('sizeSystem')).toBe('EU');
  });

  it('turns on from a shared address for a shopper without a size', async () => {
    const { router, user } = renderCatalog('/home?size=10&sizeSystem=UK');
    const toggle = await screen.findByRole('button', { name: 'In my size UK 10' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(lastListQuery()?.get('sizeSystem')).toBe('UK'));
    expect(screen.getByRole('button', { name: 'Remove filter In my size: UK 10' })).toBeInTheDocument();

    await user.click(toggle);
    await waitFor(() => expect(search(router).has('size')).toBe(false));
    // Off, and no size of their own: the switch now offers the form to give one.
    expect(screen.getByRole('button', { name: 'In my size' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('lets a shopper without a size give one (kept in the browser), then turns the filter on', async () => {
    const { router, user } = renderCatalog('/home?gender=men');
    const toggle = await screen.findByRole('button', { name: 'In my size' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const panel = screen.getByRole('region', { name: 'Your size' });
    await user.selectOptions(within(panel).getByLabelText('Size system'), 'EU');
    await user.type(within(panel).getByLabelText('My size (EU)'), '44');
    await user.click(within(panel).getByRole('button', { name: 'Remember my sizes' }));

    await waitFor(() => expect(search(router).get('size')).toBe('44'));
    expect(search(router).get('sizeSystem')).toBe('EU');
    expect(search(router).get('gender')).toBe('men');
    await waitFor(() => expect(lastListQuery()?.get('size')).toBe('44'));
    expect(screen.queryByRole('region', { name: 'Your size' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(SIZES_STORAGE_KEY) ?? '{}')).toEqual({
      system: 'EU',
      mySizes: { default: { system: 'EU', value: '44' }, brands: {} },
    });
  });

  it('keeps the empty state, with a way to turn the size filter off', async () => {
    empty = true;
    const { router, user } = renderCatalog('/home?size=44&sizeSystem=EU');
    expect(await screen.findByText(EMPTY_CATALOG_TEXT)).toBeInTheDocument();
    expect(screen.getByText(/Nothing here is in stock in EU 44/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off "In my size"' }));
    await waitFor(() => expect(search(router).has('size')).toBe(false));
  });
});
