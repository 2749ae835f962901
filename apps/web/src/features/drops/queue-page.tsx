import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { AdmittedView, EndedView, PreQueueView, WaitingView } from './queue-views';
import { useWaitingRoom, type WaitingRoom } from './use-waiting-room';
import './drops.css';

function QueueState({ room }: { room: WaitingRoom }): ReactNode {
  const { status } = room;
  if (room.joinError)
    return (
      <>
        <AlertError message={room.joinError} dismissible={false} className="mb-3" />
        <button type="button" className="btn btn-dark rounded-pill px-4" onClick={room.rejoin}>
          Try again
        </button>
      </>
    );
  if (status === undefined)
    return (
      <p className="queue__lead" role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        Joining the waiting room…
      </p>
    );
  if (status === null)
    return (
      <>
        <p className="queue__lead">You're not in the waiting room.</p>
        <button type="button" className="btn btn-dark btn-lg rounded-pill px-4" onClick={room.rejoin}>
          Join the waiting room
        </button>
      </>
    );
  if (status.admitted) return <AdmittedView status={status} room={room} />;
  if (status.state === 'pre_queue') return <PreQueueView status={status} />;
  if (status.state === 'waiting') return <WaitingView status={status} room={room} />;
  return <EndedView status={status} room={room} />;
}

/** /drops/:id/queue: a first-come drop's waiting room. */
export function QueuePage() {
  const room = useWaitingRoom();
  const product = room.drop?.product;
  return (
    <main className="container py-3 py-lg-4 queue">
      <title>
        {product ? `Waiting room: ${product.name} · Sneaker Shop` : 'Waiting room · Sneaker Shop'}
      </title>
      <div className="queue__card">
        {product ? (
          <div className="queue__product">
            <img src={product.card_picture} alt="" width={120} height={90} className="queue__image" />
            <div>
              <p className="drop-page__eyebrow mb-0">Waiting room</p>
              <h1 className="queue__title">{product.name}</h1>
            </div>
          </div>
        ) : (
          <h1 className="queue__title">Waiting room</h1>
        )}
        <QueueState room={room} />
        <p className="visually-hidden" aria-live="polite">
          {room.announcement}
        </p>
        {room.drop ? (
          <p className="small text-muted mt-4 mb-0">
            <Link to={`/drops/${room.drop.id}`} className="link-dark">
              How this drop works
            </Link>
          </p>
        ) : null}
      </div>
    </main>
  );
}
