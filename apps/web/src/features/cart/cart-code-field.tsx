import { type FormEvent, useState } from 'react';
import type { CartCode } from '../../lib/cart/cart-code';

/**
 * The cart's "Discount code" field: Apply asks the shop about the code; once applied, the code, what it
 * gives and Remove. A refusal shows under the field in the shop's words; every answer is announced.
 */
export function CartCodeField({ code }: { code: CartCode }) {
  const [text, setText] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    code.apply(text);
  };
  const refused = !code.code && code.refusal !== null;

  return (
    <div className="cart-code">
      {code.code ? (
        <div className="cart-code__applied">
          <span>
            Code <strong data-testid="cart-code-applied">{code.code}</strong>
          </span>
          <button
            type="button"
            className="btn btn-link link-dark btn-sm p-0"
            aria-label={`Remove the code ${code.code}`}
            onClick={() => {
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
