import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CartIcon } from '../../components/icons';
import { useSession } from '../../lib/session';
import './cart-button.css';

const loadPopover = () => import('./cart-login-popover');
const CartLoginPopover = lazy(loadPopover);
const CartCount = lazy(() => import('./cart-count'));

/**
 * A signed-in user goes to the cart; a guest gets a popover asking to log in first (spec: cart icon).
 * A badge shows how many units the browser's cart holds.
 */
export function CartButton() {
  const { user } = useSession();
  const navigate = useNavigate();
  const target = useRef<HTMLButtonElement>(null);
  const [show, setShow] = useState(false);
  const [requested, setRequested] = useState(false);
  const countId = useId();

  function onClick() {
    if (user) {
      navigate('/cart');
      return;
    }
    setRequested(true);
    setShow((open) => !open);
  }

  return (
    <>
      <button
        ref={target}
        type="button"
        className="nav-icon-btn"
        aria-label="Cart"
        aria-describedby={countId}
        aria-expanded={user ? undefined : show}
        aria-controls={user || !show ? undefined : 'cart-login-popover'}
        onClick={onClick}
        onPointerEnter={user ? undefined : () => void loadPopover()}
      >
        <CartIcon />
        <Suspense fallback={null}>
          <CartCount id={countId} />
        </Suspense>
      </button>
      {requested && !user ? (
        <Suspense fallback={null}>
          <CartLoginPopover target={target} show={show} onHide={() => setShow(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
