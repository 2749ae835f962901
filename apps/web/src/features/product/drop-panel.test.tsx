import type { DropSummary, MyDropEntry } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rehydrateCart, useCartStore } from '../../lib/cart/cart-store';
import { DROP_ID, dropSummary } from '../../test/drop-fixtures';
import { AJ1, aj1Detail } from '../../test/fixtures';
import { type ApiCall, type ApiHandler, errorBody, mockApi } from '../../test/mock-api';
import { renderInRouter } from '../../test/render-routes';
import { ProductPage } from './product-page';

type Solved = { promise: Promise<{ number: number } | null> };
const solveChallenge = vi.fn(
  (..._args: unknown[]): Solved => ({ promise: Promise.resolve({ number: 4242 }) }),
);
vi.mock('altcha-lib', () => ({ solveChallenge: (...args: unknown[]) => solveChallenge(...args) }));

const ID = AJ1;
const DROP = DROP_ID;
const ENTRY = 'e1111111-1111-4111-8111-111111111111';

const shoe = aj1Detail({
  price: 180,
  release_date: '2030-01-31',
  stock: { '9': 2, '10': 1 },
});

const drop = (overrides: Partial<DropSummary> = {}) =>
  dropSummary({ commitment: 'ab'.repeat(32), ...overrides });

const entry = (overrides: Partial<MyDropEntry> = {}): MyDropEntry => ({
  id: ENTRY,
  size: '9',
  status: 'entered',
  rank: null,
  shipTo: null,
  holdUntil: null,
  orderId: null,
  createdAt: '2030-01-31T10:00:00.000Z',
  ...overrides,
});

const CHALLENGE = {
  algorithm: 'SHA-256',
  challenge: 'c0ffee',
  salt: 's4lt',
  maxnumber: 100000,
  signature: 'sig',
};

/** The product with its drop; `who` is signed in; `more` answers the drop's own calls. */
function shop(who: 'guest' | 'verified', theDrop: DropSummary, more: ApiHandler = () => undefined) {
  return mockApi((call) => {
    if (call.path === `/api/products/details/${ID}`) return { body: [shoe] };
    if (call.path === '/api/auth/get-session')
      return who === 'guest'
        ? { body: null }
        : { body: { user: { id: 'u1', email: 'a@b.c', emailVerified: true, username: 'a', role: 'user' } } };
    if (call.path === '/api/drops' && call.search.get('productId') === ID)
      return { body: { drops: [theDrop] } };
    if (call.path === `/api/drops/${DROP}/notify` && call.method === 'GET')
      return { body: { notify: false } };
    return more(call);
  });
}

