/**
 * The mail module's face: the transport and its queues, and the shop's e-mail layout. Each module writes
 * its own e-mails (their wording) with the layout, and sends them through a Mailer.
 */
export {
  button,
  framed,
  messageEmail,
  type OrderLine,
  type OrderReader,
  orderEmail,
  SHOP,
  type SizeWords,
} from './layout';
export {
  createTransport,
  deliverQueuedMail,
  type Mailer,
  type MailMessage,
  type MailTransport,
  mayLogMailLinks,
  queuedMailer,
} from './mailer';
export { outboxRoutes } from './outbox.routes';
