import { productIdSchema } from './catalog';
import { SIZE_PATTERN } from './constants';
import { z } from './zod';

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
  product: z.object({
    _id: z.string(),
    name: z.string(),
    brand: z.string(),
    /** The product's genders: whose size chart labels the size (chartGenderOf). */
    gender: z.array(z.string()),
    card_picture: z.string(),
  }),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;
export const stockAlertListSchema = z.array(stockAlertSchema);
