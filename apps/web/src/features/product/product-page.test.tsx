import { CART_STORAGE_KEY, type ProductDetail } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rehydrateCart, useCartStore } from '../../lib/cart/cart-store';
import { descriptionText } from '../../lib/description-html';
import { setShopTax } from '../../lib/shop-tax';
import { AJ1, aj1Detail } from '../../test/fixtures';
import { HOSTILE_DESCRIPTION } from '../../test/hostile-description';
import { renderInRouter } from '../../test/render-routes';
import { ADDED_TITLE, DUPLICATE_TITLE } from './added-to-cart-modal';
import { NO_REVIEWS_TEXT, ProductPage } from './product-page';

const ID = AJ1;
let shoe: ProductDetail;
const plainShoe = aj1Detail({
  description:
    '<p>Only <strong>240 pairs</strong>.</p><img src=x onerror="alert(1)"><script>alert(2)</script>',
  gender: ['men', 'unisex'],
  stock: { '10': 250, '8.5': 0, '9': 4, '12': 0, '6.5': 1 },
});

let status = 200;
beforeEach(() => {
  status = 200;
  shoe = plainShoe;
  localStorage.clear();
  rehydrateCart();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (status !== 200) {
        return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Product not found' } }), {
          status,
        });
      }
      if (url.endsWith(`/api/products/details/${ID}`))
        return new Response(JSON.stringify([shoe]), { status: 200 });
      return new Response('{}', { status: 500 });
    }),
  );
});

const renderProduct = (id = ID) =>
  renderInRouter(
    [
      { path: '/home', element: <p>catalogue</p> },
      { path: '/home/:id', element: <ProductPage /> },
      { path: '/cart', element: <p>cart page</p> },
    ],
    `/home/${id}`,
  ).router;

