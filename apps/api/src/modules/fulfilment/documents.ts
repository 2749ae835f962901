import {
  estimateText,
  formatPrice,
  formatShippingPrice,
  fromCents,
  leftToShip,
  type Order,
  orderName,
  type PackingOrder,
  pcmToPercent,
  toCents,
} from '@shop/contracts';
import {
  type DocumentPage,
  documentPage,
  longDate,
  type Shop,
  shipToLines,
  shopBlock,
  textLines,
} from '../../lib/document-page';
import { escapeHtml } from '../../lib/html';
import type { CreditNoteRecord } from '../payments';

function shipToBlock(order: Order): string {
  const address = shipToLines(order.shipTo) ?? '<p>The address on the buyer\u2019s account</p>';
  return `<section><h2>Ship to</h2>${address}</section>`;
}

function billToBlock(order: Order): string {
  return `<section><h2>Bill to</h2>${textLines([order.shipTo?.fullName || order.shipTo?.name || order.user.username, order.user.email])}</section>`;
}

function invoiceRows(order: Order): string {
  return order.products
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}<div class="brand">${escapeHtml(line.brand)}</div></td><td>${escapeHtml(line.size)}</td><td class="num">${line.count}</td><td class="num">${formatPrice(line.price, order.currency)}</td><td class="num">${formatPrice(line.totalPrice, order.currency)}</td></tr>`,
    )
    .join('');
}

/** The discount code's row of the invoice's totals, when the order had one. */
function discountRow(order: Order): string {
  if (order.discount <= 0) return '';
  const label = order.code ? `Discount (${escapeHtml(order.code)})` : 'Discount';
  return `<tr><td colspan="4">${label}</td><td class="num">&minus;${formatPrice(order.discount, order.currency)}</td></tr>`;
}

/** What store credit paid, when it paid some: the total below is then what the provider charged. */
function creditRow(order: Order): string {
  if (order.creditUsed <= 0) return '';
  return `<tr><td colspan="4">Paid with store credit</td><td class="num">&minus;${formatPrice(order.creditUsed, order.currency)}</td></tr>`;
}

/** How an invoice says its order was paid: by a tender, or (a size exchange's replacement) not at all. */
type Paid = { with: string } | { exchangeOf: number };

/**
 * The total of the invoice: what the tender was charged, or for a size exchange's replacement an exchange
 * line taking what its pairs are worth off, to $0.00, naming no card.
 */
function totalRows(order: Order, paid: Paid, subtotal: number): string {
  if ('with' in paid)
    return `${discountRow(order)}${creditRow(order)}
<tr class="total"><td colspan="4">Total paid with ${escapeHtml(paid.with)}</td><td class="num">${formatPrice(order.finalAmount - order.creditUsed, order.currency)}</td></tr>`;
  const worth = Math.round((subtotal + order.shipping.price - order.finalAmount) * 100) / 100;
  return `
