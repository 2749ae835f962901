import {
  type ProductDetail,
  type ProductFit,
  type ProductSize,
  type SizeChart,
  STOCK_ALERT_MESSAGES,
} from '@shop/contracts';
import { NO_FIT } from '@shop/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { rehydrateSizes, SIZES_STORAGE_KEY } from '../../lib/sizes';
import { DROP_ID, dropSummary } from '../../test/drop-fixtures';
import { AJ1, aj1Detail, dashboardFixture, reviewFixture, UID } from '../../test/fixtures';
import { type ApiCall, type ApiHandler, mockApi } from '../../test/mock-api';
import { renderInRouter } from '../../test/render-routes';
import { NOTIFY_TOGGLE_TEXT } from './back-in-stock';
import { FIT_TITLE } from './product-fit';
import { ProductPage } from './product-page';

/** The product page in the shopper's size system, with their size, and how buyers say it fits (issue 39). */

const ID = AJ1;

/** Nike's men's chart, the part of it these tests use. */
const ROWS = [
  { key: '8.5', US: '8.5', UK: '7.5', EU: '42', CM: '26.5', JP: '265' },
  { key: '9', US: '9', UK: '8', EU: '42.5', CM: '27', JP: '270' },
  { key: '9.5', US: '9.5', UK: '8.5', EU: '43', CM: '27.5', JP: '275' },
  { key: '10', US: '10', UK: '9', EU: '44', CM: '28', JP: '280' },
  { key: '10.5', US: '10.5', UK: '9.5', EU: '44.5', CM: '28.5', JP: '285' },
  { key: '12', US: '12', UK: '11', EU: '46', CM: '30', JP: '300' },
];
const CHART: SizeChart = {
  brand: 'nike',
  gender: 'men',
  systems: ['US', 'UK', 'EU', 'CM', 'JP'],
  rows: ROWS,
  source: "Nike's chart",
  edited: false,
};

/** The product's sizes as its page gives them: the chart's labels and whether a unit is in stock. */
function sizesOf(stock: Record<string, number>): ProductSize[] {
  return Object.entries(stock)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([key, units]) => {
      const { UK, EU, CM, JP } = ROWS.find((row) => row.key === key) ?? {};
      return {
        key,
        US: key,
        UK: UK ?? null,
        EU: EU ?? null,
        CM: CM ?? null,
        JP: JP ?? null,
        available: units > 0,
      };
    });
}

function shoeWith(stock: Record<string, number>, overrides: Partial<ProductDetail> = {}) {
  return aj1Detail({ brand: 'nike', gender: ['men'], stock, sizes: sizesOf(stock), ...overrides });
}

const FIT: ProductFit = {
  small: 3,
  true: 1,
  large: 1,
  answers: 5,
  advice: 'Most buyers say it runs small: consider half a size up',
  bySize: [
    { key: '9', small: 2, true: 0, large: 1 },
    { key: '10', small: 1, true: 1, large: 0 },
  ],
  exchangedUp: 1,
  exchangedDown: 0,
  bought: 4,
  exchangeNote: '1 in 4 buyers exchanged this model for half a size up',
};

const session = {
  user: { id: UID, email: 'demo@shop.test', emailVerified: true, username: 'demo_user', role: 'user' },
};

/** The product, Nike's chart and the session (a guest unless `signedIn`); `more` answers the rest. */
function shop(shoe: ProductDetail, { signedIn = false, more = (() => undefined) as ApiHandler } = {}) {
  return mockApi((call) => {
    if (call.path === `/api/products/details/${ID}`) return { body: [shoe] };
    if (call.path === '/api/size-charts') return { body: CHART };
    if (call.path === '/api/auth/get-session') return { body: signedIn ? session : null };
    return more(call);
  });
}

/** What a guest's browser keeps: their system and their size. */
function guestKeeps(system: string | null, size?: { system: string; value: string }) {
  localStorage.setItem(
    SIZES_STORAGE_KEY,
    JSON.stringify({ system, mySizes: size ? { default: size, brands: {} } : null }),
  );
  rehydrateSizes();
}

