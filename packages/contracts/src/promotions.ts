import { BRANDS, CATEGORIES, MAX_AMOUNT, MAX_COUNT_OPTIONS } from './constants';
import { pageQuerySchema } from './paging';
import { isValidPrice } from './products-admin-rules';
import { PROMOTION_KINDS, type PromotionKind, promotionKind } from './promotion-kinds';
import { z } from './zod';

/** What staff set: active codes apply, paused ones are refused for now, archived ones for good. */
export const PROMOTION_STATUSES = ['active', 'paused', 'archived'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/**
 * Where a promotion stands now, from its status, dates and uses: what the staff's list shows and filters
 * by. `scheduled`: active but not started; `ended`: past its end; `used_up`: every use taken.
 */
export const PROMOTION_STATES = ['active', 'scheduled', 'ended', 'used_up', 'paused', 'archived'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];
export const PROMOTION_STATE_LABELS: Record<PromotionState, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  ended: 'Ended',
  used_up: 'Used up',
  paused: 'Paused',
  archived: 'Archived',
};

/** A code: 3 to 32 letters, digits, dashes or underscores; shoppers may type it in any case. */
export const PROMOTION_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/;
/** The most uses a cap may name, and the most products a promotion may name. */
export const PROMOTION_USES_MAX = 1_000_000;
export const PROMOTION_PRODUCTS_MAX = 200;

const codeSchema = z.string({ error: 'must be text' }).trim().regex(PROMOTION_CODE_PATTERN, {
  error: 'must be 3 to 32 letters, digits, dashes or underscores, starting with a letter or digit',
});

const usesSchema = z
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' })
  .max(PROMOTION_USES_MAX, { error: `must be at most ${PROMOTION_USES_MAX}` });

const instantSchema = z.iso
  .datetime({ offset: true, error: 'must be an ISO date and time such as 2026-12-01T09:00:00Z' })
  .refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 2000 && year <= 9998;
    },
    { error: 'must be between the years 2000 and 9998' },
  );

export const promotionEligibleSchema = z
  .object({
    productIds: z
      .array(z.uuid({ error: 'must be a product id' }))
      .max(PROMOTION_PRODUCTS_MAX, { error: `must name at most ${PROMOTION_PRODUCTS_MAX} products` })
      .optional(),
    brands: z.array(z.enum(BRANDS, { error: 'must be a brand the shop sells' })).optional(),
    categories: z.array(z.enum(CATEGORIES, { error: 'must be a category of the shop' })).optional(),
  })
  .strict();
export type PromotionEligible = z.infer<typeof promotionEligibleSchema>;

/** The fields of a promotion as staff send them; `value` is the percentage (1 to 100) or the amount off. */
const promotionFields = {
  code: codeSchema,
  kind: z.enum(PROMOTION_KINDS, { error: `must be one of ${PROMOTION_KINDS.join(', ')}` }),
  value: z.number({ error: 'must be a number' }).nullable().optional(),
  minOrder: z
    .number({ error: 'must be a number' })
    .min(0, { error: 'must be 0 or more' })
    .max(MAX_AMOUNT, { error: `must be ${MAX_AMOUNT} or less` })
    .refine((amount) => amount === 0 || isValidPrice(amount), { error: 'must have at most 2 decimals' })
    .nullable()
    .optional(),
  startsAt: instantSchema.nullable().optional(),
  endsAt: instantSchema.nullable().optional(),
  totalUses: usesSchema.nullable().optional(),
  usesPerCustomer: usesSchema.nullable().optional(),
  eligible: promotionEligibleSchema.nullable().optional(),
  appliesToDrops: z.boolean({ error: 'must be true or false' }).optional(),
};

/** Whether `value` fits `kind`, as the kind's strategy says. */
function valueIssue(kind: PromotionKind, value: number | null | undefined): string | undefined {
  return promotionKind(kind).valueIssue(value);
}

const datesInOrder = (body: { startsAt?: string | null; endsAt?: string | null }) =>
  !body.startsAt || !body.endsAt || new Date(body.startsAt) < new Date(body.endsAt);

/**
 * `POST /api/promotions` (staff). A new promotion may not have ended already (a code nobody could use);
 * an existing one is ended early by a change of `endsAt`.
 */
