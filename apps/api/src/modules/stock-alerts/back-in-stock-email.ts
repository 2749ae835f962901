import type { MailMessage } from '../mail';
import { messageEmail, SHOP } from '../mail';

/** A back-in-stock alert: the size a shopper waited for is on sale again. Sent once per alert. */
export function backInStockEmail(
  to: string,
  username: string,
  product: { name: string; size: string },
  url: string,
): MailMessage {
  return messageEmail({
    to,
    subject: `${SHOP}: ${product.name} is back in size ${product.size}`,
    heading: `${product.name} is back in size ${product.size}`,
    paragraphs: [
      `Hi ${username}, good news: the ${product.name} in size ${product.size} you asked us about is on sale again.`,
      'Pairs go quickly, so we cannot hold one for you: the first to check out gets it.',
    ],
    action: { label: 'See the sneaker', url },
    footnote: 'We send this e-mail once. To hear about another size, ask again on the product page.',
  });
}
