import { getShopTax, taxNote } from '../lib/shop-tax';

/** What the cart adds to "excl. tax": where the tax comes in. */
export const TAX_ADDED_AT_CHECKOUT = 'Tax is added at checkout where we collect it';

/**
 * The small note under a price: "incl. VAT" (or "incl. tax") where the shop's prices include tax,
 * "excl. tax" where tax is added at checkout (decision 34), and in the cart where it is added. Nothing for
 * a shop that collects tax nowhere.
 */
export function TaxNote({ className = '', inCart = false }: { className?: string; inCart?: boolean }) {
  const note = taxNote();
  if (!note) return null;
  const added = inCart && getShopTax()?.pricesIncludeTax === false;
  return (
    <p className={`tax-note small text-muted ${className}`.trim()} data-testid="tax-note">
      {added ? `${note} · ${TAX_ADDED_AT_CHECKOUT}` : note}
    </p>
  );
}
