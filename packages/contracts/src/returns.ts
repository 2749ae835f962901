import { SIZE_PATTERN } from './constants';
import { orderLineRefSchema } from './fulfilment';
import { limitQuerySchema, pageQuerySchema } from './paging';
import {
  RETURN_COMMENT_MAX,
  RETURN_MESSAGE_MAX,
  RETURN_REASONS,
  RETURN_REFUND_TO,
  RETURN_RESOLUTIONS,
  RETURN_STATES,
  type ReturnReason,
} from './return-rules';
import { z } from './zod';

const reasonSchema = z.enum(RETURN_REASONS, { error: `must be one of ${RETURN_REASONS.join(', ')}` });

const sizeSchema = z
  .union([z.string(), z.number()], { error: 'must be a shoe size such as 9 or 9.5' })
  .transform((size) => String(size))
  .refine((size) => SIZE_PATTERN.test(size), { error: 'must be a shoe size such as 9 or 9.5' });

/** `POST /api/orders/:id/returns` (the buyer): which units go back, why, and a refund or another size each. */
export const returnBodySchema = z
  .object({
    lines: z
      .array(
        orderLineRefSchema
          .extend({
            resolution: z.enum(RETURN_RESOLUTIONS, { error: 'must be refund or exchange' }),
            exchangeSize: sizeSchema.optional(),
            /** Why this line goes back; without it, the return's `reason`. */
            reason: reasonSchema.optional(),
          })
          .refine((line) => line.resolution === 'refund' || line.exchangeSize !== undefined, {
            error: 'an exchange needs the size to exchange for',
            path: ['exchangeSize'],
          })
          .refine((line) => line.resolution === 'exchange' || line.exchangeSize === undefined, {
            error: 'only an exchange takes a size',
            path: ['exchangeSize'],
          })
          .refine((line) => line.exchangeSize === undefined || line.exchangeSize !== line.size, {
            error: 'must be another size than the one returned',
            path: ['exchangeSize'],
          }),
      )
      .min(1, { error: 'must name at least one line' })
      .max(50, { error: 'must have at most 50 lines' }),
    /** The whole return's reason (the older form): the reason of every line that names none. */
    reason: reasonSchema.optional(),
    /** Where the refund goes: back to how the order was paid (the default), or as store credit. */
    refundTo: z.enum(RETURN_REFUND_TO, { error: 'must be original or credit' }).optional(),
    comment: z
      .string({ error: 'must be text' })
      .trim()
      .max(RETURN_COMMENT_MAX, { error: `must be at most ${RETURN_COMMENT_MAX} characters` })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.reason !== undefined) return;
    body.lines.forEach((line, index) => {
      if (line.reason === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'reason'],
          message: 'is required: say why this pair goes back',
        });
    });
  });
export type ReturnBody = z.infer<typeof returnBodySchema>;

/** Each line's reason: its own, or the whole return's (the body's refinement makes sure one is given). */
export function lineReason(body: Pick<ReturnBody, 'reason'>, line: { reason?: ReturnReason }): ReturnReason {
  const reason = line.reason ?? body.reason;
  if (reason === undefined) throw new Error('A return line without a reason passed validation');
  return reason;
}

export const returnIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a return id' }) });

/** `POST /api/returns/:id/reject` (staff): the words the buyer gets. */
export const returnRejectBodySchema = z.object({
  message: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required: tell the buyer why' })
    .max(RETURN_MESSAGE_MAX, { error: `must be at most ${RETURN_MESSAGE_MAX} characters` }),
});

/** `POST /api/returns/:id/receive` (staff): per returned line, whether its units go back on sale. */
export const returnReceiveBodySchema = z.object({
  lines: z
    .array(
      z.object({
        productId: z.uuid({ error: 'must be a product id' }),
        size: sizeSchema,
        restock: z.boolean({ error: 'must be true or false' }),
      }),
    )
    .min(1, { error: 'must name at least one line' })
    .max(50, { error: 'must have at most 50 lines' }),
});
export type ReturnReceiveBody = z.infer<typeof returnReceiveBodySchema>;

/** `GET /api/returns?state=` (staff): newest first, a page at a time. */
export const returnsQuerySchema = z.object({
  state: z.enum(RETURN_STATES, { error: `must be one of ${RETURN_STATES.join(', ')}` }).optional(),
  page: pageQuerySchema,
  limit: limitQuerySchema(50),
});
export type ReturnsQuery = z.infer<typeof returnsQuerySchema>;

export const returnLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  size: z.string(),
  count: z.number().int(),
  resolution: z.enum(RETURN_RESOLUTIONS),
  exchangeSize: z.string().nullable(),
  /** Why the buyer sends this line back. */
  reason: z.enum(RETURN_REASONS),
  /** Set on receipt: whether the units went back on sale. */
  restock: z.boolean().nullable(),
});

/** A part of a return's refund: how much goes (or went) back through one tender. */
export const refundPartSchema = z.object({
  /** A payment provider's id, or `store_credit`. */
  tender: z.string(),
  amount: z.number(),
});

/**
 * `GET /api/returns/:id/refund-preview` (staff): what receiving the return would give back now and where,
 * before anyone confirms; nothing changes. An exchange-only return gives back 0 with no parts.
 */
export const returnRefundPreviewSchema = z.object({
  amount: z.number(),
  parts: z.array(refundPartSchema),
});
export type ReturnRefundPreview = z.infer<typeof returnRefundPreviewSchema>;

export const orderReturnSchema = z.object({
  id: z.string(),
  /** The number the buyer writes on the parcel: "R-12". */
  number: z.string(),
  orderId: z.string(),
  state: z.enum(RETURN_STATES),
  /** The whole return's reason, as the older form gave it: the first line's; each line has its own. */
  reason: z.enum(RETURN_REASONS),
  comment: z.string(),
  /** Staff's message when they rejected it. */
  message: z.string(),
  lines: z.array(returnLineSchema),
  refundedAmount: z.number(),
  /** The tax in what came back (decision 34). */
  refundedTax: z.number(),
  /** Where what came back went, by tender (a payment provider, or store credit): the payments ledger's. */
  refundParts: z.array(refundPartSchema),
  refundTo: z.enum(RETURN_REFUND_TO),
  exchangeOrderId: z.string().nullable(),
  /** The number of the size exchange's replacement order (null while there is none). */
  exchangeOrderNumber: z.number().int().nullable(),
  createdAt: z.string(),
  /** When staff approved or rejected it, or it was cancelled (null while undecided). */
  decidedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
});
export type OrderReturn = z.infer<typeof orderReturnSchema>;
export const orderReturnsSchema = z.object({ returns: z.array(orderReturnSchema) });

/** A return in the staff's list: with its order's number, the currency its amounts are in, and its buyer. */
export const staffReturnSchema = orderReturnSchema.extend({
  orderNumber: z.number().int(),
  /** The ISO 4217 code (EUR) of its order, which its refund is in: the order's, not today's shop's. */
  currency: z.string(),
  buyer: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
});
export type StaffReturn = z.infer<typeof staffReturnSchema>;
export const staffReturnsSchema = z.object({ returns: z.array(staffReturnSchema) });
