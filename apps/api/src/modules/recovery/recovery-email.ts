import { formatPrice, type MarketingBasis } from '@shop/contracts';
import { type MailMessage, messageEmail, SHOP } from '../mail';

/** A line of the reminder: still to be had (with its price now), or sold out since. */
export interface ReminderLine {
  name: string;
  size: string;
  count: number;
  /** The unit price now, in the shop's currency. */
  price: number;
  /** The product's page, where a sold-out size's alert is asked for. */
  url: string;
}

/** What a reminder of an abandoned checkout tells. */
export interface Reminder {
  username: string;
  currency: string;
  kept: ReminderLine[];
  soldOut: ReminderLine[];
  /** The link back to the cart (signed, the person's only, valid 7 days). */
  cartUrl: string;
  /** Why the shop may send it: the person's consent, or the soft opt-in of a customer who bought before. */
  basis: MarketingBasis;
  /** Which reminder this is (1 or 2), and whether another follows. */
  step: number;
  last: boolean;
  /** The one-click unsubscribe: its link and the headers that carry it. */
  unsubscribe: { url: string; headers: Record<string, string> };
}

const pairs = (count: number) => (count === 1 ? '1 pair' : `${count} pairs`);

/**
 * A shopper left their checkout at the payment page: what is still in it (at today's price), what sold out
 * since with the offer to be told when it is back, and the link that brings the cart back. Marketing
 * (issue 40): it carries the one-click unsubscribe and says it in its footnote.
 */
export function reminderEmail(to: string, reminder: Reminder): MailMessage {
  const { kept, soldOut, currency } = reminder;
  const message = messageEmail({
    to,
    subject:
      reminder.step > 1
        ? `${SHOP}: your sneakers are still waiting`
        : `${SHOP}: you left your sneakers at the checkout`,
    heading: 'Your cart is waiting',
    paragraphs: [
      `Hi ${reminder.username}, you took these to the payment page and did not finish:`,
      ...kept.map(
        (line) =>
          `${line.name}, size ${line.size}: ${pairs(line.count)} at ${formatPrice(line.price, currency)}`,
      ),
      ...soldOut.map(
        (line) =>
          `${line.name}, size ${line.size}, has sold out since. We can tell you when it is back: ${line.url}`,
      ),
      'Prices and stock may change until you pay; nothing is held for you.',
    ],
    action: { label: 'Back to my cart', url: reminder.cartUrl },
    footnote: `You get this e-mail because ${reminder.basis === 'consent' ? 'you said yes to price drops and offers' : `you bought from ${SHOP} before`}${reminder.last ? '; it is the last about this checkout' : ''}. Unsubscribe with one click: ${reminder.unsubscribe.url}`,
  });
  return { ...message, headers: reminder.unsubscribe.headers };
}