export const promotionCreateSchema = z
  .object(promotionFields)
  .strict()
  .superRefine((body, ctx) => {
    const issue = valueIssue(body.kind, body.value);
    if (issue) ctx.addIssue({ code: 'custom', path: ['value'], message: issue });
    if (!datesInOrder(body))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
    else if (body.endsAt && new Date(body.endsAt).getTime() <= Date.now())
      ctx.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: 'must be in the future: this promotion would have ended already',
      });
  });
export type PromotionCreate = z.infer<typeof promotionCreateSchema>;

/**
 * `PUT /api/promotions/:id` (staff): any of the fields, and `status` to pause, resume or archive. The value
 * is checked against the kind the promotion will have, on the server.
 */
export const promotionUpdateSchema = z
  .object({
    ...promotionFields,
    status: z.enum(PROMOTION_STATUSES, { error: 'must be active, paused or archived' }),
  })
  .partial()
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error: 'Send at least one field to change',
  })
  .refine(datesInOrder, { path: ['endsAt'], error: 'must be after startsAt' });
export type PromotionUpdate = z.infer<typeof promotionUpdateSchema>;

export const promotionIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a promotion id' }) });

export { valueIssue as promotionValueIssue };

export const promotionSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  /** The kind's value as staff set it: the percentage, the amount off, or null for a kind that takes none. */
  value: z.number().nullable(),
  minOrder: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  totalUses: z.number().int().nullable(),
  usesPerCustomer: z.number().int().nullable(),
  eligible: z.object({
    productIds: z.array(z.string()),
    brands: z.array(z.string()),
    categories: z.array(z.string()),
  }),
  appliesToDrops: z.boolean(),
  status: z.enum(PROMOTION_STATUSES),
  state: z.enum(PROMOTION_STATES),
  /** Orders holding it now: unpaid ones reserving a use, and paid ones. */
  uses: z.number().int(),
  /** What it took off paid orders, and what those orders came to. */
  discounted: z.number(),
  sales: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** `GET /api/promotions` (staff): newest first; by default every promotion but the archived ones. */
export const promotionsQuerySchema = z.object({
  state: z.enum(PROMOTION_STATES, { error: `must be one of ${PROMOTION_STATES.join(', ')}` }).optional(),
  search: z.string().trim().max(32, { error: 'must be at most 32 characters' }).optional(),
  page: pageQuerySchema,
});
export type PromotionsQuery = z.infer<typeof promotionsQuerySchema>;
export const promotionListSchema = z.object({
  promotions: z.array(promotionSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type PromotionList = z.infer<typeof promotionListSchema>;

/** A shopper's code as typed in the cart or sent with a checkout. */
export const promotionCodeInputSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, { error: 'type a code' })
  .max(32, { error: 'must be at most 32 characters' });

/** `POST /api/promotions/check`: the code and the cart's lines (id, size, count). */
export const promotionCheckBodySchema = z.object({
  code: promotionCodeInputSchema,
  products: z
    .array(
      z.object({
        id: z.uuid({ error: 'must be a product id' }),
        size: z.string().regex(/^\d+(\.5)?$/, { error: 'must be a shoe size such as 9 or 9.5' }),
        count: z
          .number({ error: 'must be a number' })
          .int({ error: 'must be a whole number' })
          .min(1, { error: 'must be at least 1' })
          .max(MAX_COUNT_OPTIONS, { error: `must be at most ${MAX_COUNT_OPTIONS}` }),
      }),
    )
    .min(1, { error: 'the cart is empty' })
    .max(50, { error: 'must have at most 50 lines' }),
});
export type PromotionCheckBody = z.infer<typeof promotionCheckBodySchema>;

/** What the code takes off: each line's discount and the total's; `freeShipping` when it ships for free. */
export const promotionCheckSchema = z.object({
  code: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  /** Off the lines, in all. */
  discount: z.number(),
  freeShipping: z.boolean(),
  /** The lines in the cart's order: today's price, the count, the line's discount and what it comes to. */
  lines: z.array(
    z.object({
      id: z.string(),
      size: z.string(),
      count: z.number().int(),
      price: z.number(),
      eligible: z.boolean(),
      discount: z.number(),
      total: z.number(),
    }),
  ),
  /** The lines before and after the discount. */
  subtotal: z.number(),
  total: z.number(),
  /** The words shown under the field: "20% off eligible pairs", "Free shipping". */
  summary: z.string(),
});
export type PromotionCheck = z.infer<typeof promotionCheckSchema>;
