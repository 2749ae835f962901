import { formatPrice, formatShippingPrice, type Order } from '@shop/contracts';
import { escapeHtml } from '../../lib/html';
import type { MailMessage } from './mailer';

/** The number an order goes by in e-mails and on the screens: the first eight characters of its id. */
export function orderNumber(order: Pick<Order, '_id'>): string {
  return order._id.slice(0, 8).toUpperCase();
}

type OrderLine = Order['products'][number];

/**
 * An e-mail about one order: a heading, what happened, the lines it concerns with their amounts, a total
 * (labelled), a note, and a link to the buyer's orders. The HTML and the text say the same.
 */
function orderEmail(options: {
  order: Order;
  subject: string;
  heading: string;
  intro: string;
  lines: OrderLine[];
  /** The order's shipping, shown as its own amount when the e-mail is about the whole order. */
  shipping?: Order['shipping'];
  /** The order's discount code, shown as its own amount off when the e-mail is about the whole order. */
  discount?: { code: string | null; amount: number };
  /** Without a total, the lines are listed without prices (what is in a parcel). */
  total?: { label: string; amount: number };
  /** A labelled detail under the lines, such as a parcel's carrier and tracking link. */
  detail?: { label: string; value: string; href: string | null };
  note?: string;
  accountUrl: string;
}): MailMessage {
  const { order, accountUrl, total, detail, shipping } = options;
  const discount = options.discount && options.discount.amount > 0 ? options.discount : undefined;
  const discountLabel = discount ? `Discount${discount.code ? ` (${discount.code})` : ''}` : '';
  const cell = 'padding:8px 0;border-bottom:1px solid #eee';
  const rows =
    options.lines
      .map(
        (line) =>
          `<tr><td style="${cell}">${escapeHtml(line.name)}<br><span style="color:#777;font-size:13px">Size ${escapeHtml(line.size)} &times; ${line.count}</span></td><td style="${cell};text-align:right">${total ? formatPrice(line.totalPrice) : ''}</td></tr>`,
      )
      .join('') +
    (shipping
      ? `<tr><td style="${cell}">Shipping<br><span style="color:#777;font-size:13px">${escapeHtml(shipping.name)}</span></td><td style="${cell};text-align:right">${formatShippingPrice(shipping.price)}</td></tr>`
      : '') +
    (discount
      ? `<tr><td style="${cell}">${escapeHtml(discountLabel)}</td><td style="${cell};text-align:right">&minus;${formatPrice(discount.amount)}</td></tr>`
      : '');
  const totalRow = total
    ? `<tr><td style="padding:12px 0;font-weight:bold">${escapeHtml(total.label)}</td><td style="padding:12px 0;text-align:right;font-weight:bold">${formatPrice(total.amount)}</td></tr>`
    : '';
  const detailValue = detail?.href
    ? `<a href="${escapeHtml(detail.href)}" style="color:#ff5a1f">${escapeHtml(detail.value)}</a>`
    : escapeHtml(detail?.value ?? '');
  const detailBlock = detail
    ? `<p style="margin:20px 0 0;line-height:1.5"><strong>${escapeHtml(detail.label)}:</strong> ${detailValue}</p>`
    : '';
  const note = options.note
    ? `<p style="margin:20px 0 0;line-height:1.5;color:#555">${escapeHtml(options.note)}</p>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order ${orderNumber(order)}</title></head>
<body style="margin:0;background:#f5f5f3;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#fff;border-radius:12px;overflow:hidden">
<tr><td style="background:#111;padding:20px 32px;font-size:26px;letter-spacing:3px;font-weight:bold;color:#fff;text-transform:uppercase">Sneaker <span style="color:#ff5a1f">Shop</span></td></tr>
<tr><td style="padding:32px;color:#333">
<h1 style="margin:0 0 12px;font-size:22px;color:#111">${escapeHtml(options.heading)}</h1>
<p style="margin:0 0 20px;line-height:1.5">Hi ${escapeHtml(order.user.username)}, ${escapeHtml(options.intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}${totalRow}</table>${detailBlock}${note}
<p style="margin:24px 0 0"><a href="${escapeHtml(accountUrl)}" style="display:inline-block;background:#ff5a1f;color:#fff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">See your orders</a></p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    'SNEAKER SHOP',
    options.heading,
    `Hi ${order.user.username}, ${options.intro}`,
    ...options.lines.map(
      (line) =>
        `- ${line.name}, size ${line.size} x ${line.count}${total ? `: ${formatPrice(line.totalPrice)}` : ''}`,
    ),
    ...(shipping ? [`- Shipping, ${shipping.name}: ${formatShippingPrice(shipping.price)}`] : []),
    ...(discount ? [`- ${discountLabel}: -${formatPrice(discount.amount)}`] : []),
    ...(total ? [`${total.label}: ${formatPrice(total.amount)}`] : []),
    ...(detail ? [`${detail.label}: ${detail.value}${detail.href ? ` (${detail.href})` : ''}`] : []),
    ...(options.note ? [options.note] : []),
    `Your orders: ${accountUrl}`,
  ].join('\n');
  return { to: order.user.email, subject: options.subject, html, text };
}

/** The order confirmation, sent once when the payment is verified. */
export function orderConfirmationEmail(order: Order, accountUrl: string): MailMessage {
  const number = orderNumber(order);
  return orderEmail({
    order,
    subject: `Sneaker Shop: order ${number} confirmed`,
    heading: 'Thank you for your purchase!',
    intro: `your payment was received and order ${number} is confirmed.`,
    lines: order.products,
    shipping: order.shipping,
    discount: { code: order.code, amount: order.discount },
    total: { label: 'Total', amount: order.finalAmount },
    note:
      order.creditUsed > 0
        ? `${formatPrice(order.creditUsed)} was paid with your store credit${order.creditUsed < order.finalAmount ? ` and ${formatPrice(order.finalAmount - order.creditUsed)} with your ${order.provider === 'paypal' ? 'PayPal account' : 'card'}` : ''}.`
        : undefined,
    accountUrl,
  });
}

/** Where a refund's money goes: store credit at once, the rest to what the buyer paid with. */
export function refundNote(refund: { amount: number; refundTo?: string; credit?: number }): string {
  const credit = refund.credit ?? 0;
  const toProvider = Math.round((refund.amount - credit) * 100) / 100;
  const providerNote = `goes back to the ${refund.refundTo ?? 'card'} you paid with; your bank may take 5 to 10 days to show it`;
  if (credit <= 0) return `The money ${providerNote}.`;
  const creditNote = `${formatPrice(credit)} is back in your store credit now`;
  return toProvider > 0 ? `${creditNote}; ${formatPrice(toProvider)} ${providerNote}.` : `${creditNote}.`;
}

/**
 * Money paid back for an order: the amount, and the lines it is for. A refund of the whole order names
 * every line; a partial one (`lines`: those refunded) says what the order keeps. `refundTo` is what the
 * money goes back to, as the order's payment provider words it ('card' unless said).
 */
export function orderRefundEmail(
  order: Order,
  refund: { amount: number; lines?: OrderLine[]; refundTo?: string; credit?: number },
  accountUrl: string,
): MailMessage {
  const number = orderNumber(order);
  const partial = refund.amount < order.finalAmount;
  return orderEmail({
    order,
    subject: `Sneaker Shop: ${formatPrice(refund.amount)} refunded for order ${number}`,
    heading: partial ? 'Part of your order was refunded' : 'Your order was refunded',
    intro: partial
      ? `we refunded ${formatPrice(refund.amount)} of the ${formatPrice(order.finalAmount)} you paid for order ${number}, for the pairs below.`
      : `we refunded the ${formatPrice(refund.amount)} you paid for order ${number}.`,
    lines: refund.lines ?? order.products,
    // A whole order's refund gives the shipping back too.
    shipping: refund.lines ? undefined : order.shipping,
    total: { label: 'Refunded', amount: refund.amount },
    note: refundNote(refund),
    accountUrl,
  });
}

/**
 * A pending order closed without payment: by the shop's staff, because it was not paid in time, or because
 * its provider closed the payment (a payment page that expired, a bank payment that failed). No money was
 * taken, and the pairs went back on sale.
 */
export function orderCancelledEmail(
  order: Order,
  reason: 'staff' | 'not-paid-in-time' | 'payment-failed',
  accountUrl: string,
): MailMessage {
  const number = orderNumber(order);
  const why = {
    staff: `our team cancelled order ${number} before it was paid.`,
    'not-paid-in-time': `order ${number} was cancelled because it was not paid in time.`,
    'payment-failed': `order ${number} was cancelled because its payment did not go through.`,
  };
  return orderEmail({
    order,
    subject: `Sneaker Shop: order ${number} cancelled`,
    heading: 'Your order was cancelled',
    intro: why[reason],
    lines: order.products,
    shipping: order.shipping,
    total: { label: 'Not charged', amount: order.finalAmount },
    note: 'No money was taken, and the pairs went back on sale. To buy them, add them to your cart again.',
    accountUrl,
  });
}

/** A parcel as its e-mail tells it: the carrier's name, the tracking number and its page, what is in it. */
export interface ParcelNotice {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  lines: { productId: string; size: string; count: number }[];
}

/** The order's lines in a parcel, each with the parcel's count of it. */
function parcelLines(order: Order, parcel: ParcelNotice): OrderLine[] {
  return parcel.lines.flatMap((line) => {
    const bought = order.products.find((item) => item.id === line.productId && item.size === line.size);
    return bought ? [{ ...bought, count: line.count, totalPrice: bought.price * line.count }] : [];
  });
}

/** A parcel left for the buyer: what is in it, with whom, and where to follow it. */
export function orderShippedEmail(order: Order, parcel: ParcelNotice, accountUrl: string): MailMessage {
  const number = orderNumber(order);
  const all = order.fulfilment === 'shipped' || order.fulfilment === 'delivered';
  return orderEmail({
    order,
    subject: `Sneaker Shop: order ${number} shipped`,
    heading: all ? 'Your order is on its way' : 'Part of your order is on its way',
    intro: `${all ? 'the pairs' : 'these pairs'} of order ${number} left our warehouse with ${parcel.carrier}.`,
    lines: parcelLines(order, parcel),
    detail: {
      label: `${parcel.carrier} tracking number`,
      value: parcel.trackingNumber,
      href: parcel.trackingUrl,
    },
    note: all ? undefined : 'We will write again when the rest of your order ships.',
    accountUrl,
  });
}

/** Every parcel of the order arrived. */
export function orderDeliveredEmail(order: Order, accountUrl: string): MailMessage {
  const number = orderNumber(order);
  return orderEmail({
    order,
    subject: `Sneaker Shop: order ${number} delivered`,
    heading: 'Your order was delivered',
    intro: `every pair of order ${number} was delivered. Enjoy them!`,
    lines: order.products,
    accountUrl,
  });
}
