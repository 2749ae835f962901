import { formatPrice } from '@shop/contracts';
import { shippingRowText } from './shipping-options';
import type { CheckoutState } from './use-checkout';

/**
 * The checkout's amounts, by the shop's pricing function: the products, the code's discount, shipping
 * (free when the code gives it), the tax where the shop collects it (a row on top of the prices, or the VAT
 * the total includes), the total, and, when the buyer has store credit, "Use my store credit"
 * with what it pays and what is left to pay.
 */
export function CheckoutTotals({ checkout }: { checkout: CheckoutState }) {
  const { shipping, code, creditOnHand, useCredit, setUseCredit, busy } = checkout;
  const usingCredit = useCredit && shipping.credit > 0;
  return (
    <>
      <div aria-live="polite">
        {code.dropped && <p className="checkout-summary__code-note">{code.dropped}</p>}
      </div>
      <dl className="checkout-summary__rows">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="checkout-subtotal">{formatPrice(shipping.subtotal)}</dd>
        </div>
        {code.check && shipping.discount > 0 && (
          <div>
            <dt>Discount ({code.check.code})</dt>
            <dd data-testid="checkout-discount">−{formatPrice(shipping.discount)}</dd>
          </div>
        )}
        <div>
          <dt>
            Shipping
            {shipping.chosen && <span className="checkout-summary__method"> · {shipping.chosen.name}</span>}
          </dt>
          <dd data-testid="checkout-shipping">{shippingRowText(shipping)}</dd>
        </div>
        {shipping.tax > 0 && !shipping.pricesIncludeTax && (
          <div>
            <dt>Tax</dt>
            <dd data-testid="checkout-tax">{formatPrice(shipping.tax)}</dd>
          </div>
        )}
        <div className={usingCredit ? undefined : 'checkout-summary__total'}>
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatPrice(shipping.total)}</dd>
        </div>
        {usingCredit && (
          <>
            <div>
              <dt>Store credit</dt>
              <dd data-testid="checkout-credit">−{formatPrice(shipping.credit)}</dd>
            </div>
            <div className="checkout-summary__total">
              <dt>To pay</dt>
              <dd data-testid="checkout-to-pay">{formatPrice(shipping.toPay)}</dd>
            </div>
          </>
        )}
      </dl>
      {shipping.tax > 0 && shipping.pricesIncludeTax && (
        <p className="checkout-summary__included" data-testid="checkout-tax-included">
          Includes {formatPrice(shipping.tax)} VAT
        </p>
      )}
      {creditOnHand > 0 && (
        <div className="form-check checkout-credit">
          <input
            id="checkout-use-credit"
            type="checkbox"
            className="form-check-input"
            checked={useCredit}
            disabled={busy}
            onChange={(event) => setUseCredit(event.target.checked)}
          />
          <label htmlFor="checkout-use-credit" className="form-check-label">
            Use my store credit ({formatPrice(creditOnHand)} available)
          </label>
        </div>
      )}
    </>
  );
}