<tr><td colspan="4">Size exchange of order ${orderName({ number: paid.exchangeOf })}</td><td class="num">&minus;${formatPrice(worth, order.currency)}</td></tr>
<tr class="total"><td colspan="4">Total</td><td class="num">${formatPrice(order.finalAmount, order.currency)}</td></tr>`;
}

/** The tax on top of the prices, as a row before the total (tax inside the prices is in the tax section). */
function taxRow(order: Order): string {
  if (!order.tax.collected || order.tax.pricesIncludeTax || order.tax.total <= 0) return '';
  return `<tr><td colspan="4">Tax</td><td class="num">${formatPrice(order.tax.total, order.currency)}</td></tr>`;
}

const rateText = (rate: number | null) => (rate === null ? 'none' : `${rate}%`);

/** A taxed part of the order: what it is, its net, rate and tax, in cents. */
interface TaxedPart {
  what: string;
  rate: number | null;
  netCents: number;
  taxCents: number;
}

/** Each line's and shipping's net, rate and tax, as the order froze them. */
function taxedParts(order: Order): TaxedPart[] {
  const { tax } = order;
  const part = (what: string, taxed: { rate: number | null; base: number; amount: number }) => {
    const taxCents = toCents(taxed.amount);
    const baseCents = toCents(taxed.base);
    return {
      what,
      rate: taxed.rate,
      taxCents,
      netCents: tax.pricesIncludeTax ? baseCents - taxCents : baseCents,
    };
  };
  const lines = tax.lines.map((line, index) => {
    const product = order.products[index];
    return part(`${product?.name ?? ''} (size ${line.size})`, line);
  });
  return tax.shipping.base > 0 ? [...lines, part(`Shipping (${order.shipping.name})`, tax.shipping)] : lines;
}

/**
 * A tax invoice's tax section (decision 34), where the shop collected tax: each line's net, rate and tax,
 * and the totals per rate. Nothing here is computed again: the order froze it.
 */
function taxSection(order: Order): string {
  if (!order.tax.collected) return '';
  const parts = taxedParts(order);
  const byRate = new Map<string, { netCents: number; taxCents: number }>();
  for (const part of parts) {
    const sum = byRate.get(rateText(part.rate)) ?? { netCents: 0, taxCents: 0 };
    byRate.set(rateText(part.rate), {
      netCents: sum.netCents + part.netCents,
      taxCents: sum.taxCents + part.taxCents,
    });
  }
  const money = (cents: number) => formatPrice(fromCents(cents), order.currency);
  const rows = parts
    .map(
      (part) =>
        `<tr><td>${escapeHtml(part.what)}</td><td class="num">${money(part.netCents)}</td><td class="num">${rateText(part.rate)}</td><td class="num">${money(part.taxCents)}</td></tr>`,
    )
    .join('');
  const totals = [...byRate]
    .map(
      ([rate, sum]) =>
        `<tr><td>Total at ${rate}</td><td class="num">${money(sum.netCents)}</td><td class="num">${rate}</td><td class="num">${money(sum.taxCents)}</td></tr>`,
    )
    .join('');
  const where = order.tax.jurisdiction ? ` (${escapeHtml(order.tax.jurisdiction)})` : '';
  const included = order.tax.pricesIncludeTax ? '<p>The prices include the tax.</p>' : '';
  return `<section class="tax"><h2>Tax${where}</h2>${included}
<table><thead><tr><th scope="col">Item</th><th scope="col" class="num">Net</th><th scope="col" class="num">Rate</th><th scope="col" class="num">Tax</th></tr></thead>
<tbody>${rows}</tbody><tfoot>${totals}<tr class="total"><td>Total tax</td><td></td><td></td><td class="num">${formatPrice(order.tax.total, order.currency)}</td></tr></tfoot></table></section>`;
}

function invoiceTotals(order: Order, paid: Paid): string {
  const subtotal = order.products.reduce((sum, line) => sum + line.totalPrice, 0);
  const shipping = order.shipping.price === 0 ? 'Free' : formatPrice(order.shipping.price, order.currency);
  const refunded =
    order.refundedAmount > 0
      ? `<tr><td colspan="4">Refunded</td><td class="num">&minus;${formatPrice(order.refundedAmount, order.currency)}</td></tr>`
      : '';
  return `<tfoot>
