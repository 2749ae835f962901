import { z } from 'zod';
import { productIdSchema } from './catalog';
import { SIZE_PATTERN } from './orders';

/**
 * Back-in-stock alerts: a signed-in shopper asks to be told when a sold-out size of a product is on sale
 * again; one e-mail is sent when units come back, and the alert is used up.
 */
export const STOCK_ALERT_MESSAGES = {
  NOT_SOLD_OUT: 'This size is on sale: add it to your cart instead',
  ALREADY_ASKED: 'You will already be told when this size is back',
  NOTIFY_ME: 'Notify me',
  CREATED: 'We will e-mail you when this size is back in stock',
} as const;

/** `POST /api/stock-alerts`: only for a size of the product that is sold out right now. */
export const stockAlertCreateSchema = z.object({
  productId: productIdSchema,
  size: z.string().regex(SIZE_PATTERN, { error: 'must be a shoe size such as 9 or 9.5' }),
});
export type StockAlertCreate = z.infer<typeof stockAlertCreateSchema>;

export const stockAlertIdParamsSchema = z.object({ id: z.uuid({ error: 'must be an alert id' }) });

/** An alert as `GET /api/stock-alerts` lists it (own alerts only, newest first). */
export const stockAlertSchema = z.object({
  _id: z.string(),
  size: z.string(),
  createdAt: z.string(),
  product: z.object({ _id: z.string(), name: z.string(), brand: z.string(), card_picture: z.string() }),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;
export const stockAlertListSchema = z.array(stockAlertSchema);
