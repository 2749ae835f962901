import {
  estimateText,
  formatPrice,
  formatShippingPrice,
  leftToShip,
  type Order,
  orderName,
  type PackingOrder,
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
        `<tr><td>${escapeHtml(line.name)}<div class="brand">${escapeHtml(line.brand)}</div></td><td>${escapeHtml(line.size)}</td><td class="num">${line.count}</td><td class="num">${formatPrice(line.price)}</td><td class="num">${formatPrice(line.totalPrice)}</td></tr>`,
    )
    .join('');
}

/** The discount code's row of the invoice's totals, when the order had one. */
function discountRow(order: Order): string {
  if (order.discount <= 0) return '';
  const label = order.code ? `Discount (${escapeHtml(order.code)})` : 'Discount';
  return `<tr><td colspan="4">${label}</td><td class="num">&minus;${formatPrice(order.discount)}</td></tr>`;
}

/** What store credit paid, when it paid some: the total below is then what the provider charged. */
function creditRow(order: Order): string {
  if (order.creditUsed <= 0) return '';
  return `<tr><td colspan="4">Paid with store credit</td><td class="num">&minus;${formatPrice(order.creditUsed)}</td></tr>`;
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
<tr class="total"><td colspan="4">Total paid with ${escapeHtml(paid.with)}</td><td class="num">${formatPrice(order.finalAmount - order.creditUsed)}</td></tr>`;
  const worth = Math.round((subtotal + order.shipping.price - order.finalAmount) * 100) / 100;
  return `
<tr><td colspan="4">Size exchange of order ${orderName({ number: paid.exchangeOf })}</td><td class="num">&minus;${formatPrice(worth)}</td></tr>
<tr class="total"><td colspan="4">Total</td><td class="num">${formatPrice(order.finalAmount)}</td></tr>`;
}

function invoiceTotals(order: Order, paid: Paid): string {
  const subtotal = order.products.reduce((sum, line) => sum + line.totalPrice, 0);
  const shipping = order.shipping.price === 0 ? 'Free' : formatPrice(order.shipping.price);
  const refunded =
    order.refundedAmount > 0
      ? `<tr><td colspan="4">Refunded</td><td class="num">&minus;${formatPrice(order.refundedAmount)}</td></tr>`
      : '';
  return `<tfoot>
<tr><td colspan="4">Subtotal</td><td class="num">${formatPrice(subtotal)}</td></tr>
<tr><td colspan="4">Shipping (${escapeHtml(order.shipping.name)})</td><td class="num">${shipping}</td></tr>${totalRows(order, paid, subtotal)}
${refunded}</tfoot>`;
}

/**
 * The order's invoice: numbered after the order, the seller, the buyer, the lines, shipping and total,
 * paid with a tender, or a size exchange's replacement of an earlier order, which nobody paid for.
 */
export function invoicePage(order: Order, shop: Shop, paid: Paid): DocumentPage {
  const title = `Invoice ${orderName(order)}`;
  return documentPage(
    `${title} \u2013 ${shop.name}`,
    `<header>${shopBlock(shop)}<section class="meta"><h1>${escapeHtml(title)}</h1><p>Date: ${escapeHtml(longDate(order.date))}</p><p>Order ${orderName(order)}</p></section></header>
<div class="parties">${billToBlock(order)}${shipToBlock(order)}</div>
<table><thead><tr><th scope="col">Item</th><th scope="col">Size</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${invoiceRows(order)}</tbody>${invoiceTotals(order, paid)}</table>
<footer><p>${'with' in paid ? `Payment: ${escapeHtml(paid.with)}.` : `No payment: these pairs replace returned pairs of order ${orderName({ number: paid.exchangeOf })}.`}</p><p>Thank you for shopping at ${escapeHtml(shop.name)}.</p></footer>`,
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
