import { randomBytes } from 'node:crypto';
import { formatPrice, leftToShip, type Order, orderName } from '@shop/contracts';
import { escapeHtml } from '../../lib/html';

/** A printable page and the nonce its one style element carries (its Content-Security-Policy names it). */
export interface DocumentPage {
  html: string;
  nonce: string;
}

type Shop = { name: string; address: string[] };

/** A document's Content-Security-Policy: nothing loads but its own style element (no script, no frame). */
export function documentPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f5f5f3;color:#222;font:14px/1.45 Helvetica,Arial,sans-serif}
main{max-width:800px;margin:24px auto;background:#fff;padding:40px;border-radius:8px}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:16px;border-bottom:3px solid #111;padding-bottom:16px}
h1{margin:0;font-size:26px;letter-spacing:.5px}
h2{margin:0 0 6px;font-size:13px;text-transform:uppercase;letter-spacing:1px;color:#666}
.shop strong{font-size:18px;letter-spacing:2px;text-transform:uppercase}
.meta{text-align:right}
.parties{display:flex;flex-wrap:wrap;gap:32px;margin:24px 0}
.parties section{flex:1 1 220px}
p{margin:0}
table{width:100%;border-collapse:collapse;margin-top:8px}
th,td{padding:8px 6px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
th{font-size:12px;text-transform:uppercase;letter-spacing:.5px;color:#555}
.num{text-align:right;white-space:nowrap}
tfoot td{border-bottom:none}
tfoot tr.total td{font-weight:bold;font-size:16px;border-top:2px solid #111}
.brand{color:#666;font-size:12px}
.box{display:inline-block;width:16px;height:16px;border:1.5px solid #333;border-radius:2px}
footer{margin-top:32px;color:#666;font-size:12px}
@media (max-width:600px){main{margin:0;padding:20px;border-radius:0}.meta{text-align:left}}
@media print{body{background:#fff}main{margin:0;max-width:none;padding:0}a{color:inherit;text-decoration:none}}
@page{margin:16mm}
`;

function page(title: string, body: string): DocumentPage {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
  return { html, nonce };
}

const lines = (values: string[]) => values.map((value) => `<p>${escapeHtml(value)}</p>`).join('');

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

function shopBlock(shop: Shop): string {
  return `<section class="shop"><strong>${escapeHtml(shop.name)}</strong>${lines(shop.address)}</section>`;
}

function shipToBlock(order: Order): string {
  const to = order.shipTo;
  const address = to
    ? lines(
        [to.name, to.address, [to.city, to.state].filter(Boolean).join(', '), to.country, to.phone].filter(
          Boolean,
        ),
      )
    : '<p>The address on the buyer\u2019s account</p>';
  return `<section><h2>Ship to</h2>${address}</section>`;
}

function billToBlock(order: Order): string {
  return `<section><h2>Bill to</h2>${lines([order.shipTo?.name || order.user.username, order.user.email])}</section>`;
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
  return page(
    `${title} \u2013 ${shop.name}`,
    `<header>${shopBlock(shop)}<section class="meta"><h1>${escapeHtml(title)}</h1><p>Date: ${escapeHtml(longDate(order.date))}</p><p>Order ${orderName(order)}</p></section></header>
<div class="parties">${billToBlock(order)}${shipToBlock(order)}</div>
<table><thead><tr><th scope="col">Item</th><th scope="col">Size</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${invoiceRows(order)}</tbody>${invoiceTotals(order, paid)}</table>
<footer><p>${'with' in paid ? `Payment: ${escapeHtml(paid.with)}.` : `No payment: these pairs replace returned pairs of order ${orderName({ number: paid.exchangeOf })}.`}</p><p>Thank you for shopping at ${escapeHtml(shop.name)}.</p></footer>`,
  );
}

/** The order's packing slip: where it goes and what is left to pack, by size and count; no prices. */
export function packingSlipPage(order: Order, shop: Shop): DocumentPage {
  const title = `Packing slip \u2013 order ${orderName(order)}`;
  const left = leftToShip(order.products, order.shipments).filter((line) => line.left > 0);
  const rows =
    left.length === 0
      ? '<tr><td colspan="4">Everything in this order has shipped.</td></tr>'
      : left
          .map(
            (line) =>
              `<tr><td>${escapeHtml(line.name)}<div class="brand">${escapeHtml(line.brand)}</div></td><td>${escapeHtml(line.size)}</td><td class="num">${line.left}</td><td class="num"><span class="box" role="img" aria-label="packed"></span></td></tr>`,
          )
          .join('');
  return page(
    title,
    `<header>${shopBlock(shop)}<section class="meta"><h1>Packing slip</h1><p>Order ${orderName(order)}</p><p>Placed ${escapeHtml(longDate(order.date))}</p></section></header>
<div class="parties">${shipToBlock(order)}<section><h2>Buyer</h2>${lines([order.user.username, order.user.email])}</section></div>
<table><thead><tr><th scope="col">Item</th><th scope="col">Size</th><th scope="col" class="num">Qty to ship</th><th scope="col" class="num">Packed</th></tr></thead>
<tbody>${rows}</tbody></table>`,
  );
}
