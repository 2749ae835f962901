import type { Drop } from '@shop/contracts';
import type { ReactNode } from 'react';
import { DropSizesTable } from '../../../components/drop-sizes-table';
import { formatInstant } from '../../../lib/dates';
import { DropStateBadge } from './drop-state-badge';
import { MODE_LABELS } from './drops-view';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const Instant = ({ iso, none = '—' }: { iso: string | null; none?: string }) =>
  iso ? <time dateTime={iso}>{formatInstant(iso)}</time> : none;

/** A drop's mode, state, times and rules, in the reader's time zone. */
export function DropFacts({ drop }: { drop: Drop }) {
  const draw = drop.mode === 'draw';
  return (
    <dl className="admin-terms admin-drops__facts">
      <Fact term="Mode">{MODE_LABELS[drop.mode]}</Fact>
      <Fact term="State">
        <DropStateBadge state={drop.state} />
      </Fact>
      <Fact term="Release">
        <Instant iso={drop.releaseAt} />
      </Fact>
      {draw ? (
        <>
          <Fact term="Entry opens">
            <Instant iso={drop.entryOpensAt} />
          </Fact>
          <Fact term="Entry closes">
            <Instant iso={drop.entryClosesAt} />
          </Fact>
          <Fact term="Purchase window">{plural(drop.purchaseWindowMinutes, 'minute', 'minutes')}</Fact>
          <Fact term="Drawn">
            <Instant iso={drop.drawnAt} none="Not yet" />
          </Fact>
        </>
      ) : (
        <>
          <Fact term="Pre-queue opens">
            <Instant iso={drop.preQueueOpensAt} />
          </Fact>
          <Fact term="Admission">
            {drop.admissionPerMinute === null
              ? 'Set from the pairs on sale'
              : `${drop.admissionPerMinute} a minute`}
          </Fact>
        </>
      )}
      <Fact term="Limit per person">{plural(drop.perPersonLimit, 'pair', 'pairs')}</Fact>
    </dl>
  );
}

/**
 * A first-come drop's waiting room in figures: who joined, whose turn came, who bought (paid), and who
 * holds a turn now (admitted, not bought, their admission still running).
 */
export function DropRoomFigures({ drop }: { drop: Drop }) {
  const room = drop.room ?? { joined: 0, admitted: 0, bought: 0, holding: 0 };
  return (
    <dl className="admin-terms admin-drops__facts admin-drops__room">
      <Fact term="Joined the waiting room">{plural(room.joined, 'shopper', 'shoppers')}</Fact>
      <Fact term="Admitted">{plural(room.admitted, 'shopper', 'shoppers')}</Fact>
      <Fact term="Bought">{plural(room.bought, 'shopper', 'shoppers')}</Fact>
      <Fact term="Holding a turn now">{plural(room.holding, 'shopper', 'shoppers')}</Fact>
    </dl>
  );
}

/** Per size: the pairs there are, the entrants (a draw) and, once drawn, the winners. */
export function DropSizes({ drop }: { drop: Drop }) {
  if (drop.sizes.length === 0) return <p className="admin-muted">No sizes in stock for this release.</p>;
  return (
    <DropSizesTable
      drop={drop}
      className="admin-terms admin-drops__sizes"
      caption={`Pairs${drop.mode === 'draw' ? ' and entrants' : ''} per size`}
      sizeHeading="Size"
      showWinners
    />
  );
}
