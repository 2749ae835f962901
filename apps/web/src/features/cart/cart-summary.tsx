import { formatPrice, fromCents, toCents } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { TaxNote } from '../../components/tax-note';
import type { CartCode } from '../../lib/cart/cart-code';
import { shippingMethodsQuery } from '../../lib/shipping';
import { CartCodeField } from './cart-code-field';
import type { CartTax } from './use-cart-tax';

/**
 * What the cart can say of shipping before the country is known: Free when every method offered is free
 * (a fresh shop's), else that the checkout prices it once the buyer's country is known.
 */
function useShippingText(): string {
  const methods = useQuery(shippingMethodsQuery());
  if (!methods.isSuccess) return methods.isError ? 'At checkout' : '…';
  const allFree = methods.data.length > 0 && methods.data.every((method) => method.price === 0);
  return allFree ? 'Free' : 'At checkout';
}

interface CartSummaryProps {
  /** Prices and stock are being checked. */
  checking: boolean;
  /** Lines left out of the purchase. */
  excludedCount: number;
  /** Pairs Buy buys. */
  buyableUnits: number;
  total: number;
  canBuy: boolean;
  /** Nothing in the cart can be bought: Buy says why. */
  nothingToBuy: boolean;
  onBuy: () => void;
  /** The discount code kept with the cart. */
  code: CartCode;
  /** The tax of the lines for the footer's "Ship to" country. */
  tax: CartTax;
}

/** The order summary: the pairs bought and their total, shipping (free, or priced at checkout), and Buy. */
export function CartSummary({
  checking,
  excludedCount,
  buyableUnits,
  total,
  canBuy,
  nothingToBuy,
  onBuy,
  code,
  tax,
}: CartSummaryProps) {
  const listedShipping = useShippingText();
  const shipping = code.check?.freeShipping ? 'Free' : listedShipping;
  const discount = code.check?.discount ?? 0;
  const quote = tax.quote;
  // Tax on top of the prices goes into the total; tax included in them is only said.
  const taxOnTop = quote?.collected && !quote.pricesIncludeTax ? tax.productsTax : 0;
  const toPay = fromCents(toCents(total) - toCents(discount) + toCents(taxOnTop));
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-heading">
      <h2 id="cart-summary-heading" className="h5 fw-bold mb-3">
        Order summary
      </h2>
      <div aria-live="polite">
        {checking && (
          <p className="small text-muted d-flex align-items-center gap-2">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
            Checking prices and stock…
          </p>
        )}
        {excludedCount > 0 && (
          <p className="small text-danger mb-3">
            {excludedCount === 1
              ? '1 product is not available and is left out.'
              : `${excludedCount} products are not available and are left out.`}
          </p>
        )}
      </div>
      <CartCodeField code={code} />
      <dl className="cart-summary__rows">
        <div>
          <dt>
            Products ({buyableUnits} {buyableUnits === 1 ? 'pair' : 'pairs'})
          </dt>
          <dd>{formatPrice(total)}</dd>
        </div>
        {code.check && discount > 0 && (
          <div>
            <dt>Discount ({code.check.code})</dt>
            <dd data-testid="cart-discount">−{formatPrice(discount)}</dd>
          </div>
        )}
        {quote?.collected && !quote.pricesIncludeTax && (
          <div>
            <dt>Tax ({tax.placeName})</dt>
            <dd data-testid="cart-tax">{formatPrice(tax.productsTax)}</dd>
          </div>
        )}
        <div>
          <dt>Shipping</dt>
          <dd data-testid="cart-shipping">{shipping}</dd>
        </div>
        <div className="cart-summary__total">
          <dt>{shipping === 'At checkout' ? 'Total before shipping' : 'Total'}</dt>
          <dd data-testid="cart-total">{formatPrice(toPay)}</dd>
        </div>
      </dl>
      <CartTaxNotes tax={tax} />
      <div className="d-grid">
        <button
          type="button"
          className="btn btn-accent btn-lg"
          disabled={!canBuy}
          onClick={onBuy}
          aria-describedby={nothingToBuy ? 'cart-buy-hint' : undefined}
        >
          Buy
        </button>
      </div>
      {nothingToBuy && (
        <p id="cart-buy-hint" className="small text-muted mt-2 mb-0">
          Nothing in your cart can be bought right now.
        </p>
      )}
      <p className="small text-muted mt-3 mb-0">
        Secure payment by card (Stripe) or PayPal on the next step.
      </p>
    </section>
  );
}

/** What the cart says of tax: included in the prices, added at checkout, or not collected at the destination. */
function CartTaxNotes({ tax }: { tax: CartTax }) {
  const quote = tax.quote;
  const included = quote?.pricesIncludeTax;
  const reason = quote && !quote.collected ? quote.reason : undefined;
  return (
    <div className="cart-summary__tax" aria-live="polite">
      {quote?.collected && included && tax.productsTax > 0 && (
        <p className="small mb-1" data-testid="cart-tax-included">
          Includes {formatPrice(tax.productsTax)} {tax.word} ({tax.placeName})
        </p>
      )}
      {reason && (
        <p className="small text-muted mb-1" data-testid="cart-tax-reason">
          {reason.charAt(0).toUpperCase() + reason.slice(1)}
        </p>
      )}
      <TaxNote className="mb-3" inCart />
    </div>
  );
}
