import { z } from './zod';

/** A cart line as the browser keeps it under localStorage `carrito` (spec section 3). */
export const cartItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  img: z.string(),
  size: z.string(),
  idAux: z.string(),
  price: z.number(),
  count: z.number().int().min(1),
  totalPrice: z.number(),
});
export type CartItem = z.infer<typeof cartItemSchema>;
