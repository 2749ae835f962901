import type { QueueStatus } from '@shop/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rehydrateCart, useCartStore } from '../../lib/cart/cart-store';
import { readAdmission } from '../../lib/drops/drop-admission';
import { DROP_ID, dropDetail } from '../../test/drop-fixtures';
import { AJ1 as PRODUCT_ID } from '../../test/fixtures';
import { errorBody, mockApi } from '../../test/mock-api';
import { renderAt, sessionBody } from './drops-test-utils';
import { QueuePage } from './queue-page';
import { pollDelayMs, QUEUE_POLL_MAX_MS, QUEUE_POLL_MS } from './use-waiting-room';

const RELEASE = '2030-01-31T18:00:00.000Z';
const queueDrop = dropDetail({
  mode: 'queue',
  state: 'live',
  entryOpensAt: null,
  entryClosesAt: null,
  preQueueOpensAt: '2030-01-31T17:45:00.000Z',
  admissionPerMinute: 60,
});

const waiting = (
  position: number | null,
  estimateSeconds: number,
  state: 'pre_queue' | 'waiting' = 'waiting',
): Extract<QueueStatus, { admitted: false }> => ({
  admitted: false,
  state,
  position,
  estimateSeconds,
  releaseAt: RELEASE,
});

/** The waiting room answers the join with the first status, then each poll with the next (the last repeats). */
function serve(statuses: QueueStatus[]) {
  let next = 0;
  return mockApi((call) => {
    if (call.path === '/api/auth/get-session') return { body: sessionBody() };
    if (call.path === `/api/drops/${DROP_ID}`) return { body: queueDrop };
    if (call.method === 'POST' && call.path === `/api/drops/${DROP_ID}/queue`) return { body: statuses[0] };
    if (call.path === `/api/drops/${DROP_ID}/queue/me`) {
      next = Math.min(next + 1, statuses.length - 1);
      return { body: statuses[next] };
    }
    return undefined;
  });
}

/** Time enough for the next poll, however long the wait. */
const poll = () => act(() => vi.advanceTimersByTimeAsync(QUEUE_POLL_MAX_MS));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  rehydrateCart();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('how often the waiting room asks', () => {
  it('asks a quarter of the wait, between 3 and 30 seconds, and stops once there is nothing to wait for', () => {
    expect(pollDelayMs(waiting(2, 4))).toBe(QUEUE_POLL_MS);
    expect(pollDelayMs(waiting(40, 60))).toBe(15_000);
    expect(pollDelayMs(waiting(900, 3600))).toBe(QUEUE_POLL_MAX_MS);
    expect(pollDelayMs(waiting(null, 40, 'pre_queue'))).toBe(10_000);
    expect(pollDelayMs({ admitted: true, token: 't', expiresAt: RELEASE })).toBe(false);
    expect(pollDelayMs({ ...waiting(null, 0), state: 'sold_out' })).toBe(false);
  });
});

describe('the waiting room', () => {
  it('joins on opening and explains the pre-queue', async () => {
    const { calls } = serve([waiting(null, 0, 'pre_queue')]);
    renderAt('/drops/:id/queue', `/drops/${DROP_ID}/queue`, <QueuePage />);
    expect(await screen.findByRole('heading', { name: "You're in." })).toBeInTheDocument();
    expect(
      screen.getByText(/everyone here is put in a random order — arriving earlier doesn't help or hurt/),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('shows the place and an estimate that never goes up, asking again as it waits', async () => {
    serve([waiting(120, 600), waiting(80, 900), waiting(40, 240)]);
    renderAt('/drops/:id/queue', `/drops/${DROP_ID}/queue`, <QueuePage />);
    expect(await screen.findByRole('heading', { name: 'Your place: 120' })).toBeInTheDocument();
    expect(screen.getByText(/Estimated wait: about 10 minutes/)).toBeInTheDocument();
    await poll();
    expect(await screen.findByRole('heading', { name: 'Your place: 80' })).toBeInTheDocument();
    // The server's estimate went up to 15 minutes: the page keeps the lowest it showed.
    expect(screen.getByText(/Estimated wait: about 10 minutes/)).toBeInTheDocument();
    await poll();
    expect(await screen.findByRole('heading', { name: 'Your place: 40' })).toBeInTheDocument();
    expect(screen.getByText(/Estimated wait: about 4 minutes/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress through the line' })).toHaveAttribute(
      'aria-valuenow',
      '67',
    );
  });

  it('admitted: keeps the token for the checkout, and Buy now puts one pair of the size in the cart', async () => {
    const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const { calls } = serve([waiting(3, 10), { admitted: true, token: 'admission-1', expiresAt }]);
    renderAt('/drops/:id/queue', `/drops/${DROP_ID}/queue`, <QueuePage />);
    await screen.findByRole('heading', { name: 'Your place: 3' });
    await poll();
    expect(await screen.findByRole('heading', { name: "It's your turn" })).toBeInTheDocument();
    expect(readAdmission(PRODUCT_ID)).toBe('admission-1');
    const polls = calls.length;
    await poll();
    expect(calls.length).toBe(polls);

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('radio', { name: /10/ }));
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText('cart page')).toBeInTheDocument();
    expect(useCartStore.getState().items).toMatchObject([{ id: PRODUCT_ID, size: '10', count: 1 }]);
  });

  it('a passed turn offers Rejoin, which joins again at the back', async () => {
    const { calls } = serve([waiting(5, 30), { ...waiting(null, 0), state: 'expired' }]);
    renderAt('/drops/:id/queue', `/drops/${DROP_ID}/queue`, <QueuePage />);
    await screen.findByRole('heading', { name: 'Your place: 5' });
    await poll();
    const rejoin = await screen.findByRole('button', { name: 'Rejoin' });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(rejoin);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('says when the waiting room has not opened yet', async () => {
    mockApi((call) => {
      if (call.path === '/api/auth/get-session') return { body: sessionBody() };
      if (call.path === `/api/drops/${DROP_ID}`) return { body: queueDrop };
      if (call.method === 'POST')
        return { status: 409, body: errorBody('DROP_NOT_RELEASED', 'The waiting room opens at 17:45 UTC') };
      return undefined;
    });
    renderAt('/drops/:id/queue', `/drops/${DROP_ID}/queue`, <QueuePage />);
    expect(await screen.findByText('The waiting room opens at 17:45 UTC')).toBeInTheDocument();
  });
});
