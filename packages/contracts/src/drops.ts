import { productIdSchema } from './catalog';
import { MAX_COUNT_OPTIONS, SIZE_PATTERN } from './constants';
import { DROP_BOUNDS, DROP_ENTRY_STATUSES, DROP_MODES, DROP_STATES } from './drop-rules';
import { shipToSchema } from './users';
import { z } from './zod';

export const dropIdSchema = z.uuid({ error: 'must be a drop id' });
export const dropParamsSchema = z.object({ id: dropIdSchema });

/** `GET /api/drops?productId=`: the drops of one product only. */
export const dropsQuerySchema = z.object({ productId: productIdSchema.optional() });

const instantSchema = z.iso.datetime({
  offset: true,
  error: 'must be a date and time such as 2027-01-31T18:00:00Z',
});

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be ${min} or more` })
    .max(max, { error: `must be ${max} or less` });

/**
 * `POST /api/drops` and `PUT /api/drops/:id` (staff). A draw's entry opens at `entryOpensAt` (default: now)
 * and closes at `entryClosesAt` (default: `releaseAt`), at the latest at the release; winners pay from the
 * release. Entry times are refused on a first-come drop, the admission rate and pre-queue on a draw.
 */
export const dropBodySchema = z
  .object({
    productId: productIdSchema,
    mode: z.enum(DROP_MODES, { error: 'must be draw or queue' }),
    releaseAt: instantSchema,
    entryOpensAt: instantSchema.optional(),
    entryClosesAt: instantSchema.optional(),
    perPersonLimit: wholeNumber(1, MAX_COUNT_OPTIONS).optional(),
    purchaseWindowMinutes: wholeNumber(
      DROP_BOUNDS.purchaseWindowMinutes.min,
      DROP_BOUNDS.purchaseWindowMinutes.max,
    ).optional(),
    admissionPerMinute: wholeNumber(
      DROP_BOUNDS.admissionPerMinute.min,
      DROP_BOUNDS.admissionPerMinute.max,
    ).optional(),
    preQueueMinutes: wholeNumber(DROP_BOUNDS.preQueueMinutes.min, DROP_BOUNDS.preQueueMinutes.max).optional(),
  })
  .superRefine((body, context) => {
    const refuse = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (body.mode === 'queue') {
      if (body.entryOpensAt) refuse('entryOpensAt', 'is only for a draw');
      if (body.entryClosesAt) refuse('entryClosesAt', 'is only for a draw');
      return;
    }
    if (body.admissionPerMinute !== undefined) refuse('admissionPerMinute', 'is only for a first-come drop');
    if (body.preQueueMinutes !== undefined) refuse('preQueueMinutes', 'is only for a first-come drop');
    const release = Date.parse(body.releaseAt);
    const opens = body.entryOpensAt ? Date.parse(body.entryOpensAt) : undefined;
    const closes = body.entryClosesAt ? Date.parse(body.entryClosesAt) : undefined;
    if (closes !== undefined && closes > release) refuse('entryClosesAt', 'must be at or before the release');
    if (opens !== undefined && opens >= (closes ?? release))
      refuse('entryOpensAt', 'must be before the entry closes');
  });
export type DropBody = z.infer<typeof dropBodySchema>;

/** One size of the release: the pairs there are, and how many have entered for it (a draw). */
export const dropSizeSchema = z.object({
  size: z.string(),
  units: z.number().int(),
  entrants: z.number().int(),
});

/**
 * A first-come drop's waiting room in figures: everyone who joined, those whose turn has come, those who
 * bought (paid) through it, and those whose turn is running now and who have not bought.
 */
export const dropRoomFiguresSchema = z.object({
  joined: z.number().int(),
  admitted: z.number().int(),
  bought: z.number().int(),
  holding: z.number().int(),
});
export type DropRoomFigures = z.infer<typeof dropRoomFiguresSchema>;

export const dropSummarySchema = z.object({
  id: z.string(),
  mode: z.enum(DROP_MODES),
  state: z.enum(DROP_STATES),
  product: z.object({
    id: z.string(),
    name: z.string(),
    brand: z.string(),
    /** The product's genders: whose size chart labels its sizes (chartGenderOf). */
    gender: z.array(z.string()),
    price: z.number(),
    card_picture: z.string(),
  }),
  releaseAt: z.string(),
  entryOpensAt: z.string().nullable(),
  entryClosesAt: z.string().nullable(),
  /** When the pre-queue of a first-come drop opens. */
  preQueueOpensAt: z.string().nullable(),
  perPersonLimit: z.number().int(),
  purchaseWindowMinutes: z.number().int(),
  admissionPerMinute: z.number().int().nullable(),
  sizes: z.array(dropSizeSchema),
  /** A draw's SHA-256 commitment to its secret seed (lowercase hex), published when the entry opens. */
  commitment: z.string().nullable(),
  drawnAt: z.string().nullable(),
  /** A first-come drop's waiting room in figures; null for a draw. */
  room: dropRoomFiguresSchema.nullable(),
});
export type DropSummary = z.infer<typeof dropSummarySchema>;

/** `GET /api/drops/:id`: once drawn, the seed and every entry id, so anyone can recompute the draw. */
export const dropSchema = dropSummarySchema.extend({
  seed: z.string().nullable(),
  /** Entry ids per size, in the order they were made (anonymous: the entrant knows their own). */
  entries: z.record(z.string(), z.array(z.string())).nullable(),
  /** Per size, the first `units` entry ids of the drawn order. */
  winners: z.record(z.string(), z.array(z.string())).nullable(),
});
export type Drop = z.infer<typeof dropSchema>;

export const dropsSchema = z.object({ drops: z.array(dropSummarySchema) });

export const dropEntryBodySchema = z.object({
  size: z
    .string({ error: 'is required' })
    .regex(SIZE_PATTERN, { error: 'must be a shoe size such as 9 or 9.5' }),
  /** The solved proof of work: base64 of `{ algorithm, challenge, number, salt, signature }`. */
  proof: z
    .string({ error: 'is required' })
    .min(1, { error: 'is required' })
    .max(2000, { error: 'is too long' }),
});
export const dropEntrySizeBodySchema = dropEntryBodySchema.pick({ size: true });

export const dropEntryCreatedSchema = z.object({ id: z.string(), size: z.string() });

export const myDropEntrySchema = z.object({
  id: z.string(),
  size: z.string(),
  status: z.enum(DROP_ENTRY_STATUSES),
  /** Place in the size's drawn order (1 = first), once drawn. */
  rank: z.number().int().nullable(),
  /** A winner's pair is held for them until then. */
  holdUntil: z.string().nullable(),
  /** A winner's order for the pair, once they checked out. */
  orderId: z.string().nullable(),
  createdAt: z.string(),
  /** The address the entry was made from: the winner's pair ships there (null for entries made before). */
  shipTo: shipToSchema.nullable(),
});
export type MyDropEntry = z.infer<typeof myDropEntrySchema>;

/** `GET /api/drops/me`: the signed-in shopper's draws and waiting rooms, newest release first. */
export const myDropSchema = z.object({
  drop: dropSummarySchema.pick({ id: true, mode: true, state: true, releaseAt: true, product: true }),
  /** Their entry in a draw, with its number on the waiting list when it was not picked. */
  entry: myDropEntrySchema.extend({ waitingList: z.number().int().nullable() }).nullable(),
  /** Their place in a first-come drop's waiting room, as its poll answers it, and whether they bought. */
  place: z
    .object({
      joinedAt: z.string(),
      state: z.enum(['pre_queue', 'waiting', 'admitted', 'expired', 'sold_out']),
      position: z.number().int().nullable(),
      bought: z.boolean(),
    })
    .nullable(),
});
export type MyDrop = z.infer<typeof myDropSchema>;
export const myDropsSchema = z.object({ drops: z.array(myDropSchema) });

/** `GET /api/drops/:id/challenge`: ALTCHA's proof-of-work challenge (altcha-lib 1.x). */
export const dropChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  salt: z.string(),
  maxnumber: z.number().int(),
  signature: z.string(),
});
export type DropChallenge = z.infer<typeof dropChallengeSchema>;

/** `GET/POST/DELETE /api/drops/:id/notify`: one e-mail when the entry opens or the release starts. */
export const dropNotifySchema = z.object({ notify: z.boolean() });

/**
 * `POST /api/drops/:id/queue`, `GET /api/drops/:id/queue/me`. Waiting: `position` is null in the pre-queue
 * (everyone there is shuffled at the release) and then counts down; `estimateSeconds` only goes down.
 * Admitted: a token for the checkout's `admission`, valid until `expiresAt`.
 */
export const queueWaitingSchema = z.object({
  admitted: z.literal(false),
  state: z.enum(['pre_queue', 'waiting', 'expired', 'sold_out']),
  position: z.number().int().nullable(),
  estimateSeconds: z.number().int(),
  releaseAt: z.string(),
});
export const queueAdmittedSchema = z.object({
  admitted: z.literal(true),
  token: z.string(),
  expiresAt: z.string(),
});
export const queueStatusSchema = z.union([queueWaitingSchema, queueAdmittedSchema]);
export type QueueStatus = z.infer<typeof queueStatusSchema>;

/** `GET /api/drops/:id/entries` (staff, JSON; CSV with `Accept: text/csv`). */
export const staffDropEntrySchema = myDropEntrySchema.extend({
  user: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  paid: z.boolean(),
});
export type StaffDropEntry = z.infer<typeof staffDropEntrySchema>;
export const staffDropEntriesSchema = z.object({ entries: z.array(staffDropEntrySchema) });

/** `GET /api/admin/drops` (staff): every drop, newest release first, finished ones too. */
export const staffDropsSchema = z.object({ drops: z.array(dropSummarySchema) });
