import { formatPrice, type OrderReturn, RETURN_REASON_LABELS } from '@shop/contracts';
import { escapeHtml } from '../../lib/html';
import { button, framed, type MailMessage, type SizeWords } from '../mail';

/** Who a return's e-mails go to. */
export interface ReturnBuyer {
  email: string;
  username: string;
  /** How they read the lines' sizes. */
  sizeWords: SizeWords;
}

/** "Air Max 90, size 9 × 1: refund (Too small)" / "…: exchange for size 10 (Too big)": each line's own reason. */
function lineText(line: OrderReturn['lines'][number], words: SizeWords): string {
  const outcome =
    line.resolution === 'exchange' && line.exchangeSize
      ? `exchange for size ${words(line.productId, line.exchangeSize)}`
      : 'refund';
  return `${line.name}, size ${words(line.productId, line.size)} × ${line.count}: ${outcome} (${RETURN_REASON_LABELS[line.reason]})`;
}

/**
 * An e-mail about one return: a heading, what happened, its lines, what to do next (paragraphs), and a
 * link. The HTML and the text say the same.
 */
function returnEmail(options: {
  buyer: ReturnBuyer;
  ret: OrderReturn;
  subject: string;
  heading: string;
  intro: string;
  steps?: string[];
  link: { label: string; url: string };
}): MailMessage {
  const { buyer, ret, link } = options;
  const steps = options.steps ?? [];
  const rows = ret.lines
    .map((line) => `<li style="padding:4px 0">${escapeHtml(lineText(line, buyer.sizeWords))}</li>`)
    .join('');
  const stepsHtml = steps
    .map((step) => `<p style="margin:12px 0 0;line-height:1.5">${escapeHtml(step)}</p>`)
    .join('');
  const body = `<h1 style="margin:0 0 12px;font-size:22px;color:#111">${escapeHtml(options.heading)}</h1>
<p style="margin:0 0 16px;line-height:1.5">Hi ${escapeHtml(buyer.username)}, ${escapeHtml(options.intro)}</p>
<p style="margin:0;font-weight:bold">Return ${escapeHtml(ret.number)}</p>
<ul style="margin:8px 0 0;padding-left:20px">${rows}</ul>${stepsHtml}
${button(link.label, link.url)}`;
  const text = [
    'SNEAKER SHOP',
    options.heading,
    `Hi ${buyer.username}, ${options.intro}`,
    `Return ${ret.number}`,
    ...ret.lines.map((line) => `- ${lineText(line, buyer.sizeWords)}`),
    ...steps,
    `${link.label}: ${link.url}`,
  ].join('\n');
  return { to: buyer.email, subject: options.subject, html: framed(`Return ${ret.number}`, body), text };
}

/** The return was opened: its number, and what to do with the parcel. */
export function returnOpenedEmail(
  buyer: ReturnBuyer,
  ret: OrderReturn,
  orderNumber: number,
  slipUrl: string,
): MailMessage {
  return returnEmail({
    buyer,
    ret,
    subject: `Sneaker Shop: return ${ret.number} opened`,
    heading: 'We received your return request',
    intro: `your return ${ret.number} of order #${orderNumber} is open. We will tell you as soon as it is approved.`,
    steps: [
      'What to do: pack the pairs in their box, with everything that came with them.',
      `Write the return number ${ret.number} on the parcel, and put the printed return slip inside.`,
      'Send it only once we have approved the return.',
      ...(ret.lines.some((line) => line.resolution === 'exchange')
        ? ['The sizes you exchange for are held for you while the return is open.']
        : []),
    ],
    link: { label: 'Print the return slip', url: slipUrl },
  });
}

export function returnApprovedEmail(buyer: ReturnBuyer, ret: OrderReturn, slipUrl: string): MailMessage {
  return returnEmail({
    buyer,
    ret,
    subject: `Sneaker Shop: return ${ret.number} approved`,
    heading: 'Your return is approved',
    intro: `your return ${ret.number} is approved: you can send the pairs back now.`,
    steps: [
      `Write the return number ${ret.number} on the parcel and put the printed return slip inside.`,
      'We will write to you once the parcel has arrived.',
    ],
    link: { label: 'Print the return slip', url: slipUrl },
  });
}

export function returnRejectedEmail(buyer: ReturnBuyer, ret: OrderReturn, accountUrl: string): MailMessage {
  return returnEmail({
    buyer,
    ret,
    subject: `Sneaker Shop: return ${ret.number} not accepted`,
    heading: 'We could not accept your return',
    intro: `we could not accept your return ${ret.number}. Please do not send the pairs.`,
    steps: [`Our message: ${ret.message}`],
    link: { label: 'See your orders', url: accountUrl },
  });
}

export function returnReceivedEmail(buyer: ReturnBuyer, ret: OrderReturn, accountUrl: string): MailMessage {
  return returnEmail({
    buyer,
    ret,
    subject: `Sneaker Shop: return ${ret.number} received`,
    heading: 'Your parcel has arrived',
    intro: `we received the pairs of your return ${ret.number}.`,
    link: { label: 'See your orders', url: accountUrl },
  });
}

export function returnRefundedEmail(
  buyer: ReturnBuyer,
  ret: OrderReturn,
  /** `currency`: the order's (ISO 4217), which the refund is in. */
  refund: { amount: number; refundTo: string; credit?: number; creditNote?: string | null; currency: string },
  accountUrl: string,
): MailMessage {
  const credit = refund.credit ?? 0;
  const toProvider = Math.round((refund.amount - credit) * 100) / 100;
  const where =
    credit <= 0
      ? `to the ${refund.refundTo} you paid with`
      : toProvider > 0
        ? `: ${formatPrice(credit, refund.currency)} as store credit and ${formatPrice(toProvider, refund.currency)} to the ${refund.refundTo} you paid with`
        : 'as store credit';
  return returnEmail({
    buyer,
    ret,
    subject: `Sneaker Shop: ${formatPrice(refund.amount, refund.currency)} refunded`,
    heading:
      credit > 0 && toProvider <= 0 ? 'Your refund is in your store credit' : 'Your refund is on its way',
    intro: `we refunded ${formatPrice(refund.amount, refund.currency)} for your return ${ret.number} ${where}.`,
    steps: [
      toProvider > 0
        ? 'It can take a few days to appear on your statement.'
        : 'Your store credit pays all or part of your next order at checkout.',
      ...(refund.creditNote
        ? [`Your credit note is ${refund.creditNote}; you can print it from your orders.`]
        : []),
    ],
    link: { label: 'See your orders', url: accountUrl },
  });
}

export function exchangeOrderEmail(
  buyer: ReturnBuyer,
  ret: OrderReturn,
  exchangeOrderNumber: number,
  accountUrl: string,
): MailMessage {
  return returnEmail({
    buyer,
    ret,
    subject: `Sneaker Shop: your exchange, order #${exchangeOrderNumber}`,
    heading: 'Your new size is on its way',
    intro: `the sizes you exchanged for in return ${ret.number} are in order #${exchangeOrderNumber}, at no cost. We will send it like any order and tell you when it ships.`,
    link: { label: 'See your orders', url: accountUrl },
  });
}
