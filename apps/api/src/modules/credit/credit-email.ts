import type { MailMessage } from '../mail';
import { messageEmail, SHOP } from '../mail';

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
  return messageEmail({
    to,
    subject: `${SHOP}: ${heading}`,
    heading,
    paragraphs: [
      added
        ? `Hi ${username}, we added ${amount} of store credit to your account: ${credit.reason}.`
        : `Hi ${username}, we took ${amount} of store credit back from your account: ${credit.reason}.`,
      `Your balance is now $${credit.balance.toFixed(2)}. It pays all or part of your next order at checkout: tick "Use my store credit".`,
    ],
    action: { label: 'See your credit', url },
    footnote: 'Store credit does not expire and cannot be exchanged for cash.',
  });
}
