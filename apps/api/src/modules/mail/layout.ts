import { formatPrice, formatShippingPrice, type Order } from '@shop/contracts';
import { escapeHtml } from '../../lib/html';
import type { MailMessage } from './mailer';

/**
 * The shop's e-mail layout, shared by every module's e-mails (each module writes its own wording): the
 * frame with the wordmark, a message with one call to action, and a message about an order's lines.
 */

export const SHOP = 'Sneaker Shop';

/** A whole HTML e-mail: the shop's wordmark over a white card holding `body`. */
export function framed(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f3;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f3;padding:32px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#111111;padding:20px 32px;font-size:26px;letter-spacing:3px;font-weight:bold;color:#ffffff;text-transform:uppercase">Sneaker <span style="color:#ff5a1f">Shop</span></td></tr>
<tr><td style="padding:32px;color:#333">
${body}
</td></tr></table>
<p style="font-size:12px;color:#999;margin:16px 0 0">&copy; ${SHOP}</p>
</td></tr></table></body></html>`;
}

/** The call to action: one orange button. */
export function button(label: string, url: string): string {
  return `<p style="margin:24px 0 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#ff5a1f;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 24px;border-radius:8px">${escapeHtml(label)}</a></p>`;
}

/** A paragraph of plain text. */
export function paragraph(text: string): string {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#333">${escapeHtml(text)}</p>`;
}

/** The heading of a message. */
export function heading(text: string): string {
  return `<h1 style="margin:0 0 20px;font-size:22px;color:#111111">${escapeHtml(text)}</h1>`;
}

/** The text part of an e-mail: the wordmark, then each block separated by a blank line. */
export function textVersion(lines: string[]): string {
  return `${SHOP.toUpperCase()}\n\n${lines.join('\n\n')}\n`;
}

/** A message: a heading, paragraphs, one call to action (with its link spelled out) and a footnote. */
export interface Message {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
}

export function messageEmail(message: Message): MailMessage {
  const { action } = message;
  const body = `${heading(message.heading)}
${message.paragraphs.map(paragraph).join('')}
${button(action.label, action.url)}
<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:#777">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#555;word-break:break-all">${escapeHtml(action.url)}</a></p>
<p style="margin:24px 0 0;font-size:13px;color:#777">${escapeHtml(message.footnote)}</p>`;
  return {
    to: message.to,
    subject: message.subject,
    html: framed(message.heading, body),
    text: textVersion([
      message.heading,
      ...message.paragraphs,
      `${action.label}: ${action.url}`,
      message.footnote,
    ]),
  };
}

export type OrderLine = Order['products'][number];

/**
 * How an e-mail writes the size of a line of a product: the shop's key in US ('10', as the shop always
 * wrote it), else in the reader's system with the key beside it ('EU 44 (US 10)'). The sizes module makes
 * one for each reader.
 */
export type SizeWords = (productId: string, key: string) => string;

/** An e-mail about one order: what happened, the lines it concerns (with their amounts), a link to the orders. */
/** Who reads an order's e-mail: where they find their orders, and how they read sizes. */
export type OrderReader = Pick<OrderMessage, 'accountUrl' | 'sizeWords'>;

export interface OrderMessage {
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
  /** How the buyer reads the lines' sizes (sizes' sizeWordsIn). */
  sizeWords: SizeWords;
}

/** The rows of an order e-mail's table: its lines, then the shipping and the discount when given. */
function orderRows(message: OrderMessage, discountLabel: string): string {
  const { total, shipping, discount } = message;
  const { currency } = message.order;
  const cell = 'padding:8px 0;border-bottom:1px solid #eee';
  const row = (label: string, sub: string | null, amount: string) =>
    `<tr><td style="${cell}">${escapeHtml(label)}${sub === null ? '' : `<br><span style="color:#777;font-size:13px">${sub}</span>`}</td><td style="${cell};text-align:right">${amount}</td></tr>`;
  return [
    ...message.lines.map((line) =>
      row(
        line.name,
        `Size ${escapeHtml(message.sizeWords(line.id, line.size))} &times; ${line.count}`,
        total ? formatPrice(line.totalPrice, currency) : '',
      ),
    ),
    ...(shipping
      ? [row('Shipping', escapeHtml(shipping.name), formatShippingPrice(shipping.price, currency))]
      : []),
    ...(discount ? [row(discountLabel, null, `&minus;${formatPrice(discount.amount, currency)}`)] : []),
  ].join('');
}

/** An order e-mail in the shop's frame; the HTML and the text say the same. */
export function orderEmail(options: OrderMessage): MailMessage {
  const { order, accountUrl, total, detail, shipping } = options;
  const { currency } = order;
  const discount = options.discount && options.discount.amount > 0 ? options.discount : undefined;
  const discountLabel = discount ? `Discount${discount.code ? ` (${discount.code})` : ''}` : '';
  const message = { ...options, discount };
  const totalRow = total
    ? `<tr><td style="padding:12px 0;font-weight:bold">${escapeHtml(total.label)}</td><td style="padding:12px 0;text-align:right;font-weight:bold">${formatPrice(total.amount, currency)}</td></tr>`
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
  const body = `<h1 style="margin:0 0 12px;font-size:22px;color:#111">${escapeHtml(options.heading)}</h1>
<p style="margin:0 0 20px;line-height:1.5">Hi ${escapeHtml(order.user.username)}, ${escapeHtml(options.intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${orderRows(message, discountLabel)}${totalRow}</table>${detailBlock}${note}
${button('See your orders', accountUrl)}`;
  const text = [
    'SNEAKER SHOP',
    options.heading,
    `Hi ${order.user.username}, ${options.intro}`,
    ...options.lines.map(
      (line) =>
        `- ${line.name}, size ${options.sizeWords(line.id, line.size)} x ${line.count}${total ? `: ${formatPrice(line.totalPrice, currency)}` : ''}`,
    ),
    ...(shipping ? [`- Shipping, ${shipping.name}: ${formatShippingPrice(shipping.price, currency)}`] : []),
    ...(discount ? [`- ${discountLabel}: -${formatPrice(discount.amount, currency)}`] : []),
    ...(total ? [`${total.label}: ${formatPrice(total.amount, currency)}`] : []),
    ...(detail ? [`${detail.label}: ${detail.value}${detail.href ? ` (${detail.href})` : ''}`] : []),
    ...(options.note ? [options.note] : []),
    `Your orders: ${accountUrl}`,
  ].join('\n');
  return { to: order.user.email, subject: options.subject, html: framed(options.subject, body), text };
}
