import type { Db } from '../../db/client';
import * as catalog from '../catalog';
import type { DropRow, TicketRow } from './drops.repository';
import * as repository from './drops.repository';

/**
 * What a poll of a waiting room reads, held in this instance's memory, so that a crowd's polls read no
 * database (docs/decisions/0030): the drop's row and whether its product is sold out, and the room's order
 * (every shopper's key, sorted).
 *
 * A place's position counts the keys before it. Pre-queue places are drawn before the release only, and
 * later arrivals take the next number of a sequence, so a room read after the release (and a margin for
 * joins still committing then) counts exactly the places before any place it holds: newer arrivals are
 * all behind. It is then only topped up with the arrivals after the highest number it holds, when this
 * instance meets a shopper it does not know yet (joined through another instance) or somebody joins
 * through it. A full read every `ROOM_TTL_MS` is the safety net for a place given up (an expired admission
 * joining again at the back), which until then counts one too many before the places behind it: their
 * turn comes no earlier than it should.
 *
 * A drop's row cannot change once its pre-queue has opened, but a staff change before then clears it here
 * (`forget`), and another instance's change is read after `DROP_TTL_MS`; sold out is read again after
 * `STOCK_TTL_MS` in the background (checkout counts the stock itself: this only names the state).
 */
const DROP_TTL_MS = 5_000;
const STOCK_TTL_MS = 2_000;
const ROOM_TTL_MS = 30_000;
/** Joins that checked the clock before the release may commit a moment after it. */
const RELEASE_MARGIN_MS = 2_000;

/** A place's key in the room's order: phase 0 (the pre-queue, places below 2^48) before phase 1. */
const keyOf = (ticket: { phase: number; place: number }) => ticket.phase * 2 ** 48 + ticket.place;

interface HeldDrop {
  row: DropRow | undefined;
  soldOut: boolean;
  readAt: number;
  stockReadAt: number;
}

interface HeldRoom {
  readAt: number;
  /** Each shopper's key. */
  places: Map<string, number>;
  /** Every key, ascending. */
  order: number[];
  /** The highest arrival number held (phase 1). */
  lastArrival: number;
}

