/**
 * Back-in-stock alerts (texts free of zod, so the product page imports them cheaply): a signed-in shopper asks to be told when a sold-out size of a product is on sale
 * again; one e-mail is sent when units come back, and the alert is used up.
 */
export const STOCK_ALERT_MESSAGES = {
  NOT_SOLD_OUT: 'This size is on sale: add it to your cart instead',
  ALREADY_ASKED: 'You will already be told when this size is back',
  NOTIFY_ME: 'Notify me',
  CREATED: 'We will e-mail you when this size is back in stock',
} as const;
