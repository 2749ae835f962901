import { formatPrice } from '@shop/contracts';
import { escapeHtml } from '../../lib/html';
import type { MailMessage } from './mailer';

const SHOP = 'Sneaker Shop';

/** A favourite's price drop, as the e-mail tells it. */
interface PriceDrop {
  name: string;
  /** The price before the drop and after it, in dollars. */
  oldPrice: number;
  newPrice: number;
  /** The product's page. */
  url: string;
  /** The profile page, where the shopper turns these e-mails off. */
  profileUrl: string;
}

/**
 * A favourite got cheaper: the product, its old and new price, a link to it, and how to stop these
 * e-mails. Sent once per drop to each shopper who has the product among their favourites and has not
 * turned price-drop e-mails off.
 */
export function priceDropEmail(to: string, username: string, drop: PriceDrop): MailMessage {
  const was = formatPrice(drop.oldPrice);
  const now = formatPrice(drop.newPrice);
  const heading = `${drop.name} is now ${now}`;
  const intro = `Hi ${username}, the ${drop.name} in your favourites dropped in price: it was ${was}, it is now ${now}.`;
  const hurry = 'The price may change again, and pairs go quickly.';
  const footnote = `You get this e-mail because the product is among your favourites. To stop price-drop e-mails, turn them off in your profile: ${drop.profileUrl}`;
  const paragraphs = [intro, hurry]
    .map(
      (text) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#333">${escapeHtml(text)}</p>`,
    )
    .join('');
  const url = escapeHtml(drop.url);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f3;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f3;padding:32px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#111111;padding:20px 32px;font-size:26px;letter-spacing:3px;font-weight:bold;color:#ffffff;text-transform:uppercase">Sneaker <span style="color:#ff5a1f">Shop</span></td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 20px;font-size:22px;color:#111111">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px;font-size:20px"><s style="color:#777">${escapeHtml(was)}</s> <strong style="color:#111111">${escapeHtml(now)}</strong></p>
${paragraphs}
<p style="margin:28px 0"><a href="${url}" style="display:inline-block;background:#ff5a1f;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 24px;border-radius:8px">See the sneaker</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#777">If the button does not work, copy this link into your browser:<br><a href="${url}" style="color:#555;word-break:break-all">${url}</a></p>
<p style="margin:24px 0 0;font-size:13px;color:#777">You get this e-mail because the product is among your favourites. To stop price-drop e-mails, turn them off in <a href="${escapeHtml(drop.profileUrl)}" style="color:#555">your profile</a>.</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  return {
    to,
    subject: `${SHOP}: ${drop.name} dropped to ${now}`,
    html,
    text: `${SHOP.toUpperCase()}\n\n${[heading, intro, `Was ${was}, now ${now}.`, hurry, `See the sneaker: ${drop.url}`, footnote].join('\n\n')}\n`,
  };
}
