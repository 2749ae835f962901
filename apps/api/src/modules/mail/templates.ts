import { escapeHtml } from '../../lib/html';
import type { MailMessage } from './mailer';

const SHOP = 'Sneaker Shop';

/** The shared HTML frame: the wordmark, a heading, paragraphs and one call-to-action button. */
function layout(options: {
  heading: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
}) {
  const paragraphs = options.paragraphs
    .map(
      (text) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#333">${escapeHtml(text)}</p>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(options.heading)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f3;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f3;padding:32px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#111111;padding:20px 32px;font-size:26px;letter-spacing:3px;font-weight:bold;color:#ffffff;text-transform:uppercase">Sneaker <span style="color:#ff5a1f">Shop</span></td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 20px;font-size:22px;color:#111111">${escapeHtml(options.heading)}</h1>
${paragraphs}
<p style="margin:28px 0"><a href="${escapeHtml(options.action.url)}" style="display:inline-block;background:#ff5a1f;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 24px;border-radius:8px">${escapeHtml(options.action.label)}</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#777">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(options.action.url)}" style="color:#555;word-break:break-all">${escapeHtml(options.action.url)}</a></p>
<p style="margin:24px 0 0;font-size:13px;color:#777">${escapeHtml(options.footnote)}</p>
</td></tr></table>
<p style="font-size:12px;color:#999;margin:16px 0 0">&copy; ${SHOP}</p>
</td></tr></table></body></html>`;
}

function textVersion(lines: string[]): string {
  return `${SHOP.toUpperCase()}\n\n${lines.join('\n\n')}\n`;
}

export function verificationEmail(to: string, username: string, url: string): MailMessage {
  const heading = 'Verify your e-mail';
  const intro = `Hi ${username}, welcome to ${SHOP}! Please confirm this is your e-mail address to finish setting up your account.`;
  const footnote = 'The link works for one hour. If you did not create an account, ignore this e-mail.';
  return {
    to,
    subject: `${SHOP}: verify your e-mail`,
    html: layout({ heading, paragraphs: [intro], action: { label: 'Verify e-mail', url }, footnote }),
    text: textVersion([heading, intro, `Verify your e-mail: ${url}`, footnote]),
  };
}

export function passwordResetEmail(to: string, username: string, url: string): MailMessage {
  const heading = 'Choose a new password';
  const intro = `Hi ${username}, we received a request to reset the password of your ${SHOP} account.`;
  const footnote =
    'The link works for one hour and only once. If you did not ask for it, ignore this e-mail: your password stays the same.';
  return {
    to,
    subject: `${SHOP}: reset your password`,
    html: layout({ heading, paragraphs: [intro], action: { label: 'Choose a new password', url }, footnote }),
    text: textVersion([heading, intro, `Choose a new password: ${url}`, footnote]),
  };
}

/** A back-in-stock alert: the size a shopper waited for is on sale again. Sent once per alert. */
export function backInStockEmail(
  to: string,
  username: string,
  product: { name: string; size: string },
  url: string,
): MailMessage {
  const heading = `${product.name} is back in size ${product.size}`;
  const intro = `Hi ${username}, good news: the ${product.name} in size ${product.size} you asked us about is on sale again.`;
  const hurry = 'Pairs go quickly, so we cannot hold one for you: the first to check out gets it.';
  const footnote = 'We send this e-mail once. To hear about another size, ask again on the product page.';
  return {
    to,
    subject: `${SHOP}: ${product.name} is back in size ${product.size}`,
    html: layout({
      heading,
      paragraphs: [intro, hurry],
      action: { label: 'See the sneaker', url },
      footnote,
    }),
    text: textVersion([heading, intro, hurry, `See the sneaker: ${url}`, footnote]),
  };
}

/** A drop's news to one shopper: its heading, paragraphs, one link and a footnote. */
export interface DropNews {
  subject: string;
  heading: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
}

/** Every drop e-mail (notices, draw results, a winner's hold running out) in the shop's frame. */
export function dropEmail(to: string, news: DropNews): MailMessage {
  return {
    to,
    subject: `${SHOP}: ${news.subject}`,
    html: layout(news),
    text: textVersion([
      news.heading,
      ...news.paragraphs,
      `${news.action.label}: ${news.action.url}`,
      news.footnote,
    ]),
  };
}

/** Store credit given to or taken from an account by the shop: the amount, the reason and the balance. */
export function creditEmail(
  to: string,
  username: string,
  credit: { amount: number; reason: string; balance: number },
  url: string,
): MailMessage {
  const added = credit.amount > 0;
  const amount = `$${Math.abs(credit.amount).toFixed(2)}`;
  const heading = added ? `${amount} of store credit for you` : `${amount} of store credit was taken back`;
  const intro = added
    ? `Hi ${username}, we added ${amount} of store credit to your account: ${credit.reason}.`
    : `Hi ${username}, we took ${amount} of store credit back from your account: ${credit.reason}.`;
  const balance = `Your balance is now $${credit.balance.toFixed(2)}. It pays all or part of your next order at checkout: tick "Use my store credit".`;
  const footnote = 'Store credit does not expire and cannot be exchanged for cash.';
  return {
    to,
    subject: `${SHOP}: ${heading}`,
    html: layout({
      heading,
      paragraphs: [intro, balance],
      action: { label: 'See your credit', url },
      footnote,
    }),
    text: textVersion([heading, intro, balance, `See your credit: ${url}`, footnote]),
  };
}
