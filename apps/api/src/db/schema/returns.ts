import { RETURN_REASONS, RETURN_REFUND_TO, RETURN_RESOLUTIONS, RETURN_STATES } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { createdAt, idKey, orderLineKey, ownedBy, stamp, uuidRef } from './columns';
import { order } from './orders';
import { user } from './users';

/**
 * The returns module's tables. A return moves requested → approved → received, or requested → rejected,
 * or requested/approved → cancelled, each once (conditional updates on `state`). While it is open, the
 * units of its exchange lines' new sizes are held in the catalogue's reservations.
 */
export const orderReturn = pgTable(
  'order_return',
  {
    id: idKey(),
    /** The return's number the buyer writes on the parcel: … */
    number: integer('number').generatedByDefaultAsIdentity().notNull().unique(),
    orderId: ownedBy('order_id', () => order.id),
    userId: uuidRef('user_id', () => user.id).notNull(),
    state: text('state', { enum: RETURN_STATES }).notNull().default('requested'),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    comment: text('comment').notNull().default(''),
    /** Staff's words to the buyer when they reject it. */
    staffMessage: text('staff_message').notNull().default(''),
    /** Where the buyer asked the refund to go: back to how they paid, or as store credit. */
    refundTo: text('refund_to', { enum: RETURN_REFUND_TO }).notNull().default('original'),
    /** The replacement order of its exchange lines, made on receipt. */
    exchangeOrderId: uuidRef('exchange_order_id', () => order.id),
    /** A refund in progress: nobody else starts the receipt until then (a crashed attempt's claim runs out). */
    claimedUntil: stamp('claimed_until'),
    createdAt: createdAt(),
    decidedAt: stamp('decided_at'),
    decidedBy: uuidRef('decided_by', () => user.id, 'set null'),
    receivedAt: stamp('received_at'),
    /** The tax its refund gave back, in proportion to what it refunded of each line (decision 34). */
    refundedTaxCents: integer('refunded_tax_cents').notNull().default(0),
  },
  (t) => [
    check('order_return_state_valid', oneOf(t.state, RETURN_STATES)),
    check('order_return_reason_valid', oneOf(t.reason, RETURN_REASONS)),
    check('order_return_refund_to_valid', oneOf(t.refundTo, RETURN_REFUND_TO)),
    index('order_return_order_idx').on(t.orderId),
    index('order_return_state_created_idx').on(t.state, t.createdAt),
  ],
);

/** One order line (by its position) in a return: how many units, and a refund or another size. */
export const returnLine = pgTable(
  'return_line',
  {
    returnId: ownedBy('return_id', () => orderReturn.id),
    /** The order line's position, and its product, name and size as the order holds them. */
    ...orderLineKey(),
    name: text('name').notNull(),
    size: doublePrecision('size').notNull(),
    count: integer('count').notNull(),
    resolution: text('resolution', { enum: RETURN_RESOLUTIONS }).notNull(),
    /** The size an exchange line's units are held in (same product). */
    exchangeSize: doublePrecision('exchange_size'),
    /** Why the buyer sends this line back (returns before lines had reasons: the return's). */
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    /** Set on receipt: whether the returned units went back on sale. */
    restocked: boolean('restocked'),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.position] }),
    check('return_line_count_positive', sql`${t.count} > 0`),
    check('return_line_resolution_valid', oneOf(t.resolution, RETURN_RESOLUTIONS)),
    check('return_line_reason_valid', oneOf(t.reason, RETURN_REASONS)),
    check(
      'return_line_exchange_has_size',
      sql`(${t.resolution} = 'exchange') = (${t.exchangeSize} IS NOT NULL)`,
    ),
  ],
);