const renderProduct = () =>
  renderInRouter(
    [
      { path: '/home/:id', element: <ProductPage /> },
      { path: '/cart', element: <p>cart page</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    `/home/${ID}`,
  ).router;

const panel = async () => screen.findByRole('region', { name: /Released by a fair draw|First come/ });
const posts = (calls: ApiCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

/** A verified shopper without an entry picks size 9 and enters the draw; the shop answers `refusal`. */
async function enterRefused(refusal: { status: number; body: unknown }) {
  shop('verified', drop(), (call) => {
    if (call.path === `/api/drops/${DROP}/entries/me`)
      return { status: 404, body: errorBody('NOT_FOUND', 'x') };
    if (call.path === `/api/drops/${DROP}/challenge`) return { body: CHALLENGE };
    return call.method === 'POST' ? refusal : undefined;
  });
  renderProduct();
  const user = userEvent.setup();
  const region = await panel();
  await user.click(await within(region).findByRole('radio', { name: /^9/ }));
  await user.click(within(region).getByRole('button', { name: 'Enter the draw' }));
  return region;
}

beforeEach(() => {
  localStorage.clear();
  rehydrateCart();
  solveChallenge.mockClear();
  solveChallenge.mockImplementation(() => ({ promise: Promise.resolve({ number: 4242 }) }));
});

describe('the drop panel on the product page', () => {
  it('replaces the sizes and Add to cart; a scheduled draw says when the entry opens', async () => {
    shop('guest', drop({ state: 'scheduled' }));
    renderProduct();
    const region = await panel();
    expect(within(region).getByText(/The entry opens/)).toBeInTheDocument();
    expect(within(region).getByText('Entry opens in')).toBeInTheDocument();
    expect(within(region).getByRole('timer')).toBeInTheDocument();
    expect(within(region).getByText('Release').nextSibling).toHaveTextContent(/2030/);
    expect(screen.queryByRole('button', { name: /Add to cart/ })).not.toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'How this drop works' })).toHaveAttribute(
      'href',
      `/drops/${DROP}`,
    );
  });

  it('asks a guest to log in for Notify me', async () => {
    shop('guest', drop({ state: 'scheduled' }));
    renderProduct();
    await userEvent.setup().click(within(await panel()).getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('dialog', { name: /logged in to be told/ })).toBeInTheDocument();
  });

  it('turns Notify me on for a signed-in shopper', async () => {
    const { calls } = shop('verified', drop({ state: 'scheduled' }), (call) =>
      call.method === 'POST' && call.path === `/api/drops/${DROP}/notify`
        ? { body: { notify: true } }
        : undefined,
    );
    renderProduct();
    const button = within(await panel()).getByRole('button', { name: 'Notify me' });
    await userEvent.setup().click(button);
    expect(await screen.findByRole('button', { name: 'Notifying you' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(posts(calls, `/api/drops/${DROP}/notify`)).toHaveLength(1);
  });

  it('enters the draw: solves the proof of work, sends it with the size, then shows the entry', async () => {
    let entered = false;
    const { calls } = shop('verified', drop(), (call) => {
      if (call.path === `/api/drops/${DROP}/entries/me`)
        return entered ? { body: entry() } : { status: 404, body: errorBody('NOT_FOUND', 'No entry') };
      if (call.path === `/api/drops/${DROP}/challenge`) return { body: CHALLENGE };
      if (call.method === 'POST' && call.path === `/api/drops/${DROP}/entries`) {
        entered = true;
        return { status: 201, body: { id: ENTRY, size: '9' } };
      }
      return undefined;
    });
    renderProduct();
    const user = userEvent.setup();
    const region = await panel();
    const enter = await within(region).findByRole('button', { name: 'Enter the draw' });
    expect(enter).toBeDisabled();
    await user.click(within(region).getByRole('radio', { name: /^9/ }));
    await user.click(enter);
    expect(await within(region).findByText(/You're in: entry/)).toHaveTextContent(
      `You're in: entry ${ENTRY}, size 9.`,
    );
    // The search is made part by part (its first part holds the answer here).
    expect(solveChallenge).toHaveBeenCalledWith('c0ffee', 's4lt', 'SHA-256', 5000, 0);
    const [post] = posts(calls, `/api/drops/${DROP}/entries`);
    const body = post?.body as { size: string; proof: string };
    expect(body.size).toBe('9');
    expect(JSON.parse(atob(body.proof))).toEqual({
      algorithm: 'SHA-256',
      challenge: 'c0ffee',
      number: 4242,
      salt: 's4lt',
      signature: 'sig',
    });
    expect(within(region).getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  });

  it('shows how far the puzzle is while it is solved', async () => {
    let finish: (solution: { number: number }) => void = () => {};
    solveChallenge.mockImplementation((...args: unknown[]) => {
      const start = args[4] as number;
      if (start < 15_003) return { promise: Promise.resolve(null) };
      return { promise: new Promise((resolve) => (finish = resolve)) };
    });
    let entered = false;
    shop('verified', drop(), (call) => {
      if (call.path === `/api/drops/${DROP}/entries/me`)
        return entered ? { body: entry() } : { status: 404, body: errorBody('NOT_FOUND', 'No entry') };
      if (call.path === `/api/drops/${DROP}/challenge`) return { body: CHALLENGE };
      if (call.method === 'POST' && call.path === `/api/drops/${DROP}/entries`) {
        entered = true;
        return { status: 201, body: { id: ENTRY, size: '9' } };
      }
      return undefined;
    });
    renderProduct();
    const user = userEvent.setup();
    const region = await panel();
    await user.click(await within(region).findByRole('radio', { name: /^9/ }));
    await user.click(within(region).getByRole('button', { name: 'Enter the draw' }));
    expect(await within(region).findByRole('button', { name: 'Checking… 15%' })).toBeDisabled();
    expect(within(region).getByRole('progressbar', { name: 'Puzzle solved' })).toHaveValue(15);
    finish({ number: 16_000 });
    expect(await within(region).findByText(/You're in: entry/)).toBeInTheDocument();
  });

  it('fetches a new challenge and retries once when the proof is refused', async () => {
    let tries = 0;
    const { calls } = shop('verified', drop(), (call) => {
      if (call.path === `/api/drops/${DROP}/entries/me`)
        return tries === 2
          ? { body: entry({ size: '10' }) }
          : { status: 404, body: errorBody('NOT_FOUND', 'x') };
      if (call.path === `/api/drops/${DROP}/challenge`) return { body: CHALLENGE };
      if (call.method === 'POST' && call.path === `/api/drops/${DROP}/entries`) {
        tries++;
        return tries === 1
          ? { status: 400, body: errorBody('PROOF_INVALID', 'The check expired') }
          : { status: 201, body: { id: ENTRY, size: '10' } };
      }
      return undefined;
    });
    renderProduct();
    const user = userEvent.setup();
    const region = await panel();
    await user.click(await within(region).findByRole('radio', { name: /^10/ }));
    await user.click(within(region).getByRole('button', { name: 'Enter the draw' }));
    expect(await within(region).findByText(/You're in: entry/)).toHaveTextContent('size 10');
    expect(calls.filter((call) => call.path === `/api/drops/${DROP}/challenge`)).toHaveLength(2);
    expect(solveChallenge).toHaveBeenCalledTimes(2);
  });

  it('links to the profile when it lacks the address or phone', async () => {
    const region = await enterRefused({
      status: 400,
      body: errorBody('VALIDATION_ERROR', 'Invalid', { profile: 'needs a shipping address and a phone' }),
    });
    expect(
      await within(region).findByText('Your profile needs a shipping address and a phone.'),
    ).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Complete your profile' })).toHaveAttribute(
      'href',
      '/account/profile',
    );
  });

  it('shows the message of an entry refused as already made', async () => {
    const region = await enterRefused({
      status: 409,
      body: errorBody('ALREADY_ENTERED', 'Another account at this address has entered'),
    });
    expect(
      await within(region).findByText('Another account at this address has entered'),
    ).toBeInTheDocument();
  });

  it('a winner buys exactly the won size, one pair, and goes to the cart', async () => {
    useCartStore
      .getState()
      .add({ id: ID, name: shoe.name, description: '', img: '', size: '10', price: 180, count: 1 });
    shop('verified', drop({ state: 'drawn', drawnAt: '2030-01-31T17:00:00.000Z' }), (call) => {
      if (call.path === `/api/drops/${DROP}/entries/me`)
        return { body: entry({ status: 'won', rank: 1, holdUntil: '2030-01-31T18:30:00.000Z' }) };
      if (call.path === `/api/drops/${DROP}`)
        return { body: { ...drop({ state: 'drawn' }), seed: null, entries: null, winners: null } };
      return undefined;
    });
    const router = renderProduct();
    const region = await panel();
    expect(await within(region).findByText(/You won a pair in size 9 — pay before/)).toBeInTheDocument();
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Buy size 9' }));
    expect(await screen.findByText('cart page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
    expect(useCartStore.getState().items).toMatchObject([{ id: ID, size: '9', count: 1 }]);
  });

  it('tells a shopper not picked their place on the waiting list', async () => {
    shop('verified', drop({ state: 'drawn' }), (call) => {
      if (call.path === `/api/drops/${DROP}/entries/me`)
        return { body: entry({ status: 'waiting', rank: 4 }) };
      if (call.path === `/api/drops/${DROP}`)
        return {
          body: { ...drop({ state: 'drawn' }), seed: 'x', entries: {}, winners: { '9': ['w1', 'w2'] } },
        };
      return undefined;
    });
    renderProduct();
    const region = await panel();
    expect(
      await within(region).findByText(
        "Not picked this time — you're number 2 on the waiting list for size 9; we'll e-mail you if a pair comes free.",
      ),
    ).toBeInTheDocument();
    expect(
      within(region).getByRole('link', { name: 'See the draw and check it yourself' }),
    ).toBeInTheDocument();
  });

  it('a first-come drop open for the waiting room leads into it', async () => {
    shop(
      'guest',
      drop({
        mode: 'queue',
        state: 'pre_queue',
        entryOpensAt: null,
        entryClosesAt: null,
        preQueueOpensAt: '2030-01-31T17:45:00.000Z',
        admissionPerMinute: 60,
      }),
    );
    renderProduct();
    const region = await panel();
    expect(within(region).getByRole('link', { name: 'Join the waiting room' })).toHaveAttribute(
      'href',
      `/drops/${DROP}/queue`,
    );
    expect(within(region).getByText(/arriving earlier doesn't help or hurt/)).toBeInTheDocument();
  });
});