/** The first index of `order` whose key is not below `key`: how many keys are before it. */
function countBelow(order: number[], key: number): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((order[middle] as number) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

function addPlace(room: HeldRoom, userId: string, key: number): void {
  const previous = room.places.get(userId);
  if (previous === key) return;
  if (previous !== undefined) room.order.splice(countBelow(room.order, previous), 1);
  room.places.set(userId, key);
  room.order.splice(countBelow(room.order, key), 0, key);
  if (key >= 2 ** 48) room.lastArrival = Math.max(room.lastArrival, key - 2 ** 48);
}

/** One database's waiting rooms as this instance holds them. */
class RoomMemory {
  private readonly drops = new Map<string, HeldDrop>();
  private readonly rooms = new Map<string, HeldRoom>();
  private readonly reads = new Map<string, Promise<unknown>>();

  constructor(private readonly db: Db) {}

  /** The drop's row (undefined: no such drop) and whether its product is sold out. */
  async drop(dropId: string, now = Date.now()): Promise<HeldDrop> {
    let held = this.drops.get(dropId);
    if (!held || now - held.readAt > DROP_TTL_MS)
      held = await this.once(`drop:${dropId}`, () => this.readDrop(dropId));
    else if (now - held.stockReadAt > STOCK_TTL_MS)
      void this.once(`stock:${dropId}`, () => this.readStock(held as HeldDrop)).catch(() => {});
    return held;
  }

  /** How many places are before this shopper's; undefined when they are not in the room. */
  async place(row: DropRow, userId: string, now = Date.now()): Promise<{ ahead: number } | undefined> {
    const settled = row.releaseAt.getTime() + RELEASE_MARGIN_MS;
    let room = this.rooms.get(row.id);
    if (!room || (now >= settled && room.readAt < settled) || now - room.readAt > ROOM_TTL_MS)
      room = await this.once(`room:${row.id}`, () => this.readRoom(row.id));
    if (!room.places.has(userId)) await this.meet(row.id, room, userId, now < settled);
    const key = room.places.get(userId);
    return key === undefined ? undefined : { ahead: countBelow(room.order, key) };
  }

  /**
   * A shopper this instance does not hold yet (they joined through another): before the release their own
   * place (nobody's position is shown yet, and the room is read whole after it), after it the arrivals
   * since the last one held.
   */
  private async meet(dropId: string, room: HeldRoom, userId: string, preQueue: boolean): Promise<void> {
    if (!preQueue) {
      await this.once(`more:${dropId}`, () => this.topUp(dropId, room));
      return;
    }
    const ticket = await repository.findTicket(this.db, dropId, userId);
    if (ticket) addPlace(room, ticket.userId, keyOf(ticket));
  }

  /** A place taken through this instance: held at once, with the arrivals before it. */
  async joined(ticket: TicketRow): Promise<void> {
    const room = this.rooms.get(ticket.dropId);
    if (!room) return;
    await this.once(`more:${ticket.dropId}`, () => this.topUp(ticket.dropId, room));
    if (ticket.phase === 0) addPlace(room, ticket.userId, keyOf(ticket));
  }

  /** A place given up through this instance (an expired admission joining again at the back). */
  left(dropId: string): void {
    this.rooms.delete(dropId);
  }

  /** A drop changed through this instance: read it again. */
  forget(dropId: string): void {
    this.drops.delete(dropId);
    this.rooms.delete(dropId);
  }

  /** One read of a kind at a time: callers meanwhile share its answer. */
  private once<T>(name: string, read: () => Promise<T>): Promise<T> {
    const running = this.reads.get(name);
    if (running) return running as Promise<T>;
    const started = read().finally(() => this.reads.delete(name));
    this.reads.set(name, started);
    return started;
  }

  private async readDrop(dropId: string): Promise<HeldDrop> {
    const readAt = Date.now();
    const row = await repository.findDrop(this.db, dropId);
    const held: HeldDrop = { row, soldOut: false, readAt, stockReadAt: readAt };
    if (row) await this.readStock(held);
    this.drops.set(dropId, held);
    return held;
  }

  private async readStock(held: HeldDrop): Promise<void> {
    if (!held.row) return;
    const readAt = Date.now();
    const [product] = await catalog.getProducts(this.db, [held.row.productId]);
    held.soldOut = !product || Object.values(product.stock).every((units) => units <= 0);
    held.stockReadAt = readAt;
  }

  private async readRoom(dropId: string): Promise<HeldRoom> {
    const readAt = Date.now();
    const room: HeldRoom = { readAt, places: new Map(), order: [], lastArrival: -1 };
    for (const ticket of await repository.findPlaces(this.db, dropId)) {
      room.places.set(ticket.userId, keyOf(ticket));
      if (ticket.phase === 1) room.lastArrival = Math.max(room.lastArrival, ticket.place);
    }
    room.order = [...room.places.values()].sort((a, b) => a - b);
    this.rooms.set(dropId, room);
    return room;
  }

  private async topUp(dropId: string, room: HeldRoom): Promise<HeldRoom> {
    for (const ticket of await repository.findArrivalsAfter(this.db, dropId, room.lastArrival))
      addPlace(room, ticket.userId, keyOf(ticket));
    return room;
  }
}

const memories = new WeakMap<Db, RoomMemory>();

/** The database's waiting rooms as this instance holds them. */
export function roomMemory(db: Db): RoomMemory {
  let memory = memories.get(db);
  if (!memory) {
    memory = new RoomMemory(db);
    memories.set(db, memory);
  }
  return memory;
}

/** A drop changed (its times, or its row written directly): this instance reads it again. */
export function forgetDrop(db: Db, dropId: string): void {
  roomMemory(db).forget(dropId);
}
