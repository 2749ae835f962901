import { MAX_AMOUNT } from './constants';
import { pageQuerySchema } from './paging';
import { z } from './zod';

/**
 * What a ledger entry records: staff's grant or adjustment, an order's spend, a spend given back (the order
 * was cancelled before its payment), a refund paid as credit (an order refunded, or a return).
 */
export const CREDIT_KINDS = ['grant', 'adjustment', 'spend', 'spend_returned', 'refund', 'return'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];
export const CREDIT_KIND_LABELS: Record<CreditKind, string> = {
  grant: 'Granted by the shop',
  adjustment: 'Adjusted by the shop',
  spend: 'Paid an order',
  spend_returned: 'Given back: order not paid',
  refund: 'Refund as credit',
  return: 'Return refunded as credit',
};
export const CREDIT_REASON_MAX = 200;
export const CREDIT_PAGE_SIZE = 50;

export const creditEntrySchema = z.object({
  id: z.string(),
  /** Positive adds to the balance, negative takes from it. */
  amount: z.number(),
  balanceAfter: z.number(),
  kind: z.enum(CREDIT_KINDS),
  reason: z.string(),
  orderId: z.string().nullable(),
  /** The order's number, for "Paid order #12". */
  orderNumber: z.number().int().nullable(),
  returnId: z.string().nullable(),
  date: z.string(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/** `GET /api/users/:id/credit` (the owner and staff): the balance and the ledger, newest first, one page. */
export const creditSchema = z.object({
  balance: z.number(),
  entries: z.array(creditEntrySchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type Credit = z.infer<typeof creditSchema>;
export const creditQuerySchema = z.object({ page: pageQuerySchema });

/**
 * `POST /api/users/:id/credit` (staff): a grant (positive) or an adjustment (negative, never below the
 * balance), with the reason the buyer reads in their history.
 */
export const creditGrantBodySchema = z.object({
  amount: z
    .number({ error: 'must be a number' })
    .refine((amount) => amount !== 0, { error: 'must not be 0' })
    .refine((amount) => Math.abs(amount) <= MAX_AMOUNT, { error: `must be at most ${MAX_AMOUNT}` })
    .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, {
      error: 'must have at most 2 decimals',
    }),
  reason: z
    .string({ error: 'must be text' })
    .trim()
    .min(3, { error: 'must be at least 3 characters' })
    .max(CREDIT_REASON_MAX, { error: `must be at most ${CREDIT_REASON_MAX} characters` }),
});
export type CreditGrantBody = z.infer<typeof creditGrantBodySchema>;
