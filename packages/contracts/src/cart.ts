import { z } from 'zod';

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

export const CART_STORAGE_KEY = 'carrito';

/** `idAux` identifies a line: the same product in another size is another line. */
export function cartLineId(productId: string, size: string): string {
  return `${productId}${size}`;
}
