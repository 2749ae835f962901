/** The mail module's face: what other modules may use to write to people. */
export type { Mailer, MailMessage } from './mailer';
export {
  orderCancelledEmail,
  orderConfirmationEmail,
  orderDeliveredEmail,
  orderRefundEmail,
  orderShippedEmail,
} from './order-email';
export { priceDropEmail } from './price-drop-email';
export {
  exchangeOrderEmail,
  type ReturnBuyer,
  returnApprovedEmail,
  returnOpenedEmail,
  returnReceivedEmail,
  returnRefundedEmail,
  returnRejectedEmail,
} from './return-email';
export {
  backInStockEmail,
  creditEmail,
  type DropNews,
  dropEmail,
  passwordResetEmail,
  verificationEmail,
} from './templates';
