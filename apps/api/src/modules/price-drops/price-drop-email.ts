import { formatPrice, type MarketingBasis } from '@shop/contracts';
import { type MailMessage, messageEmail, SHOP } from '../mail';

/** A favourite's price drop, as the e-mail tells it. */
interface PriceDrop {
  name: string;
  /** The price before the drop and after it, in the shop's `currency` (ISO 4217). */
  oldPrice: number;
  newPrice: number;
  currency: string;
  /** The product's page. */
  url: string;
  /** The profile page, where the shopper turns these e-mails off. */
  profileUrl: string;
  /** Why the shop may send it: the person's consent, or the soft opt-in of a customer who bought before. */
  basis: MarketingBasis;
  /** The one-click unsubscribe: its link and the headers that carry it (a marketing e-mail, issue 40). */
  unsubscribe: { url: string; headers: Record<string, string> };
}

/**
 * A favourite got cheaper: the product, its old and new price (said once), a link to it, and how to stop
 * these e-mails. Marketing (issue 40): sent once per drop to each shopper who said yes to price drops and
 * offers, has the product among their favourites and has not turned price-drop e-mails off; it carries the
 * one-click unsubscribe (List-Unsubscribe, List-Unsubscribe-Post) and says it in its footnote.
 */
export function priceDropEmail(to: string, username: string, drop: PriceDrop): MailMessage {
  const was = formatPrice(drop.oldPrice, drop.currency);
  const now = formatPrice(drop.newPrice, drop.currency);
  const message = messageEmail({
    to,
    subject: `${SHOP}: ${drop.name} dropped to ${now}`,
    heading: `${drop.name} dropped in price`,
    paragraphs: [
      `Hi ${username}, the ${drop.name} in your favourites dropped in price: it was ${was}, it is now ${now}.`,
      'The price may change again, and pairs go quickly.',
    ],
    action: { label: 'See the sneaker', url: drop.url },
    footnote: `You get this e-mail because ${drop.basis === 'consent' ? 'you asked for price drops and offers' : `you bought from ${SHOP} before`} and the product is among your favourites. Unsubscribe with one click: ${drop.unsubscribe.url} (or choose in your profile: ${drop.profileUrl})`,
  });
  return { ...message, headers: drop.unsubscribe.headers };
}
