import { DROP_ENTRY_STATUSES, DROP_MODES, type ShipTo } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { product } from './catalog';
import { createdAt, idKey, ownedBy, stamp, timestamps, uuidRef } from './columns';
import { order } from './orders';
import { user } from './users';

/**
 * The drops module's tables (docs/decisions/0030). A drop releases one product at `release_at`: by a draw
 * among entrants, or first come first served through a waiting room. Where a drop stands is read from the
 * clock and the draw (`drawn_at`), never stored.
 */
export const drop = pgTable(
  'drop',
  {
    id: idKey(),
    productId: uuid('product_id')
      .notNull()
      .unique()
      .references(() => product.id),
    mode: text('mode', { enum: DROP_MODES }).notNull(),
    releaseAt: stamp('release_at').notNull(),
    entryOpensAt: stamp('entry_opens_at'),
    entryClosesAt: stamp('entry_closes_at'),
    perPersonLimit: integer('per_person_limit').notNull().default(1),
    purchaseWindowMinutes: integer('purchase_window_minutes').notNull().default(30),
    /** A first-come drop's admission rate, set from its units when staff gave none. */
    admissionPerMinute: integer('admission_per_minute'),
    preQueueMinutes: integer('pre_queue_minutes').notNull().default(15),
    /** A draw's secret: 32 random bytes as hex, published only once drawn. */
    seed: text('seed'),
    /** SHA-256 of the seed's bytes, published from the start. */
    commitment: text('commitment'),
    drawnAt: stamp('drawn_at'),
    /** The pairs each size had when drawn: how many of its drawn order won (`{ "9": 40 }`). */
    drawnUnits: jsonb('drawn_units').$type<Record<string, number>>(),
    /** When the "notify me" e-mails were queued (the entry or the pre-queue opened). */
    notifiedAt: stamp('notified_at'),
    ...timestamps(),
  },
  (t) => [
    check('drop_mode_valid', oneOf(t.mode, DROP_MODES)),
    check('drop_limit_positive', sql`${t.perPersonLimit} > 0`),
    check(
      'drop_entry_window_ordered',
      sql`${t.entryOpensAt} IS NULL OR ${t.entryClosesAt} IS NULL OR ${t.entryOpensAt} < ${t.entryClosesAt}`,
    ),
    index('drop_release_idx').on(t.releaseAt),
  ],
);

/**
 * One person's entry in a draw. `id` is the anonymous id the draw publishes. One per account, per shipping
 * address and per phone number (normalised), enforced by unique indexes. After the draw: won (a pair held
 * until `hold_until`), bought, lapsed (not paid in time) or waiting (next in the drawn order).
 */
export const dropEntry = pgTable(
  'drop_entry',
  {
    id: text('id').primaryKey(),
    dropId: ownedBy('drop_id', () => drop.id),
    userId: uuidRef('user_id', () => user.id).notNull(),
    size: doublePrecision('size').notNull(),
    addressKey: text('address_key').notNull(),
    phoneKey: text('phone_key').notNull(),
    /** The address the entry was made from, frozen: the winner's pair ships there. */
    shipTo: jsonb('ship_to').$type<ShipTo>(),
    status: text('status', { enum: DROP_ENTRY_STATUSES }).notNull().default('entered'),
    /** Place in the size's drawn order, from 1. */
    rank: integer('rank'),
    holdUntil: stamp('hold_until'),
    /** The winner's pending or paid order for the held pair. */
    orderId: uuidRef('order_id', () => order.id),
    /** The draw's result e-mail was queued. */
    announcedAt: stamp('announced_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('drop_entry_status_valid', oneOf(t.status, DROP_ENTRY_STATUSES)),
    uniqueIndex('drop_entry_user_idx').on(t.dropId, t.userId),
    uniqueIndex('drop_entry_address_idx').on(t.dropId, t.addressKey),
    uniqueIndex('drop_entry_phone_idx').on(t.dropId, t.phoneKey).where(sql`${t.phoneKey} <> ''`),
    index('drop_entry_rank_idx').on(t.dropId, t.size, t.rank),
    index('drop_entry_order_idx').on(t.orderId),
  ],
);

/** A drop and a person in it, both deleted with their rows. */
const dropAndUser = () => ({
  dropId: ownedBy('drop_id', () => drop.id),
  userId: ownedBy('user_id', () => user.id),
});

/** Who asked to hear when a drop's entry or pre-queue opens. */
export const dropNotify = pgTable(
  'drop_notify',
  {
    ...dropAndUser(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.dropId, t.userId] })],
);

/** Proofs of work already spent: a proof counts once, until its challenge expires. */
export const dropProof = pgTable(
  'drop_proof',
  {
    challenge: text('challenge').primaryKey(),
    expiresAt: stamp('expires_at').notNull(),
  },
  (t) => [index('drop_proof_expires_idx').on(t.expiresAt)],
);

/**
 * A place in a first-come drop's waiting room, one per person. The room's order is (`phase`, `place`):
 * phase 0 is the pre-queue, whose `place` is a cryptographically random number drawn at joining and never
 * shown before the release (so the pre-queue is a uniform shuffle); phase 1 is everyone after the release,
 * in arrival order (`place` from a sequence). `bought_at` counts the room's buyers for the staff's figures.
 */
export const dropTicket = pgTable(
  'drop_ticket',
  {
    ...dropAndUser(),
    phase: smallint('phase').notNull(),
    place: bigint('place', { mode: 'number' }).notNull(),
    joinedAt: stamp('joined_at').notNull().defaultNow(),
    /** The shopper's last order through their admission, and when one of their orders was paid. */
    orderId: uuidRef('order_id', () => order.id),
    boughtAt: stamp('bought_at'),
  },
  (t) => [
    primaryKey({ columns: [t.dropId, t.userId] }),
    check('drop_ticket_phase_valid', sql`${t.phase} IN (0, 1)`),
    index('drop_ticket_order_idx').on(t.dropId, t.phase, t.place),
    index('drop_ticket_bought_order_idx').on(t.orderId),
  ],
);
