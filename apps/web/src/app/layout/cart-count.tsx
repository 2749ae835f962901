import { useCartCount } from '../../lib/cart/cart-store';

/**
 * The cart icon's badge: units in the browser's cart, with the same number in words for screen readers
 * (the cart button points at it with aria-describedby). The badge draws its number from CSS and the words
 * are hidden, so the button's name is just "Cart", its visible text included (WCAG 2.5.3). Loaded after the first paint, because the cart
 * store brings its validation code along.
 */
export default function CartCount({ id }: { id: string }) {
  const count = useCartCount();
  if (count <= 0) return null;
  return (
    <>
      <span className="cart-count" data-count={count > 99 ? '99+' : count} aria-hidden="true" />
      <span id={id} hidden>
        {count === 1 ? '1 item in cart' : `${count} items in cart`}
      </span>
    </>
  );
}
