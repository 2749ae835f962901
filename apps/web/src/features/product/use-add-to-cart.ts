import { type CartItem, cartLineId, MAX_COUNT_OPTIONS, type ProductDetail } from '@shop/contracts';
import { useMemo, useState } from 'react';
import { sizeOptions } from '../../components/size-picker';
import { type AddResult, selectCartTotal, useCartStore } from '../../lib/cart/cart-store';
import { descriptionText } from '../../lib/description-html';

/**
 * A product's sizes with their stock, the size and quantity chosen, and Add to cart, which puts the line
 * in the cart and opens the 'added to the cart' dialog with the cart as it now is.
 */
export function useAddToCart(product: ProductDetail) {
  const sizes = useMemo(() => sizeOptions(product.stock), [product.stock]);
  const soldOutSizes = useMemo(
    () => sizes.filter((option) => option.units <= 0).map((option) => option.size),
    [sizes],
  );
  const [size, setSize] = useState<string | null>(null);
  const [count, setCount] = useState(1);
  const [added, setAdded] = useState<{ result: AddResult; item: CartItem } | null>(null);
  const [showAdded, setShowAdded] = useState(false);
  const cartItems = useCartStore((state) => state.items);
  const cartTotal = useCartStore(selectCartTotal);

  const units = sizes.find((option) => option.size === size)?.units ?? 0;
  const maxCount = Math.min(units, MAX_COUNT_OPTIONS);

  const chooseSize = (next: string) => {
    setSize(next);
    setCount(1);
  };

  const addToCart = () => {
    if (!size) return;
    const cart = useCartStore.getState();
    const result = cart.add({
      id: product._id,
      name: product.name,
      description: descriptionText(product.description),
      img: product.card_picture,
      size,
      price: product.price,
      count: Math.min(Math.max(count, 1), Math.max(maxCount, 1)),
    });
    const idAux = cartLineId(product._id, size);
    const item = useCartStore.getState().items.find((line) => line.idAux === idAux);
    if (item) {
      setAdded({ result, item });
      setShowAdded(true);
    }
  };

  return {
    sizes,
    soldOutSizes,
    soldOut: sizes.every((option) => option.units <= 0),
    size,
    chooseSize,
    /** Units left in the chosen size, and how many of them may be added at once. */
    units,
    maxCount,
    count,
    setCount,
    addToCart,
    added,
    showAdded,
    hideAdded: () => setShowAdded(false),
    cartItems,
    cartTotal,
  };
}