<tr><td colspan="4">Subtotal</td><td class="num">${formatPrice(subtotal, order.currency)}</td></tr>
<tr><td colspan="4">Shipping (${escapeHtml(order.shipping.name)})</td><td class="num">${shipping}</td></tr>${taxRow(order)}${totalRows(order, paid, subtotal)}
${refunded}</tfoot>`;
}

/** When the pairs were sold: the day the order was paid (its first capture), or placed. */
function supplyDate(order: Order): string {
  return (
    order.payments.find((entry) => entry.kind === 'capture' || entry.kind === 'credit_spend')?.at ??
    order.date
  );
}

/**
 * The order's invoice: numbered after the order, the seller, the buyer, the lines, shipping and total,
 * paid with a tender, or a size exchange's replacement of an earlier order, which nobody paid for. Where the
 * shop collected tax it is a tax invoice: the seller's VAT number, the date of supply and the tax section.
 */
export function invoicePage(order: Order, shop: Shop & { vatNumber?: string }, paid: Paid): DocumentPage {
  const taxed = order.tax.collected;
  const title = `${taxed ? 'Tax invoice' : 'Invoice'} ${orderName(order)}`;
  const seller = taxed && shop.vatNumber ? ` \u00b7 VAT ${shop.vatNumber}` : '';
  const supply = taxed ? `<p>Date of supply: ${escapeHtml(longDate(supplyDate(order)))}</p>` : '';
  return documentPage(
    `${title} \u2013 ${shop.name}`,
    `<header>${shopBlock(shop, seller)}<section class="meta"><h1>${escapeHtml(title)}</h1><p>Date: ${escapeHtml(longDate(order.date))}</p>${supply}<p>Order ${orderName(order)}</p></section></header>
<div class="parties">${billToBlock(order)}${shipToBlock(order)}</div>
<table><thead><tr><th scope="col">Item</th><th scope="col">Size</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${invoiceRows(order)}</tbody>${invoiceTotals(order, paid)}</table>${taxSection(order)}
<footer><p>${'with' in paid ? `Payment: ${escapeHtml(paid.with)}.` : `No payment: these pairs replace returned pairs of order ${orderName({ number: paid.exchangeOf })}.`}</p><p>Thank you for shopping at ${escapeHtml(shop.name)}.</p></footer>`,
  );
}

/** Money credited, shown as a negative amount. */
const credited = (cents: number) =>
  cents === 0 ? formatPrice(0) : `&minus;${formatPrice(fromCents(cents))}`;

/**
 * The credit note's rows: per rate the net and the tax given back (both credited), or, where the order
 * collected no tax, the one amount given back.
 */
function creditRows(order: Order, note: CreditNoteRecord): { body: string; foot: string } {
  const taxed = order.tax.collected && note.rates.length > 0;
  if (!taxed) {
    return {
      body: `<tr><td>Refund of order ${orderName(order)}</td><td class="num"></td><td class="num"></td><td class="num">${credited(note.amountCents)}</td></tr>`,
      foot: '',
    };
  }
  const body = note.rates
    .map((rate) => {
      const percent = rate.ratePcm === null ? 'none' : `${pcmToPercent(rate.ratePcm)}%`;
      return `<tr><td>Refunded at ${percent}</td><td class="num">${credited(rate.netCents)}</td><td class="num">${percent}</td><td class="num">${credited(rate.taxCents)}</td></tr>`;
    })
    .join('');
  const net = note.rates.reduce((sum, rate) => sum + rate.netCents, 0);
  const foot = `<tr><td>Total net</td><td class="num">${credited(net)}</td><td></td><td></td></tr>
<tr><td>Total tax credited</td><td></td><td></td><td class="num">${credited(note.taxCents)}</td></tr>`;
  return { body, foot };
}

/**
 * A refund's printable credit note (issue 37): its number, the invoice it corrects (the order's), the
 * seller with its VAT number, the buyer, the date, and per rate the net and the tax given back as the note
 * recorded them from the order's frozen lines, all credited (negative), and the total credited.
 */
export function creditNotePage(
  order: Order,
  note: CreditNoteRecord,
  shop: Shop & { vatNumber?: string },
): DocumentPage {
  const title = `Credit note ${note.name}`;
  const seller = order.tax.collected && shop.vatNumber ? ` \u00b7 VAT ${shop.vatNumber}` : '';
  const invoice = `${order.tax.collected ? 'tax invoice' : 'invoice'} ${orderName(order)}`;
  const ret = order.returns.find((candidate) => candidate.id === note.returnId);
  const forWhat = ret ? `<p>Return ${escapeHtml(ret.number)}</p>` : '<p>Refund of the whole order</p>';
  const { body, foot } = creditRows(order, note);
  const where = order.tax.jurisdiction ? ` (${escapeHtml(order.tax.jurisdiction)})` : '';
  const included =
    order.tax.pricesIncludeTax && order.tax.collected ? '<p>The prices included the tax.</p>' : '';
  return documentPage(
    `${title} \u2013 ${shop.name}`,
    `<header>${shopBlock(shop, seller)}<section class="meta"><h1>${escapeHtml(title)}</h1><p>Date: ${escapeHtml(longDate(note.createdAt.toISOString()))}</p><p>Corrects ${invoice}</p>${forWhat}</section></header>