const renderProduct = () =>
  renderInRouter(
    [
      { path: '/home/:id', element: <ProductPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    `/home/${ID}`,
  );

const sizeGroup = () => screen.findByRole('group', { name: /Select size/ });
const posts = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

beforeEach(() => {
  localStorage.clear();
  rehydrateSizes();
});

describe('sizes in the shopper’s system', () => {
  it('shows US sizes first, then the system chosen, with the US key under each size, and remembers it', async () => {
    shop(shoeWith({ '9': 2, '10': 4, '12': 0 }));
    renderProduct();
    const user = userEvent.setup();
    const group = await sizeGroup();
    expect(group).toHaveAccessibleName('Select size (US)');
    expect(within(group).getByRole('radio', { name: '10' })).toBeEnabled();

    const systems = screen.getByRole('group', { name: 'Show sizes in' });
    expect(
      within(systems)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['US', 'UK', 'EU', 'CM']);
    expect(within(systems).getByRole('radio', { name: 'US' })).toBeChecked();
    await user.click(within(systems).getByRole('radio', { name: 'EU' }));

    expect(group).toHaveAccessibleName('Select size (EU)');
    const ten = within(group).getByRole('radio', { name: 'EU 44 (US 10)' });
    const tile = document.querySelector(`label[for="${ten.id}"]`);
    expect(tile).toHaveTextContent(/^44US 10$/);
    expect(within(group).getByRole('radio', { name: 'EU 46 (US 12), sold out' })).toBeDisabled();
    expect(JSON.parse(localStorage.getItem(SIZES_STORAGE_KEY) ?? '{}')).toMatchObject({ system: 'EU' });

    // The sold-out sizes' alerts name them in the same system.
    await user.click(screen.getByRole('button', { name: NOTIFY_TOGGLE_TEXT }));
    expect(
      screen.getByRole('button', { name: 'Notify me when size EU 46 (US 12) is back' }),
    ).toBeInTheDocument();

    await user.click(within(systems).getByRole('radio', { name: 'UK' }));
    expect(group).toHaveAccessibleName('Select size (UK)');
    expect(within(group).getByRole('radio', { name: 'UK 9 (US 10)' })).toBeEnabled();
  });

  it('opens in the system the shopper chose before, and keeps a signed-in shopper’s choice in the profile', async () => {
    const { calls } = shop(shoeWith({ '9': 2, '10': 4 }), {
      signedIn: true,
      more: (call) => {
        if (call.path === `/api/users/dashboard/${UID}`)
          return { body: [dashboardFixture({ sizeSystem: 'UK' })] };
        if (call.path === `/api/users/update/${UID}`)
          return { body: [dashboardFixture({ sizeSystem: (call.body as { sizeSystem: 'CM' }).sizeSystem })] };
        if (call.path === '/api/stock-alerts') return { body: [] };
        return undefined;
      },
    });
    renderProduct();
    const user = userEvent.setup();
    const group = await sizeGroup();
    await waitFor(() => expect(group).toHaveAccessibleName('Select size (UK)'));
    await user.click(screen.getByRole('radio', { name: 'CM' }));
    await waitFor(() => expect(group).toHaveAccessibleName('Select size (CM)'));
    expect(within(group).getByRole('radio', { name: 'CM 28 (US 10)' })).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/api/users/update/${UID}`,
        body: { sizeSystem: 'CM' },
      }),
    ]);
  });
});

describe('my size on the product page', () => {
  it('preselects the shopper’s size when it is in stock, and says so', async () => {
    guestKeeps('EU', { system: 'EU', value: '44' });
    shop(shoeWith({ '9': 2, '10': 4, '12': 0 }));
    renderProduct();
    const group = await sizeGroup();
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'EU 44 (US 10)' })).toBeChecked());
    expect(screen.getByText(/Your size, EU 44, is selected\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Add to cart/ })).toBeEnabled();
  });

  it('moves to the key that fits a model that runs half a size large', async () => {
    guestKeeps('US', { system: 'EU', value: '44' });
    shop(shoeWith({ '9.5': 2, '10': 4 }, { sizeShift: 1 }));
    renderProduct();
    const group = await sizeGroup();
    await waitFor(() => expect(within(group).getByRole('radio', { name: '9.5' })).toBeChecked());
    // Their size is said in the system they read: EU 44 is a US 10 on Nike's chart.
    expect(screen.getByText(/Your size, US 10, is selected\./)).toBeInTheDocument();
  });

  it('leaves a size the shopper chose first alone', async () => {
    guestKeeps('US', { system: 'US', value: '10' });
    // The chart answers only once the shopper has chosen.
    let release: () => void = () => {};
    const chartAnswered = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi(async (call) => {
      if (call.path === '/api/size-charts') {
        await chartAnswered;
        return { body: CHART };
      }
      if (call.path === `/api/products/details/${ID}`) return { body: [shoeWith({ '9': 2, '10': 4 })] };
      if (call.path === '/api/auth/get-session') return { body: null };
      return undefined;
    });
    renderProduct();
    const user = userEvent.setup();
    const group = await sizeGroup();
    await user.click(within(group).getByRole('radio', { name: '9' }));
    release();
    expect(await screen.findByRole('button', { name: 'Select it' })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: '9' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '10' })).not.toBeChecked();
  });

  it('says when the shopper’s size is sold out, offers its alert first, and asks for it in one tap', async () => {
    guestKeeps('EU', { system: 'EU', value: '44' });
    const { calls } = shop(shoeWith({ '9': 2, '10': 0, '12': 0 }), {
      signedIn: true,
      more: (call) => {
        if (call.path === `/api/users/dashboard/${UID}`)
          return { body: [dashboardFixture({ sizeSystem: 'EU' })] };
        if (call.path === '/api/stock-alerts' && call.method === 'GET') return { body: [] };
        if (call.path === '/api/stock-alerts' && call.method === 'POST')
          return {
            status: 201,
            body: {
              _id: 'a1111111-1111-4111-8111-111111111111',
              size: '10',
              createdAt: '2026-05-01T10:00:00.000Z',
              product: { _id: ID, name: 'Air Jordan 1 Mid XQ', brand: 'nike', card_picture: '/x.webp' },
            },
          };
        return undefined;
      },
    });
    renderProduct();
    const user = userEvent.setup();
    const line = await screen.findByText(/Your size EU 44 is sold out:/);
    expect(within(await sizeGroup()).queryByRole('radio', { checked: true })).toBeNull();
    await user.click(within(line).getByRole('button', { name: 'get an alert' }));
    await waitFor(() =>
      expect(posts(calls)).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/api/stock-alerts',
          body: { productId: ID, size: '10' },
        }),
      ]),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Size EU 44 (US 10): ${STOCK_ALERT_MESSAGES.CREATED}.`,
    );
    // The panel opened, the shopper's size first and marked.
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Size EU 44 (US 10)Your size'),
      expect.stringContaining('Size EU 46 (US 12)'),
    ]);
  });

  it('lets a shopper without a size save the chosen one as theirs, in the system they read', async () => {
    guestKeeps('EU');
    shop(shoeWith({ '9': 2, '10': 4 }));
    renderProduct();
    const user = userEvent.setup();
    const group = await sizeGroup();
    await waitFor(() => expect(group).toHaveAccessibleName('Select size (EU)'));
    expect(screen.queryByRole('button', { name: /as my size/ })).toBeNull();
    await user.click(within(group).getByRole('radio', { name: 'EU 44 (US 10)' }));
    await user.click(screen.getByRole('button', { name: 'Save EU 44 as my size' }));
    expect(await screen.findByText(/Your size, EU 44, is selected\./)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(SIZES_STORAGE_KEY) ?? '{}')).toEqual({
      system: 'EU',
      mySizes: { default: { system: 'EU', value: '44' }, brands: {} },
    });
  });

  it('offers the shopper’s size first in a draw', async () => {
    guestKeeps('EU', { system: 'EU', value: '44' });
    shop(shoeWith({ '9': 2, '10': 1 }), {
      more: (call) => {
        if (call.path === '/api/drops' && call.search.get('productId') === ID)
          return { body: { drops: [dropSummary({ commitment: 'ab'.repeat(32) })] } };
        if (call.path === `/api/drops/${DROP_ID}/notify`) return { body: { notify: false } };
        return undefined;
      },
    });
    renderProduct();
    const group = await screen.findByRole('group', { name: /Choose your size/ });
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'EU 44 (US 10)' })).toBeChecked());
    expect(screen.getByRole('button', { name: 'Enter the draw' })).toBeEnabled();
  });
});

