import type { MyDrop } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DROP_ID, myDrop } from '../../../test/drop-fixtures';
import type { ApiCall } from '../../../test/mock-api';
import { renderAccount } from '../account-test-utils';
import { NO_DROPS_TEXT } from './my-drops-tab';

const card = (name: string) => screen.getByRole('article', { name }) as HTMLElement;

/** `GET /api/drops/me` over a list that a withdrawal changes. */
function myDropsApi(list: MyDrop[]) {
  return (call: ApiCall) => {
    if (call.method === 'GET' && call.path === '/api/drops/me') return { body: { drops: list } };
    if (call.method === 'DELETE' && call.path === `/api/drops/${DROP_ID}/entries/me`) {
      list.splice(0, list.length, ...list.filter((one) => one.drop.id !== DROP_ID));
      return { status: 204 };
    }
    return undefined;
  };
}

const QUEUE_ID = 'd2222222-2222-4222-8222-222222222222';
const DRAWN_ID = 'd3333333-3333-4333-8333-333333333333';

function roomPlace(): MyDrop {
  return myDrop({
    drop: {
      id: QUEUE_ID,
      mode: 'queue',
      state: 'live',
      releaseAt: '2030-02-01T18:00:00.000Z',
      product: {
        id: 'p2',
        name: 'Dunk Low Panda',
        brand: 'nike',
        gender: ['men'],
        price: 120,
        card_picture: '/uploads/p2.webp',
      },
    },
    entry: null,
    place: { joinedAt: '2030-02-01T17:50:00.000Z', state: 'waiting', position: 14, bought: false },
  });
}

function lostDraw(): MyDrop {
  const base = myDrop();
  return myDrop({
    drop: {
      ...base.drop,
      id: DRAWN_ID,
      state: 'finished',
      product: { ...base.drop.product, id: 'p3', name: 'Yeezy Foam' },
    },
    entry: base.entry && { ...base.entry, status: 'waiting', rank: 4, waitingList: 2 },
  });
}

describe('My drops tab', () => {
  it('says so when the shopper has no drops, and links to the upcoming ones', async () => {
    renderAccount('/account/my-drops', myDropsApi([]));
    expect(await screen.findByText(NO_DROPS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the upcoming drops' })).toHaveAttribute(
      'href',
      '/home?upcoming=1',
    );
  });

  it('lists each entry with its size, outcome and address, and each waiting-room place with where it stands', async () => {
    renderAccount('/account/my-drops', myDropsApi([roomPlace(), myDrop(), lostDraw()]));
    expect(await screen.findByRole('heading', { level: 2, name: 'My drops' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Yeezy Foam' });
    expect(screen.getByText('3 drops')).toBeInTheDocument();

    const lost = card('Yeezy Foam');
    expect(within(lost).getByText('Not drawn · waiting list number 2')).toBeInTheDocument();
    expect(within(lost).getByText(/12 Main Street/)).toBeInTheDocument();
    expect(within(lost).queryByRole('button', { name: 'Withdraw entry' })).toBeNull();

    const room = card('Dunk Low Panda');
    expect(within(room).getByText('Number 14 in line')).toBeInTheDocument();
    expect(within(room).getByRole('link', { name: 'Go to the waiting room' })).toHaveAttribute(
      'href',
      `/drops/${QUEUE_ID}/queue`,
    );

    const open = card('Air Jordan 1 Mid XQ');
    expect(within(open).getByText('Entered')).toBeInTheDocument();
    expect(within(open).getByText('9')).toBeInTheDocument();
  });

  it('withdraws an entry while the draw is open, and the list shows it gone', async () => {
    const { calls } = renderAccount('/account/my-drops', myDropsApi([myDrop(), roomPlace()]));
    const open = await screen.findByRole('article', { name: 'Air Jordan 1 Mid XQ' });
    await userEvent.setup().click(within(open).getByRole('button', { name: 'Withdraw entry' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Air Jordan 1 Mid XQ' })).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(screen.getByRole('article', { name: 'Dunk Low Panda' })).toBeInTheDocument();
  });
});