<div class="parties">${billToBlock(order)}${shipToBlock(order)}</div>
<section class="tax"><h2>Credited${where}</h2>${included}
<table><thead><tr><th scope="col">What</th><th scope="col" class="num">Net</th><th scope="col" class="num">Rate</th><th scope="col" class="num">Tax</th></tr></thead>
<tbody>${body}</tbody><tfoot>${foot}<tr class="total"><td>Total credited</td><td></td><td></td><td class="num">${credited(note.amountCents)}</td></tr></tfoot></table></section>
<footer><p>This credit note reduces ${invoice} by ${formatPrice(fromCents(note.amountCents))}, of which ${formatPrice(fromCents(note.taxCents))} tax.</p><p>${escapeHtml(shop.name)}</p></footer>`,
  );
}

/** The shipping service the buyer paid for: the method, what it cost and the delivery it promises. */
function serviceBlock(order: PackingOrder): string {
  const estimate = estimateText(order.shipping.estimateDays);
  return `<section><h2>Shipping service</h2>${textLines([
    order.shipping.name,
    `Paid: ${formatShippingPrice(order.shipping.price)}`,
    estimate ? `Delivery: ${estimate}` : 'Delivery: no estimate promised',
  ])}</section>`;
}

/** The slip's rows: each line left to pack by size and count; once all has shipped, the whole order. */
function packingRows(order: Order): { rows: string; note: string } {
  const left = leftToShip(order.products, order.shipments).filter((line) => line.left > 0);
  const packed = left.length === 0;
  const shown = packed
    ? order.products.map((line) => ({
        name: line.name,
        brand: line.brand,
        size: line.size,
        count: line.count,
      }))
    : left.map((line) => ({ name: line.name, brand: line.brand, size: line.size, count: line.left }));
  const rows = shown
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}<div class="brand">${escapeHtml(line.brand)}</div></td><td>${escapeHtml(line.size)}</td><td class="num">${line.count}</td><td class="num"><span class="box" role="img" aria-label="packed"></span></td></tr>`,
    )
    .join('');
  const note = packed
    ? '<p class="note">Everything in this order has shipped; this copy lists every line as ordered.</p>'
    : '';
  return { rows, note };
}

/**
 * The order's packing slip: where it goes, the shipping service paid for, and what is left to pack by
 * size and count (every line once all has shipped); no line prices.
 */
export function packingSlipPage(order: PackingOrder, shop: Shop): DocumentPage {
  const title = `Packing slip \u2013 order ${orderName(order)}`;
  const { rows, note } = packingRows(order);
  const counted = note ? 'Qty' : 'Qty to ship';
  return documentPage(
    title,
    `<header>${shopBlock(shop)}<section class="meta"><h1>Packing slip</h1><p>Order ${orderName(order)}</p><p>Placed ${escapeHtml(longDate(order.date))}</p></section></header>
<div class="parties">${shipToBlock(order)}${serviceBlock(order)}<section><h2>Buyer</h2>${textLines([order.user.username, order.user.email])}</section></div>
<table><thead><tr><th scope="col">Item</th><th scope="col">Size</th><th scope="col" class="num">${counted}</th><th scope="col" class="num">Packed</th></tr></thead>
<tbody>${rows}</tbody></table>${note}`,
  );
}
