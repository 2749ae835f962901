import { type MyDrop, sizeKey, waitingListNumber } from '@shop/contracts';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../../plugins/session';
import type { DropDeps } from './drop-deps';
import { entryWire } from './drop-entries';
import { roomStatus } from './drop-room';
import { summariesOf } from './drop-views';
import type { DropRow, EntryRow, TicketRow } from './drops.repository';
import * as repository from './drops.repository';

/** How many drops the account lists (newest release first). */
const MY_DROPS_LIMIT = 100;

function entryOf(row: DropRow, entry: EntryRow | undefined): MyDrop['entry'] {
  if (!entry) return null;
  const winners = row.drawnUnits?.[sizeKey(entry.size)] ?? 0;
  const waitingList =
    entry.status === 'waiting' && entry.rank ? waitingListNumber(entry.rank, winners) : null;
  return { ...entryWire(entry), waitingList };
}

async function placeOf(deps: DropDeps, viewer: CurrentUser, ticket: TicketRow | undefined) {
  if (!ticket) return null;
  const status = await roomStatus(deps, viewer, ticket.dropId);
  return {
    joinedAt: ticket.joinedAt.toISOString(),
    state: status.admitted ? ('admitted' as const) : status.state,
    position: status.admitted ? null : status.position,
    bought: ticket.boughtAt !== null,
  };
}

/** The signed-in shopper's draw entries and waiting-room places, each with its drop, newest release first. */
export async function myDrops(deps: DropDeps, viewer: CurrentUser): Promise<MyDrop[]> {
  const db: Db = deps.db;
  const [entries, tickets] = await Promise.all([
    repository.findEntriesOf(db, viewer.id),
    repository.findTicketsOf(db, viewer.id),
  ]);
  const ids = [...new Set([...entries, ...tickets].map((one) => one.dropId))];
  const rows = (await repository.findDropsByIds(db, ids)).slice(0, MY_DROPS_LIMIT);
  const summaries = await summariesOf(db, rows);
  return Promise.all(
    rows.map(async (row, index) => {
      const { id, mode, state, releaseAt, product } = summaries[index] as (typeof summaries)[number];
      return {
        drop: { id, mode, state, releaseAt, product },
        entry: entryOf(
          row,
          entries.find((entry) => entry.dropId === row.id),
        ),
        place: await placeOf(
          deps,
          viewer,
          tickets.find((ticket) => ticket.dropId === row.id),
        ),
      };
    }),
  );
}
