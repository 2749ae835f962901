import type { QueueStatus } from '@shop/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../lib/api';
import { saveAdmission } from '../../lib/drops/drop-admission';
import { putDropPairInCart } from '../../lib/drops/drop-cart';
import { dropQuery, joinQueue, myQueueQuery } from '../../lib/drops/drops-api';
import { useSession } from '../../lib/session';

/** The quickest the place is asked again while waiting (paused while the tab is hidden). */
export const QUEUE_POLL_MS = 3000;
/** The slowest: a shopper far back still sees the place move at least this often. */
export const QUEUE_POLL_MAX_MS = 30_000;

/**
 * When to ask again: a quarter of the estimated wait (to the release in the pre-queue, to the turn after
 * it), between 3 and 30 seconds. Thousands of shoppers far back poll seldom; those near their turn, often.
 */
export function pollDelayMs(status: QueueStatus | null | undefined): number | false {
  if (!status || status.admitted || status.state === 'sold_out' || status.state === 'expired') return false;
  return Math.min(QUEUE_POLL_MAX_MS, Math.max(QUEUE_POLL_MS, status.estimateSeconds * 250));
}

/** Joins the waiting room on opening (joining again keeps the place), and again on 'Rejoin'. */
function useJoin(dropId: string, uid: string) {
  const client = useQueryClient();
  const [joined, setJoined] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);
  const join = async () => {
    setJoinError(null);
    try {
      const status = await joinQueue(dropId);
      client.setQueryData(myQueueQuery(dropId, uid).queryKey, status);
      setJoined(true);
    } catch (failure) {
      setJoinError(errorText(failure));
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: joins once, when the page opens for this drop
  useEffect(() => {
    if (uid) void join();
  }, [dropId, uid]);
  return { joined, joinError, join };
}

/** The smallest wait estimate seen: what the page shows never goes up. */
function useLowestEstimate(status: QueueStatus | null | undefined) {
  const lowest = useRef<number | null>(null);
  if (status && !status.admitted && status.state === 'waiting') {
    lowest.current = Math.min(lowest.current ?? status.estimateSeconds, status.estimateSeconds);
  }
  const largestPlace = useRef<number | null>(null);
  const position = status && !status.admitted ? status.position : null;
  if (position !== null) largestPlace.current = Math.max(largestPlace.current ?? position, position);
  const reset = () => {
    lowest.current = null;
    largestPlace.current = null;
  };
  return { estimate: lowest.current, largestPlace: largestPlace.current, reset };
}

/** What the live region says: a new state at once, a new place at most every 15 seconds. */
function useAnnouncement(status: QueueStatus | null | undefined) {
  const [text, setText] = useState('');
  const last = useRef({ key: '', at: 0 });
  const state = status ? (status.admitted ? 'admitted' : status.state) : '';
  const position = status && !status.admitted ? status.position : null;
  useEffect(() => {
    if (!state) return;
    const now = Date.now();
    const stateChanged = !last.current.key.startsWith(`${state}:`);
    if (!stateChanged && now - last.current.at < 15_000) return;
    const key = `${state}:${position}`;
    if (key === last.current.key) return;
    last.current = { key, at: now };
    if (state === 'admitted') setText("It's your turn: choose your size and buy now.");
    else if (state === 'waiting' && position !== null) setText(`Your place: ${position}`);
    else if (state === 'pre_queue') setText("You're in the waiting room.");
    else if (state === 'expired') setText('Your turn has passed.');
    else if (state === 'sold_out') setText('Sold out.');
  }, [state, position]);
  return text;
}

/**
 * /drops/:id/queue: joins the waiting room, then asks for the place (pollDelayMs) until the
 * shopper's turn. The server keeps one place a person, so a reload or a second tab finds the same one.
 * Admitted, the token is kept for the checkout, and Buy now puts one pair of the chosen size in the cart.
 */
export function useWaitingRoom() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const uid = user?.uid ?? '';
  const navigate = useNavigate();
  const dropQueryResult = useQuery(dropQuery(id));
  const { joined, joinError, join } = useJoin(id, uid);
  const statusQuery = useQuery({
    ...myQueueQuery(id, uid),
    enabled: joined,
    // The join has just answered the status: the first poll comes one period later.
    staleTime: QUEUE_POLL_MS,
    refetchInterval: (query) => pollDelayMs(query.state.data),
  });
  const status = statusQuery.data;
  const seen = useLowestEstimate(status);
  const announcement = useAnnouncement(status);
  const [size, setSize] = useState<string | null>(null);
  const drop = dropQueryResult.data;

  useEffect(() => {
    if (status?.admitted && drop) saveAdmission(drop.product.id, status.token, status.expiresAt);
  }, [status, drop]);

  const rejoin = () => {
    seen.reset();
    void join();
  };
  const buy = () => {
    if (!drop || !size) return;
    putDropPairInCart(drop.product, size);
    navigate('/cart');
  };

  return {
    drop,
    dropQuery: dropQueryResult,
    status,
    joinError,
    estimate: seen.estimate,
    largestPlace: seen.largestPlace,
    announcement,
    size,
    setSize,
    rejoin,
    buy,
  };
}

export type WaitingRoom = ReturnType<typeof useWaitingRoom>;