describe('ProductPage', () => {
  it('shows a sale price: the compare-at price struck through, the price and the saving', async () => {
    shoe = { ...plainShoe, price: 120, compareAtPrice: 150 };
    renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Air Jordan 1 Mid XQ' });
    expect(screen.getByText('was $150.00, now $120.00, save $30.00')).toHaveClass('visually-hidden');
    expect(screen.getByText('$150.00').tagName).toBe('S');
    expect(screen.getByText('Save $30.00')).toBeInTheDocument();
  });

  it('writes the lowest price of the last 30 days under a reduction once the price has changed', async () => {
    shoe = { ...plainShoe, price: 120, compareAtPrice: 150, priorPrice: 140 };
    renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Air Jordan 1 Mid XQ' });
    expect(screen.getByText('Lowest price in the last 30 days: $140.00')).toBeVisible();
  });

  it('shows the product facts, a sanitised description and the empty reviews text', async () => {
    renderProduct();
    expect(await screen.findByRole('heading', { level: 1, name: 'Air Jordan 1 Mid XQ' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Air Jordan 1 Mid XQ' })).toHaveAttribute(
      'src',
      '/uploads/aj1-detail.webp',
    );
    expect(screen.getByText('nike')).toBeInTheDocument();
    expect(screen.getByText('Men')).toBeInTheDocument();
    expect(screen.getByText('Basketball')).toBeInTheDocument();
    expect(screen.getByText('$129.99')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('240 pairs').tagName).toBe('STRONG');
    expect(
      document.querySelector('.product__description-body img, .product__description-body script'),
    ).toBeNull();
    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
    expect(screen.getByText(NO_REVIEWS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to products/ })).toHaveAttribute('href', '/home');
  });

  it('renders a description written straight to the database without anything that runs', async () => {
    shoe = { ...plainShoe, description: HOSTILE_DESCRIPTION };
    renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Air Jordan 1 Mid XQ' });
    const body = document.querySelector('.product__description-body');
    expect(body?.firstElementChild?.outerHTML).toBe('<p>Fine <strong>leather</strong> &amp; suede.</p>');
    expect(body?.lastElementChild?.outerHTML).toBe('<p>After all, a shoe.</p>');
    const basic = new Set([
      'P',
      'BR',
      'STRONG',
      'B',
      'EM',
      'I',
      'U',
      'S',
      'UL',
      'OL',
      'LI',
      'H3',
      'H4',
      'H5',
    ]);
    for (const element of body?.querySelectorAll('*') ?? []) {
      expect(basic, element.outerHTML).toContain(element.tagName);
      expect(element.attributes, element.outerHTML).toHaveLength(0);
    }
    expect(body?.querySelector('script, iframe, style, svg, math, img, object, embed, form')).toBeNull();
    expect(document.querySelector('script, iframe, base')).toBeNull();
    // The only <meta> tags are the page's own card (features/product/product-head), none of the description's.
    for (const meta of document.querySelectorAll('meta')) {
      expect(meta.parentElement, meta.outerHTML).toBe(document.head);
      expect(meta.hasAttribute('http-equiv'), meta.outerHTML).toBe(false);
      expect(meta.getAttribute('property') ?? meta.getAttribute('name'), meta.outerHTML).toMatch(
        /^(og|twitter|product):/,
      );
    }
    expect((window as { pwned?: unknown }).pwned).toBeUndefined();
  });

  it("lists the product's reviews with author, stars, date and comment", async () => {
    shoe = {
      ...plainShoe,
      reviews: [
        {
          _id: '33333333-3333-4333-8333-333333333333',
          user: { _id: '44444444-4444-4444-8444-444444444444', username: 'court_king', image: '' },
          rating: 5,
          description: 'Fits true to size, <b>great</b> grip.',
          fit: null,
          sizeBought: null,
          date: '2026-11-02T10:00:00.000Z',
        },
      ],
    };
    renderProduct();
    const review = await screen.findByRole('listitem');
    expect(within(review).getByText('court_king')).toBeInTheDocument();
    expect(within(review).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(review).getByText('2026-11-02')).toBeInTheDocument();
    // A comment is text, never markup.
    expect(within(review).getByText('Fits true to size, <b>great</b> grip.')).toBeInTheDocument();
    expect(screen.queryByText(NO_REVIEWS_TEXT)).not.toBeInTheDocument();
  });

  it('lists sizes numerically, sold-out sizes disabled and announced', async () => {
    renderProduct();
    const group = await screen.findByRole('group', { name: /Select size/ });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual(['6.5', '8.5', '9', '10', '12']);
    expect(within(group).getByRole('radio', { name: '8.5, sold out' })).toBeDisabled();
    expect(within(group).getByRole('radio', { name: '12, sold out' })).toBeDisabled();
    expect(within(group).getByRole('radio', { name: '9' })).toBeEnabled();
  });

  it('shows the count selector only after a size is chosen, offering 1 to the stock capped at 100', async () => {
    renderProduct();
    const user = userEvent.setup();
    const add = await screen.findByRole('button', { name: /Add to cart/ });
    expect(add).toBeDisabled();
    expect(screen.queryByLabelText('Quantity')).toBeNull();

    await user.click(screen.getByRole('radio', { name: '9' }));
    const count = screen.getByLabelText('Quantity');
    expect(
      within(count)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2', '3', '4']);
    expect(add).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: '10' }));
    const options = within(screen.getByLabelText('Quantity')).getAllByRole('option');
    expect(options).toHaveLength(100);
    expect(options.at(-1)).toHaveTextContent('100');

    await user.click(screen.getByRole('radio', { name: '6.5' }));
    expect(within(screen.getByLabelText('Quantity')).getAllByRole('option')).toHaveLength(1);
  });

  it('adds to the cart and shows the added modal, then the duplicate modal without changing the cart', async () => {
    useCartStore.getState().add({
      id: 'other',
      name: 'Other shoe',
      description: '',
      img: '/uploads/other.webp',
      size: '7',
      price: 50,
      count: 1,
    });
    renderProduct();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: '9' }));
    await user.selectOptions(screen.getByLabelText('Quantity'), '2');
    await user.click(screen.getByRole('button', { name: /Add to cart/ }));

    const dialog = await screen.findByRole('dialog', { name: ADDED_TITLE });
    // Once as the added line, once in the strip of cart items.
    expect(within(dialog).getAllByText('Air Jordan 1 Mid XQ')).toHaveLength(2);
    expect(within(dialog).getByText('Other shoe')).toBeInTheDocument();
    expect(within(dialog).getByText('Size 9 · Quantity 2')).toBeInTheDocument();
    expect(within(dialog).getByText('$259.98')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'In your cart (2 items)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');

    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
    expect(stored).toHaveLength(2);
    expect(stored[1]).toEqual({
      id: ID,
      name: 'Air Jordan 1 Mid XQ',
      description: 'Only 240 pairs.',
      img: '/uploads/aj1-card.webp',
      size: '9',
      idAux: `${ID}9`,
      price: 129.99,
      count: 2,
      totalPrice: 259.98,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Keep shopping' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Same id + size again (it is the second cart entry, not the first): nothing changes.
    await user.selectOptions(screen.getByLabelText('Quantity'), '3');
    await user.click(screen.getByRole('button', { name: /Add to cart/ }));
    const duplicate = await screen.findByRole('dialog', { name: DUPLICATE_TITLE });
    expect(within(duplicate).getByText('Size 9 · Quantity 2')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toEqual(stored);
  });

  it('"Go to cart" opens the cart', async () => {
    const router = renderProduct();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: '10' }));
    await user.click(screen.getByRole('button', { name: /Add to cart/ }));
    const dialog = await screen.findByRole('dialog', { name: ADDED_TITLE });
    await user.click(within(dialog).getByRole('link', { name: 'Go to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });

  it('an unknown product shows a not-found message with a link to the catalogue', async () => {
    status = 404;
    renderProduct('22222222-2222-4222-8222-222222222222');
    expect(await screen.findByRole('heading', { name: "We couldn't find this sneaker" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/home');
  });

  it('shows a loading placeholder while fetching', async () => {
    renderProduct();
    expect(screen.getByRole('status')).toHaveTextContent('Loading product…');
    await screen.findByRole('heading', { level: 1 });
  });
});

describe('descriptionText', () => {
  it('reads as plain text for the cart line, one space between blocks', () => {
    expect(descriptionText('<p>One</p><ul><li>Two</li><li>Three<br>Four</li></ul><script>x()</script>')).toBe(
      'One Two Three Four',
    );
  });
});

describe('ProductPage tax note', () => {
  afterEach(() => setShopTax(null));
  const note = async () => {
    await screen.findByRole('heading', { level: 1, name: 'Air Jordan 1 Mid XQ' });
    return screen.queryByTestId('tax-note');
  };

  it('says "incl. VAT" under the price when an EU shop collects VAT in its prices', async () => {
    setShopTax({ pricesIncludeTax: true, homeCountry: 'FR', homeRegion: '', collects: true });
    renderProduct();
    expect(await note()).toHaveTextContent(/^incl\. VAT$/);
  });

  it('says "incl. tax" for a shop outside the EU and the UK whose prices include tax', async () => {
    setShopTax({ pricesIncludeTax: true, homeCountry: 'AU', homeRegion: '', collects: true });
    renderProduct();
    expect(await note()).toHaveTextContent(/^incl\. tax$/);
  });

  it('says "excl. tax" when tax is added to the prices (the US way)', async () => {
    setShopTax({ pricesIncludeTax: false, homeCountry: 'US', homeRegion: 'CA', collects: true });
    renderProduct();
    expect(await note()).toHaveTextContent(/^excl\. tax$/);
  });

  it('says nothing of tax in a shop registered nowhere (a fresh shop), nor before the settings are known', async () => {
    setShopTax({ pricesIncludeTax: false, homeCountry: 'US', homeRegion: '', collects: false });
    renderProduct();
    expect(await note()).toBeNull();
    expect(screen.queryByText(/excl\. tax|incl\./)).toBeNull();
  });
});
