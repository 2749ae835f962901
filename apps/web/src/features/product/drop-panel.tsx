import type { DropSummary } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DROP_MODE_LABELS } from '../../components/drop-card';
import { DropCountdown, DropTime } from '../../components/drop-countdown';
import { DrawEntry } from './draw-entry';
import { DrawResult } from './draw-result';
import { DropNotify } from './drop-notify';
import type { ProductSizes } from './use-product-sizes';

/** The next moment of the drop the panel counts down to. */
export function nextMoment(drop: DropSummary): { label: string; at: string } | null {
  if (drop.state === 'scheduled' && drop.mode === 'draw' && drop.entryOpensAt)
    return { label: 'Entry opens in', at: drop.entryOpensAt };
  if (drop.state === 'entry_open' && drop.entryClosesAt)
    return { label: 'Entry closes in', at: drop.entryClosesAt };
  if (drop.state === 'scheduled' && drop.preQueueOpensAt)
    return { label: 'Waiting room opens in', at: drop.preQueueOpensAt };
  if (drop.state === 'scheduled' || drop.state === 'pre_queue' || drop.state === 'entry_closed')
    return { label: 'Release in', at: drop.releaseAt };
  return null;
}

/** What the shopper can do now, by the drop's state. */
function DropBody({ drop, sizes }: { drop: DropSummary; sizes?: ProductSizes }): ReactNode {
  switch (drop.state) {
    case 'scheduled':
      return drop.mode === 'draw' ? (
        <p className="mb-0">
          The entry opens <DropTime at={drop.entryOpensAt ?? drop.releaseAt} />. Entering early gives no
          advantage: every entry has the same chance.
        </p>
      ) : (
        <p className="mb-0">
          The waiting room opens <DropTime at={drop.preQueueOpensAt ?? drop.releaseAt} />.
        </p>
      );
    case 'entry_open':
      return <DrawEntry drop={drop} sizes={sizes} />;
    case 'entry_closed':
      return <p className="mb-0">The entry is closed: the draw is being made, the results come shortly.</p>;
    case 'drawn':
      return <DrawResult drop={drop} />;
    case 'pre_queue':
    case 'live':
      return (
        <>
          <p>
            {drop.state === 'live'
              ? 'The release is on: join the waiting room and we let you in as soon as it is your turn.'
              : "Join the waiting room now: at the release everyone in it is put in a random order, so arriving earlier doesn't help or hurt."}
          </p>
          <Link to={`/drops/${drop.id}/queue`} className="btn btn-dark btn-lg w-100 product__add">
            Join the waiting room
          </Link>
        </>
      );
    default:
      return null;
  }
}

/**
 * The product page's panel for a product released as a drop, in place of the size picker and Add to
 * cart: when it is released, how, a countdown, 'Notify me', and what the shopper can do now.
 */
export function DropPanel({ drop, sizes }: { drop: DropSummary; sizes?: ProductSizes }) {
  const moment = nextMoment(drop);
  const beforeRelease = drop.state !== 'drawn' && drop.state !== 'live';
  return (
    <section className="drop-panel" aria-labelledby="drop-panel-title">
      <p className="drop-panel__badge mb-2">Limited release · {DROP_MODE_LABELS[drop.mode]}</p>
      <h2 id="drop-panel-title" className="drop-panel__title">
        {drop.mode === 'draw' ? 'Released by a fair draw' : 'First come, first served'}
      </h2>
      <dl className="drop-panel__times">
        <div>
          <dt>Release</dt>
          <dd>
            <DropTime at={drop.releaseAt} />
          </dd>
        </div>
        {moment ? (
          <div>
            <dt>{moment.label}</dt>
            <dd>
              <DropCountdown to={moment.at} className="drop-panel__countdown" />
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="drop-panel__body">
        <DropBody drop={drop} sizes={sizes} />
      </div>
      <div className="drop-panel__foot">
        {beforeRelease ? <DropNotify dropId={drop.id} /> : null}
        <Link to={`/drops/${drop.id}`} className="link-dark fw-semibold">
          {drop.state === 'drawn' ? 'See the draw and check it yourself' : 'How this drop works'}
        </Link>
      </div>
    </section>
  );
}
