import { type RefObject, useRef } from 'react';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';
import { Link } from 'react-router';

/**
 * Loaded on a guest's first click on the cart, so the popover's code is not part of the first page load.
 * It takes focus when it opens, so LogIn is the next thing a keyboard reaches; Escape closes it and gives
 * focus back to the cart button.
 */
export default function CartLoginPopover({
  target,
  show,
  onHide,
}: {
  target: RefObject<HTMLButtonElement | null>;
  show: boolean;
  onHide: () => void;
}) {
  const logIn = useRef<HTMLAnchorElement>(null);

  // Called for Escape and for a click outside; a click elsewhere has already moved focus where it belongs.
  function hideFromOutside() {
    if (document.activeElement === logIn.current) target.current?.focus();
    onHide();
  }

  return (
    <Overlay
      target={target}
      show={show}
      placement="bottom-end"
      rootClose
      onHide={hideFromOutside}
      onEntered={() => logIn.current?.focus()}
    >
      <Popover id="cart-login-popover" className="cart-popover" role="dialog" aria-label="Cart">
        <Popover.Body>
          <p className="mb-3 fw-semibold">You must be logged in to enter the cart</p>
          <Link ref={logIn} to="/login" className="btn btn-dark btn-sm w-100 rounded-pill" onClick={onHide}>
            LogIn
          </Link>
        </Popover.Body>
      </Popover>
    </Overlay>
  );
}
