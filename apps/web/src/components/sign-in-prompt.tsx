import { type FocusEvent, type KeyboardEvent, type RefObject, useEffect, useId, useRef } from 'react';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';
import { Link, useLocation } from 'react-router';
import './sign-in-prompt.css';

export type SignInPromptKind = 'guest' | 'unverified';

export const VERIFY_FIRST_TEXT = 'Please verify the email to continue';

interface SignInPromptProps {
  id: string;
  kind: SignInPromptKind;
  /** What a guest is asked, e.g. 'You must be logged in to add favourites'. */
  guestText: string;
  target: RefObject<HTMLElement | null>;
  show: boolean;
  onHide: () => void;
}

/**
 * A small popover by the control that needs an account: a guest is asked to log in (like the cart
 * button's popover), a signed-in user with an unverified e-mail to verify it. Loaded on first use.
 * Focus moves to its link; Escape, a click outside or tabbing away closes it.
 */
export default function SignInPrompt({ id, kind, guestText, target, show, onHide }: SignInPromptProps) {
  const { pathname, search } = useLocation();
  const here = encodeURIComponent(`${pathname}${search}`);
  const link = useRef<HTMLAnchorElement>(null);
  const textId = useId();

  useEffect(() => {
    if (!show) return;
    const frame = requestAnimationFrame(() => link.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [show]);

  const close = (returnFocus: boolean) => {
    onHide();
    if (returnFocus) target.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && (event.currentTarget.contains(next) || target.current?.contains(next))) return;
    if (next) close(false);
  };

  return (
    <Overlay target={target} show={show} placement="bottom-end" rootClose onHide={onHide}>
      <Popover
        id={id}
        role="dialog"
        aria-labelledby={textId}
        className="sign-in-prompt"
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      >
        <Popover.Body>
          <p id={textId} className="mb-3 fw-semibold">
            {kind === 'guest' ? guestText : VERIFY_FIRST_TEXT}
          </p>
          {kind === 'guest' ? (
            <Link
              ref={link}
              to={`/login?redirect=${here}`}
              className="btn btn-dark btn-sm w-100 rounded-pill"
              onClick={onHide}
            >
              LogIn
            </Link>
          ) : (
            <Link
              ref={link}
              to={`/verify-email?redirect=${here}`}
              className="btn btn-dark btn-sm w-100 rounded-pill"
              onClick={onHide}
            >
              Verify e-mail
            </Link>
          )}
        </Popover.Body>
      </Popover>
    </Overlay>
  );
}
