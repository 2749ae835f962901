import type { MyDrop } from '@shop/contracts';
import { Link } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { BusyLabel } from '../../../components/busy-label';
import { DROP_MODE_LABELS } from '../../../components/drop-card';
import { DropTime } from '../../../components/drop-countdown';
import { EmptyState } from '../../../components/empty-state';
import { LoadingSpinner } from '../../../components/loading-cards';
import { ShipToAddress } from '../../../components/ship-to-address';
import { drawOutcome } from '../../../lib/drops/draw-outcome';
import { useSizeLabels } from '../../../lib/size-labels';
import { useAccount } from '../account-context';
import { AccountSection } from '../account-section';
import { useMyDrops } from '../api/get-my-drops';
import { useWithdrawDropEntry } from '../api/withdraw-drop-entry';
import '../../../components/state-pill.css';
import './my-drops.css';

export const NO_DROPS_TEXT = "You haven't entered a draw or joined a waiting room yet.";

/** /account/my-drops: the shopper's draw entries and waiting-room places, newest release first. */
export function MyDropsTab() {
  const { user } = useAccount();
  const drops = useMyDrops(user.uid);
  const count = drops.data?.length ?? 0;

  return (
    <AccountSection
      name="my-drops"
      title="My drops"
      aside={
        count > 0 ? (
          <p className="account-section-count">{count === 1 ? '1 drop' : `${count} drops`}</p>
        ) : null
      }
    >
      {drops.isPending ? (
        <LoadingSpinner label="Loading your drops" className="py-5" spinnerClassName="text-dark" />
      ) : drops.isError ? (
        <AlertError
          message={`We could not load your drops: ${drops.error.message}`}
          dismissible={false}
          onRetry={() => drops.refetch()}
        />
      ) : drops.data.length === 0 ? (
        <EmptyState text={NO_DROPS_TEXT}>
          <Link to="/home?upcoming=1" className="btn btn-accent">
            See the upcoming drops
          </Link>
        </EmptyState>
      ) : (
        <ul className="my-drops list-unstyled mb-0" aria-label="Your drops">
          {drops.data.map((mine) => (
            <li key={mine.drop.id}>
              <MyDropCard mine={mine} />
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}

function MyDropCard({ mine }: { mine: MyDrop }) {
  const { drop } = mine;
  const headingId = `my-drop-${drop.id}`;
  return (
    <article className="my-drop" aria-labelledby={headingId}>
      <img
        src={drop.product.card_picture}
        alt=""
        className="my-drop__picture"
        width={120}
        height={90}
        loading="lazy"
      />
      <div className="my-drop__body">
        <p className="my-drop__meta">
          {drop.product.brand} · {DROP_MODE_LABELS[drop.mode]}
        </p>
        <h3 id={headingId} className="my-drop__title">
          <Link to={`/home/${drop.product.id}`} className="link-dark">
            {drop.product.name}
          </Link>
        </h3>
        <p className="my-drop__release">
          Release <DropTime at={drop.releaseAt} />
        </p>
        {mine.entry ? <EntryFacts mine={mine} entry={mine.entry} /> : null}
        {mine.place ? <PlaceFacts dropId={drop.id} place={mine.place} /> : null}
        <Link to={`/drops/${drop.id}`} className="link-dark small fw-semibold">
          How this drop works
        </Link>
      </div>
    </article>
  );
}

type Entry = NonNullable<MyDrop['entry']>;

/** A draw entry: its size, what it came to, the address its pair ships to, and Withdraw while the entry is open. */
function EntryFacts({ mine, entry }: { mine: MyDrop; entry: Entry }) {
  const withdraw = useWithdrawDropEntry();
  const canWithdraw = mine.drop.state === 'entry_open' && entry.status === 'entered';
  const { product } = mine.drop;
  const labelOf = useSizeLabels([{ id: product.id, brand: product.brand, genders: product.gender }]);
  return (
    <>
      <dl className="my-drop__facts">
        <div>
          <dt>Size</dt>
          <dd>{labelOf(product.id, entry.size)}</dd>
        </div>
        <div>
          <dt>Entry</dt>
          <dd>
            <span className={`state-pill my-drop__state my-drop__state--${entry.status}`}>
              {drawOutcome(entry)}
            </span>
          </dd>
        </div>
        {entry.shipTo ? (
          <div>
            <dt>Ships to</dt>
            <dd>
              <ShipToAddress to={entry.shipTo} className="mb-0" />
            </dd>
          </div>
        ) : null}
      </dl>
      <EntryNext entry={entry} productId={mine.drop.product.id} />
      {withdraw.isError ? (
        <AlertError message={`We could not withdraw your entry: ${withdraw.error.message}`} />
      ) : null}
      {canWithdraw ? (
        <button
          type="button"
          className="btn btn-outline-dark btn-sm align-self-start"
          disabled={withdraw.isPending}
          onClick={() => withdraw.mutate(mine.drop.id)}
        >
          <BusyLabel busy={withdraw.isPending} text="Withdraw entry" busyText="Withdrawing…" />
        </button>
      ) : null}
    </>
  );
}

/** What a won entry asks for next: pay before the hold ends, or the order it became. */
function EntryNext({ entry, productId }: { entry: Entry; productId: string }) {
  if (entry.status === 'won')
    return (
      <p className="my-drop__next">
        Your pair is held
        {entry.holdUntil ? (
          <>
            {' '}
            until <DropTime at={entry.holdUntil} />
          </>
        ) : null}
        :{' '}
        <Link to={`/home/${productId}`} className="link-dark fw-semibold">
          buy it on the product page
        </Link>
      </p>
    );
  if (entry.status === 'bought' && entry.orderId)
    return (
      <p className="my-drop__next">
        <Link
          to={`/account/orders?order=${encodeURIComponent(entry.orderId)}`}
          className="link-dark fw-semibold"
        >
          See your order
        </Link>
      </p>
    );
  return null;
}

const PLACE_TEXT: Record<NonNullable<MyDrop['place']>['state'], string> = {
  pre_queue: 'In the waiting room: everyone in it is put in a random order at the release',
  waiting: 'Waiting for your turn',
  admitted: 'Your turn: you can buy now',
  expired: 'Your turn ran out',
  sold_out: 'Sold out before your turn',
};

/** A waiting-room place: where it stands, and whether they bought. */
function PlaceFacts({ dropId, place }: { dropId: string; place: NonNullable<MyDrop['place']> }) {
  const standing =
    place.state === 'waiting' && place.position !== null
      ? `Number ${place.position} in line`
      : PLACE_TEXT[place.state];
  return (
    <>
      <dl className="my-drop__facts">
        <div>
          <dt>Waiting room</dt>
          <dd>
            <span
              className={`state-pill my-drop__state my-drop__state--${place.bought ? 'bought' : place.state}`}
            >
              {place.bought ? 'Bought' : standing}
            </span>
          </dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>
            <DropTime at={place.joinedAt} />
          </dd>
        </div>
      </dl>
      {!place.bought &&
      (place.state === 'waiting' || place.state === 'pre_queue' || place.state === 'admitted') ? (
        <p className="my-drop__next">
          <Link to={`/drops/${dropId}/queue`} className="link-dark fw-semibold">
            Go to the waiting room
          </Link>
        </p>
      ) : null}
    </>
  );
}
