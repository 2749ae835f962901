import { estimateText, formatPrice, formatShippingPrice, type ShippingMethod } from '@shop/contracts';
import type { ShippingChoice } from './use-shipping-choice';

/** What a method costs on these lines, and when it would be free. */
function priceText(method: ShippingMethod, free: boolean): string {
  if (method.price === 0 || free) return 'Free';
  return method.freeAbove === null
    ? formatPrice(method.price)
    : `${formatPrice(method.price)} · Free over ${formatPrice(method.freeAbove)}`;
}

/**
 * The checkout's "Shipping" radio group: each method serving the buyer's country with its price (or Free)
 * and its estimate; the cheapest is checked until the buyer chooses. One method still shows, checked, so
 * the buyer sees what shipping costs.
 */
export function ShippingOptions({
  shipping,
  linesTotal,
  disabled,
}: {
  shipping: ShippingChoice;
  /** What the lines come to: a method free above an amount is free when they reach it. */
  linesTotal: number;
  disabled: boolean;
}) {
  return (
    <fieldset
      className="checkout-providers checkout-shipping"
      disabled={disabled}
      aria-busy={shipping.status === 'loading'}
    >
      <legend className="checkout-providers__legend">Shipping</legend>
      {shipping.status === 'error' ? (
        <p className="small text-danger mb-0">
          We could not load the shipping methods.{' '}
          <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={shipping.retry}>
            Try again
          </button>
        </p>
      ) : shipping.methods.length === 0 && shipping.status === 'ready' ? (
        <p className="small text-danger mb-0" role="status">
          {shipping.country === ''
            ? 'Fill in your country to see how we ship.'
            : `We do not ship to ${shipping.country} yet. Check the country in your details.`}
        </p>
      ) : (
        shipping.methods.map((method) => {
          const free = method.freeAbove !== null && linesTotal >= method.freeAbove;
          const estimate = estimateText(method.estimateDays);
          const inputId = `shipping-${method.id}`;
          const hintId = `${inputId}-hint`;
          return (
            <div key={method.id} className="checkout-provider checkout-shipping__option">
              <input
                className="form-check-input"
                type="radio"
                name="shippingMethod"
                id={inputId}
                value={method.id}
                checked={shipping.chosen?.id === method.id}
                onChange={() => shipping.choose(method.id)}
                // Named by the method and its price, read with a pause between them.
                aria-labelledby={`${inputId}-name ${inputId}-price`}
                aria-describedby={hintId}
              />
              <label className="checkout-provider__label checkout-shipping__label" htmlFor={inputId}>
                <span id={`${inputId}-name`}>{method.name}</span>
                <span id={`${inputId}-price`} className="checkout-shipping__price">
                  {priceText(method, free)}
                </span>
              </label>
              <span id={hintId} className="checkout-provider__hint">
                {estimate ?? 'Delivery time not given'}
              </span>
            </div>
          );
        })
      )}
    </fieldset>
  );
}

/** The shipping row of the order summary: the chosen method and what it costs. */
export function shippingRowText(shipping: ShippingChoice): string {
  return shipping.chosen ? formatShippingPrice(shipping.shipping) : '—';
}
