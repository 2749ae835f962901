import type { StockAlert, UserDashboard } from '@shop/contracts';
import { STOCK_ALERT_MESSAGES } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { myDrop } from '../../test/drop-fixtures';
import { AJ1, aj1Detail, DUNK, dashboardFixture, UID } from '../../test/fixtures';
import { type ApiCall, type ApiHandler, errorBody, mockApi } from '../../test/mock-api';
import { renderInRouter } from '../../test/render-routes';
import { NOTIFY_TOGGLE_TEXT, waitingText } from './back-in-stock';
import { ProductPage } from './product-page';

/** The product page's parts that need an account: the favourite heart and the back-in-stock alerts. */

const ID = AJ1;
const OTHER = DUNK;
const ALERT_12 = 'a1111111-1111-4111-8111-111111111111';

const shoe = aj1Detail({
  description: '<p>Only <strong>240 pairs</strong>.</p>',
  stock: { '10': 250, '8.5': 0, '9': 4, '12': 0 },
});

const session = (emailVerified: boolean) => ({
  user: { id: UID, email: 'demo@shop.test', emailVerified, username: 'demo_user', role: 'user' },
});

function dashboard(favourites: string[]): UserDashboard {
  return dashboardFixture({ favourites });
}

const alert = (id: string, productId: string, size: string): StockAlert => ({
  _id: id,
  size,
  createdAt: '2026-05-01T10:00:00.000Z',
  product: {
    _id: productId,
    name: 'A shoe',
    brand: 'nike',
    gender: ['men'],
    card_picture: '/uploads/x.webp',
  },
});

/** Answers the product and, for a signed-in user, the session; `more` answers everything else. */
function shop(who: 'guest' | 'unverified' | 'verified', more: ApiHandler = () => undefined) {
  return mockApi((call) => {
    if (call.path === `/api/products/details/${ID}`) return { body: [shoe] };
    if (call.path === '/api/auth/get-session')
      return who === 'guest' ? { status: 200, body: null } : { body: session(who === 'verified') };
    return more(call);
  });
}

