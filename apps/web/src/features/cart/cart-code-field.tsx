import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { CartCode } from '../../lib/cart/cart-code';

/**
 * The cart's "Discount code" field: Apply asks the shop about the code; once applied, the code, what it
 * gives and Remove. A refusal shows under the field in the shop's words; every answer is announced.
 */
export function CartCodeField({ code }: { code: CartCode }) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  // Apply and Remove replace the control the focus was on: it goes to Remove, or back to the field.
  const keepFocus = useRef(false);
  useEffect(() => {
    if (!keepFocus.current) return;
    if (document.activeElement === document.body || document.activeElement === null)
      (code.code ? removeRef : inputRef).current?.focus();
    if (!code.code || code.check) keepFocus.current = false;
  }, [code.code, code.check]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    keepFocus.current = true;
    code.apply(text);
  };
  const refused = !code.code && code.refusal !== null;
  // The code as the shop writes it once it answered, else as typed.
  const shown = code.check?.code ?? code.code;

  return (
    <div className="cart-code">
      {code.code ? (
        <div className="cart-code__applied">
          <span>
            Code <strong data-testid="cart-code-applied">{shown}</strong>
          </span>
          <button
            ref={removeRef}
            type="button"
            className="btn btn-link link-dark btn-sm p-0"
            aria-label={`Remove the code ${shown}`}
            onClick={() => {
              keepFocus.current = true;
              setText('');
              code.remove();
            }}
          >
            Remove
          </button>
        </div>
      ) : (
        <form className="cart-code__form" noValidate onSubmit={onSubmit}>
          <label htmlFor="cart-code" className="form-label">
            Discount code
          </label>
          <div className="input-group">
            <input
              ref={inputRef}
              id="cart-code"
              className={`form-control${refused ? ' is-invalid' : ''}`}
              value={text}
              maxLength={32}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={refused ? true : undefined}
              aria-describedby={refused ? 'cart-code-error' : undefined}
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit" className="btn btn-outline-dark">
              Apply
            </button>
          </div>
        </form>
      )}
      <div aria-live="polite">
        {refused && (
          <p id="cart-code-error" className="cart-code__error">
            {code.refusal}
          </p>
        )}
        {code.dropped && <p className="cart-code__error">{code.dropped}</p>}
        {code.code && !code.check && code.checking && <p className="cart-code__note">Checking your code…</p>}
        {code.check && <p className="cart-code__note">{code.check.summary}</p>}
      </div>
    </div>
  );
}
