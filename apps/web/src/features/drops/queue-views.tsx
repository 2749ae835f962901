import type { QueueStatus } from '@shop/contracts';
import { Link } from 'react-router';
import { DropCountdown, DropTime } from '../../components/drop-countdown';
import { ProgressBar } from '../../components/progress-bar';
import { SizePicker } from '../../components/size-picker';
import { durationText } from '../../lib/drops/drop-time';
import type { WaitingRoom } from './use-waiting-room';

type Waiting = Extract<QueueStatus, { admitted: false }>;
type Admitted = Extract<QueueStatus, { admitted: true }>;

const pairs = (units: number) => (units === 1 ? '1 pair' : `${units} pairs`);

/** Before the release: in the pre-queue, where arriving earlier changes nothing. */
export function PreQueueView({ status }: { status: Waiting }) {
  return (
    <>
      <h2 className="queue__headline">You're in.</h2>
      <p className="queue__lead">
        At <DropTime at={status.releaseAt} /> everyone here is put in a random order — arriving earlier
        doesn't help or hurt. Keep this page open; you can also come back to it, your place is kept.
      </p>
      <p className="queue__countdown">
        <span className="queue__countdown-label">Release in</span> <DropCountdown to={status.releaseAt} />
      </p>
    </>
  );
}

/** In line: the place, an estimate that never goes up, and a bar filling as the line moves. */
export function WaitingView({ status, room }: { status: Waiting; room: WaitingRoom }) {
  const position = status.position ?? 0;
  const start = room.largestPlace ?? position;
  const done = start > 0 ? Math.round(((start - position) / start) * 100) : 0;
  return (
    <>
      <h2 className="queue__headline">
        Your place: <span className="queue__place">{position}</span>
      </h2>
      <p className="queue__lead">
        Estimated wait: {durationText(room.estimate ?? status.estimateSeconds)}. Keep this page open; a reload
        or another tab keeps your place.
      </p>
      <ProgressBar
        className="queue__progress"
        label="Progress through the line"
        value={done}
        barClassName="bg-dark"
        width={Math.max(done, 3)}
      />
    </>
  );
}

/** The shopper's turn: the time left, the size, and Buy now. */
export function AdmittedView({ status, room }: { status: Admitted; room: WaitingRoom }) {
  const sizes = room.drop?.sizes ?? [];
  return (
    <>
      <h2 className="queue__headline">It's your turn</h2>
      <p className="queue__lead">
        Your turn ends in <DropCountdown to={status.expiresAt} className="fw-bold" /> (at{' '}
        <DropTime at={status.expiresAt} />
        ). Choose your size and check out before then.
      </p>
      <SizePicker
        legend="Choose your size"
        options={sizes}
        value={room.size}
        onChange={room.setSize}
        caption={(option) => (option.units > 0 ? pairs(option.units) : 'sold out')}
      />
      <button
        type="button"
        className="btn btn-dark btn-lg w-100 mt-3 queue__buy"
        disabled={!room.size}
        onClick={room.buy}
      >
        Buy now
      </button>
      {room.size ? null : <p className="small text-muted mt-2 mb-0">Choose a size to buy.</p>}
    </>
  );
}

/** Sold out, or a turn that passed (with Rejoin, at the back of the line). */
export function EndedView({ status, room }: { status: Waiting; room: WaitingRoom }) {
  const productId = room.drop?.product.id;
  if (status.state === 'sold_out')
    return (
      <>
        <h2 className="queue__headline">Sold out</h2>
        <p className="queue__lead">Every pair of this release has gone. Thank you for waiting.</p>
        {productId ? (
          <Link to={`/home/${productId}`} className="btn btn-outline-dark rounded-pill px-4">
            Back to the product
          </Link>
        ) : null}
      </>
    );
  return (
    <>
      <h2 className="queue__headline">Your turn has passed</h2>
      <p className="queue__lead">
        You were let in, but the time to buy ran out. You can join again at the back.
      </p>
      <button type="button" className="btn btn-dark btn-lg rounded-pill px-4" onClick={room.rejoin}>
        Rejoin
      </button>
    </>
  );
}
