import type { RefObject } from 'react';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';
import { Link } from 'react-router';

/** Loaded on a guest's first click on the cart, so the popover's code is not part of the first page load. */
export default function CartLoginPopover({
  target,
  show,
  onHide,
}: {
  target: RefObject<HTMLButtonElement | null>;
  show: boolean;
  onHide: () => void;
}) {
  return (
    <Overlay target={target} show={show} placement="bottom-end" rootClose onHide={onHide}>
      <Popover id="cart-login-popover" className="cart-popover">
        <Popover.Body>
          <p className="mb-3 fw-semibold">You must be logged in to enter the cart</p>
          <Link to="/login" className="btn btn-dark btn-sm w-100 rounded-pill" onClick={onHide}>
            LogIn
          </Link>
        </Popover.Body>
      </Popover>
    </Overlay>
  );
}