describe('how it fits, from buyers', () => {
  it('shows the answers, the advice, the exchanges and the answers by size once five buyers answered', async () => {
    guestKeeps('EU');
    shop(shoeWith({ '9': 2, '10': 4 }, { fit: FIT }));
    renderProduct();
    const user = userEvent.setup();
    const fit = await screen.findByRole('region', { name: FIT_TITLE });
    expect(fit).toHaveTextContent('From 5 buyers who reviewed it');
    expect(
      within(fit)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Runs small3 of 5', 'True to size1 of 5', 'Runs large1 of 5']);
    expect(fit).toHaveTextContent('Most buyers say it runs small: consider half a size up');
    expect(fit).toHaveTextContent('1 in 4 buyers exchanged this model for half a size up');
    await user.click(within(fit).getByText('By the size they bought'));
    const table = within(fit).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'EU 44 (US 10)' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]?.querySelectorAll('td')).toHaveLength(3);
  });

  it('says nothing of the fit below five answers', async () => {
    shop(shoeWith({ '9': 2 }, { fit: { ...NO_FIT, answers: 4 } }));
    renderProduct();
    await sizeGroup();
    expect(screen.queryByRole('region', { name: FIT_TITLE })).toBeNull();
    expect(screen.queryByText(/Runs small/)).toBeNull();
  });

  it('tells a signed-in shopper the size buyers like them kept', async () => {
    guestKeeps('EU');
    const basis = aj1Detail({
      _id: '55555555-5555-4555-8555-555555555555',
      name: 'Air Force 1',
      stock: { '10': 1 },
      sizes: sizesOf({ '10': 1 }),
    });
    shop(shoeWith({ '10': 2, '10.5': 3 }), {
      signedIn: true,
      more: (call) => {
        if (call.path === `/api/users/dashboard/${UID}`)
          return { body: [dashboardFixture({ sizeSystem: 'EU' })] };
        if (call.path === '/api/stock-alerts') return { body: [] };
        if (call.path === `/api/products/${ID}/size-advice`)
          return {
            body: {
              size: '10.5',
              basis: { productId: basis._id, name: 'Air Force 1', size: '10' },
              buyers: 6,
            },
          };
        if (call.path === `/api/products/details/${basis._id}`) return { body: [basis] };
        return undefined;
      },
    });
    renderProduct();
    const fit = await screen.findByRole('region', { name: FIT_TITLE });
    await waitFor(() =>
      expect(fit).toHaveTextContent(
        'You kept EU 44 in Air Force 1. Buyers who kept EU 44 in Air Force 1 mostly kept EU 44.5 in this model.',
      ),
    );
  });

  it('shows each review’s fit answer and the size its writer bought', async () => {
    shop(
      shoeWith(
        { '9': 2 },
        {
          reviews: [
            reviewFixture({ fit: 'small', sizeBought: '10', description: 'Snug.' }),
            reviewFixture({
              _id: '66666666-6666-4666-8666-666666666666',
              fit: null,
              sizeBought: null,
              description: 'Nice.',
            }),
          ],
        },
      ),
    );
    renderProduct();
    const reviews = await screen.findAllByRole('listitem');
    const snug = reviews.find((item) => item.textContent?.includes('Snug.'));
    expect(snug).toHaveTextContent('Fit: runs small · Bought US 10');
    const nice = reviews.find((item) => item.textContent?.includes('Nice.'));
    expect(nice).not.toHaveTextContent(/Fit:|Bought/);
  });
});
