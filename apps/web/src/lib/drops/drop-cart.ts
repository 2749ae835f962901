import { cartLineId } from '@shop/contracts';
import { useCartStore } from '../cart/cart-store';

/** What a drop says of its product, as a cart line needs it. */
export interface DropProduct {
  id: string;
  name: string;
  price: number;
  card_picture: string;
}

/**
 * Puts exactly one pair of the drop's product in the cart, in `size`: other sizes of the product leave
 * the cart (a drop sells one pair a person), and a line already there goes back to a count of 1.
 */
export function putDropPairInCart(product: DropProduct, size: string): void {
  const cart = useCartStore.getState();
  const idAux = cartLineId(product.id, size);
  for (const line of cart.items) {
    if (line.id === product.id && line.idAux !== idAux) cart.remove(line.idAux);
  }
  const added = useCartStore.getState().add({
    id: product.id,
    name: product.name,
    description: product.name,
    img: product.card_picture,
    size,
    price: product.price,
    count: 1,
  });
  if (added === 'duplicate') useCartStore.getState().setCount(idAux, 1);
}
