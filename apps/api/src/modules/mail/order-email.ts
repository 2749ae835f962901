import { formatPrice, type Order } from '@shop/contracts';
import type { MailMessage } from './mailer';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The order confirmation, sent once when the payment is verified. */
export function orderConfirmationEmail(order: Order, accountUrl: string): MailMessage {
  const number = order._id.slice(0, 8).toUpperCase();
  const rows = order.products
    .map(
      (line) =>
        `<tr><td style="padding:8px 0;border-bottom:1px solid #eee">${escapeHtml(line.name)}<br><span style="color:#777;font-size:13px">Size ${escapeHtml(line.size)} &times; ${line.count}</span></td><td style="padding:8px 0;border-bottom:1px solid #eee;text-align:right">${formatPrice(line.totalPrice)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order ${number}</title></head>
<body style="margin:0;background:#f5f5f3;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#fff;border-radius:12px;overflow:hidden">
<tr><td style="background:#111;padding:20px 32px;font-size:26px;letter-spacing:3px;font-weight:bold;color:#fff;text-transform:uppercase">Sneaker <span style="color:#ff5a1f">Shop</span></td></tr>
<tr><td style="padding:32px;color:#333">
<h1 style="margin:0 0 12px;font-size:22px;color:#111">Thank you for your purchase!</h1>
<p style="margin:0 0 20px;line-height:1.5">Hi ${escapeHtml(order.user.username)}, your payment was received and order <strong>${number}</strong> is confirmed.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}
<tr><td style="padding:12px 0;font-weight:bold">Total</td><td style="padding:12px 0;text-align:right;font-weight:bold">${formatPrice(order.finalAmount)}</td></tr></table>
<p style="margin:24px 0 0"><a href="${escapeHtml(accountUrl)}" style="display:inline-block;background:#ff5a1f;color:#fff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">See your orders</a></p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    'SNEAKER SHOP',
    `Thank you for your purchase! Order ${number} is confirmed.`,
    ...order.products.map(
      (line) => `- ${line.name}, size ${line.size} x ${line.count}: ${formatPrice(line.totalPrice)}`,
    ),
    `Total: ${formatPrice(order.finalAmount)}`,
    `Your orders: ${accountUrl}`,
  ].join('\n');
  return { to: order.user.email, subject: `Sneaker Shop: order ${number} confirmed`, html, text };
}
