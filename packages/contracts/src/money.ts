/**
 * Money is integer cents everywhere in the code and the database; the wire carries the spec's
 * decimal amounts (129.99). These two functions are the only conversion points.
 */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * The shop's currency (ISO 4217): the tax settings' (decision 34), which the page is given when it starts
 * (the browser's app and the server's render set it, setShopCurrency). A price with no currency of its own
 * (the catalogue's, the cart's, store credit) is in it; an order's amounts are in the order's `currency`.
 */
let shopCurrency = 'USD';

export function setShopCurrency(code: string): void {
  shopCurrency = code.toUpperCase();
}

export function getShopCurrency(): string {
  return shopCurrency;
}

/**
 * The shop keeps every amount in cents, hundredths of the currency's unit: it takes only currencies of two
 * decimals (the settings refuse JPY's none and KWD's three); converting other minor units is not done.
 */
export function hasTwoDecimals(code: string): boolean {
  try {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    return format.resolvedOptions().maximumFractionDigits === 2;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.NumberFormat>();

/** One formatter per currency, made once: an Intl.NumberFormat costs far more to make than to use. */
function formatOf(code: string): Intl.NumberFormat {
  let format = formats.get(code);
  if (!format) {
    // en-US, without digit groups: USD reads "$1320.00" as it always has, EUR "€1320.00", GBP "£1320.00".
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, useGrouping: false });
    formats.set(code, format);
  }
  return format;
}

/** An amount as people read it, in `currency` (ISO 4217, any case): the shop's unless one is given. */
export function formatPrice(amount: number, currency: string = shopCurrency): string {
  return formatOf(currency.toUpperCase()).format(amount);
}

/** A shipping charge as the buyer reads it: "Free" when nothing is charged, else the price. */
export function formatShippingPrice(amount: number, currency?: string): string {
  return amount === 0 ? 'Free' : formatPrice(amount, currency);
}

/**
 * A shipping method's delivery estimate as the buyer reads it: "3-5 business days", "1 business day", or
 * undefined when the method promises none. Here, free of zod, so the checkout loads it cheaply.
 */
export function estimateText(days: readonly [number, number] | null | undefined): string | undefined {
  if (!days) return undefined;
  const [min, max] = days;
  const span = min === max ? `${min}` : `${min}-${max}`;
  return `${span} business ${max === 1 ? 'day' : 'days'}`;
}
