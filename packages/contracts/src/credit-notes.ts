import { z } from 'zod';
import { orderIdSchema } from './orders';

/** A credit note's number as printed: "CN-" and its place in the shop's one sequence, six digits at least. */
export function creditNoteName(number: number): string {
  return `CN-${String(number).padStart(6, '0')}`;
}

/** A credit note's number as the API takes it ("CN-000001"), read back to its place in the sequence. */
export const creditNoteNumberSchema = z
  .string()
  .regex(/^CN-\d{6,9}$/, { error: 'must be a credit note number such as CN-000001' })
  .transform((name) => Number(name.slice(3)));

export const creditNoteParamsSchema = z.object({ id: orderIdSchema, number: creditNoteNumberSchema });

/**
 * One credit note of an order (`GET /api/orders/:id/credit-notes`): each refund has one, numbered in the
 * shop's one sequence. `amount` is what went back in all (every tender), `tax` the tax in it, both decimals;
 * `url` the printable note.
 */
export const creditNoteSchema = z.object({
  number: z.string(),
  amount: z.number(),
  tax: z.number(),
  createdAt: z.string(),
  url: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const creditNotesSchema = z.array(creditNoteSchema);

/** Where an order's printable credit note is. */
export const creditNoteUrl = (orderId: string, number: string) =>
  `/api/orders/${encodeURIComponent(orderId)}/credit-notes/${number}`;