const renderProduct = () =>
  renderInRouter(
    [
      { path: '/home/:id', element: <ProductPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    `/home/${ID}`,
  ).router;

const changes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

describe('the favourite heart on the product page', () => {
  it('asks a guest to log in', async () => {
    const { calls } = shop('guest');
    renderProduct();
    const user = userEvent.setup();
    const heart = await screen.findByRole('button', { name: 'Add Air Jordan 1 Mid XQ to favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    const prompt = await screen.findByRole('dialog', { name: 'You must be logged in to add favourites' });
    expect(within(prompt).getByRole('link', { name: 'LogIn' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/home/${ID}`)}`,
    );
    expect(changes(calls)).toEqual([]);
  });

  it('tells an unverified user to verify the e-mail', async () => {
    const { calls } = shop('unverified');
    renderProduct();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Air Jordan 1 Mid XQ to favourites' }));
    const prompt = await screen.findByRole('dialog', { name: 'Please verify the email to continue' });
    expect(within(prompt).getByRole('link', { name: 'Verify e-mail' })).toHaveAttribute(
      'href',
      `/verify-email?redirect=${encodeURIComponent(`/home/${ID}`)}`,
    );
    expect(changes(calls)).toEqual([]);
  });

  it('toggles for a verified user: pressed with the remove label, then back on removal', async () => {
    let favourites = [ID];
    const { calls } = shop('verified', (call) => {
      if (call.path === `/api/users/dashboard/${UID}`) return { body: [dashboard(favourites)] };
      if (call.path === '/api/stock-alerts') return { body: [] };
      if (call.path === `/api/users/deleteFavorite/${UID}`) {
        favourites = [];
        return { body: [dashboard(favourites)] };
      }
      return undefined;
    });
    renderProduct();
    const user = userEvent.setup();
    const heart = await screen.findByRole('button', { name: 'Remove Air Jordan 1 Mid XQ from favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        expect.objectContaining({
          method: 'PUT',
          path: `/api/users/deleteFavorite/${UID}`,
          body: { favorite: ID },
        }),
      ]),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Notify me when a size is back', () => {
  it('names the sizes a user waits for', () => {
    expect(waitingText(['9'])).toBe('Waiting for size 9');
    expect(waitingText(['8.5', '12'])).toBe('Waiting for sizes 8.5 and 12');
    expect(waitingText(['7', '8.5', '12'])).toBe('Waiting for sizes 7, 8.5 and 12');
  });

  it('lists the sold-out sizes behind a disclosure and asks a guest to log in', async () => {
    const { calls } = shop('guest');
    renderProduct();
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: NOTIFY_TOGGLE_TEXT });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Sold-out tiles stay disabled: the sizes are offered here instead.
    expect(screen.getByRole('radio', { name: '8.5, sold out' })).toBeDisabled();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('Size 8.5'), expect.stringContaining('Size 12')]);
    await user.click(screen.getByRole('button', { name: 'Notify me when size 8.5 is back' }));
    const prompt = await screen.findByRole('dialog', {
      name: 'You must be logged in to be told when a size is back',
    });
    expect(within(prompt).getByRole('link', { name: 'LogIn' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/home/${ID}`)}`,
    );
    expect(calls.some((call) => call.path === '/api/stock-alerts')).toBe(false);
  });

  it('tells an unverified user to verify the e-mail before asking', async () => {
    const { calls } = shop('unverified');
    renderProduct();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: NOTIFY_TOGGLE_TEXT }));
    await user.click(screen.getByRole('button', { name: 'Notify me when size 12 is back' }));
    expect(
      await screen.findByRole('dialog', { name: 'Please verify the email to continue' }),
    ).toBeInTheDocument();
    expect(changes(calls)).toEqual([]);
  });

  it('shows the sizes a user waits for, asks for another and cancels one', async () => {
    let alerts = [alert(ALERT_12, ID, '12'), alert('b2222222-2222-4222-8222-222222222222', OTHER, '8.5')];
    const { calls } = shop('verified', (call) => {
      if (call.path === `/api/users/dashboard/${UID}`) return { body: [dashboard([])] };
      if (call.path === '/api/stock-alerts' && call.method === 'GET') return { body: alerts };
      if (call.path === '/api/stock-alerts' && call.method === 'POST') {
        const created = alert(
          'c3333333-3333-4333-8333-333333333333',
          ID,
          (call.body as { size: string }).size,
        );
        alerts = [created, ...alerts];
        return { status: 201, body: created };
      }
      if (call.path === `/api/stock-alerts/${ALERT_12}` && call.method === 'DELETE') {
        alerts = alerts.filter((entry) => entry._id !== ALERT_12);
        return { status: 204 };
      }
      return undefined;
    });
    renderProduct();
    const user = userEvent.setup();

    // The closed disclosure names the size the user waits for (not the other product's).
    const toggle = await screen.findByRole('button', { name: NOTIFY_TOGGLE_TEXT });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByText('Waiting for size 12')).toBeInTheDocument();
    await user.click(toggle);
    expect(screen.queryByText('Waiting for size 12')).toBeNull();
    const row12 = screen.getByText('Size 12').closest('li') as HTMLElement;
    expect(row12).toHaveTextContent('We will e-mail you');
    expect(within(row12).getByRole('button', { name: 'Cancel the alert for size 12' })).toBeInTheDocument();

    const notify = screen.getByRole('button', { name: 'Notify me when size 8.5 is back' });
    await user.click(notify);
    expect(await screen.findByRole('status')).toHaveTextContent(`Size 8.5: ${STOCK_ALERT_MESSAGES.CREATED}.`);
    expect(changes(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/stock-alerts',
        body: { productId: ID, size: '8.5' },
      }),
    ]);
    // The same button now cancels, and keeps the focus.
    expect(notify).toHaveAccessibleName('Cancel the alert for size 8.5');
    expect(notify).toHaveFocus();

    await user.click(within(row12).getByRole('button', { name: 'Cancel the alert for size 12' }));
    await waitFor(() =>
      expect(
        within(row12).getByRole('button', { name: 'Notify me when size 12 is back' }),
      ).toBeInTheDocument(),
    );
    expect(changes(calls).at(-1)).toMatchObject({ method: 'DELETE', path: `/api/stock-alerts/${ALERT_12}` });
    expect(screen.getByRole('status')).toHaveTextContent('Size 12: you will not be e-mailed about it.');

    await user.click(toggle);
    expect(screen.getByText('Waiting for size 8.5')).toBeInTheDocument();
  });

  it('shows the red alert with the server message and reads the stock again when refused', async () => {
    let detailsRead = 0;
    const { calls } = mockApi((call) => {
      if (call.path === `/api/products/details/${ID}`) {
        detailsRead += 1;
        return { body: [shoe] };
      }
      if (call.path === '/api/auth/get-session') return { body: session(true) };
      if (call.path === `/api/users/dashboard/${UID}`) return { body: [dashboard([])] };
      if (call.path === '/api/stock-alerts' && call.method === 'GET') return { body: [] };
      if (call.path === '/api/stock-alerts' && call.method === 'POST')
        return { status: 409, body: errorBody('CONFLICT', STOCK_ALERT_MESSAGES.NOT_SOLD_OUT) };
      return undefined;
    });
    renderProduct();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: NOTIFY_TOGGLE_TEXT }));
    await user.click(screen.getByRole('button', { name: 'Notify me when size 12 is back' }));
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Oh snap! You got an error!');
    expect(box).toHaveTextContent(STOCK_ALERT_MESSAGES.NOT_SOLD_OUT);
    await waitFor(() => expect(detailsRead).toBe(2));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('opens by itself when every size is sold out', async () => {
    mockApi((call) => {
      if (call.path === `/api/products/details/${ID}`)
        return { body: [{ ...shoe, stock: { '9': 0, '10': 0 } }] };
      if (call.path === '/api/auth/get-session') return { status: 200, body: null };
      return undefined;
    });
    renderProduct();
    expect(await screen.findByText('This product is sold out.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: NOTIFY_TOGGLE_TEXT })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Notify me when size 9 is back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notify me when size 10 is back' })).toBeInTheDocument();
  });
});

describe('a finished draw on the product page', () => {
  const finished = () => {
    const mine = myDrop({ drop: { ...myDrop().drop, state: 'finished' } });
    return myDrop({
      ...mine,
      entry: mine.entry && { ...mine.entry, status: 'waiting', rank: 3, waitingList: 2 },
    });
  };
  const drops = (call: ApiCall) => {
    if (call.path === '/api/drops') return { body: { drops: [] } };
    if (call.path === '/api/drops/me') return { body: { drops: [finished()] } };
    return undefined;
  };

  it('tells the shopper who entered how it went, beside the normal sale', async () => {
    shop('verified', drops);
    renderProduct();
    const over = await screen.findByRole('region', { name: 'The draw for this release is over' });
    expect(
      within(over).getByText('Your entry, size 9: Not drawn · waiting list number 2.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Add to cart/ })).toBeInTheDocument();
  });

  it("asks nothing for a guest, who sees the page as anyone's", async () => {
    const { calls } = shop('guest', drops);
    renderProduct();
    expect(await screen.findByRole('button', { name: /^Add to cart/ })).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/drops/me')).toBe(false);
    expect(screen.queryByRole('region', { name: 'The draw for this release is over' })).toBeNull();
  });
});
