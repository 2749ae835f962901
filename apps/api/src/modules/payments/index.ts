/**
 * The payments module's face: the tenders orders are paid with (the registered providers, each a plug-in
 * under providers/, and store credit), their gateways, the payments ledger, and the one refund.
 */

export {
  type CreditNoteRecord,
  creditNoteOf,
  creditNotesOf,
  NO_TAX,
  type RateTax,
  type RefundTax,
  sumByRate,
} from './credit-notes';
export {
  type PaymentNotice,
  type PaymentPage,
  PaymentProviderError,
  type PaymentRequest,
} from './gateway';
export {
  ledgersOf,
  orderMoney,
  type Returned,
  recordPayment,
  recordProviderEvent,
  refundsMadeIn,
  refundsMadeSince,
  returnedByReturn,
} from './ledger';
export { eraseTestPaymentEmails } from './payment-erasure';
export {
  checkProvider,
  createGateways,
  type Gateways,
  gatewayFor,
  paymentNotStarted,
  refundedTo,
  tenderLabel,
} from './payments';
export { type PaymentOutcomes, paymentsRoutes } from './payments.routes';
export type { PaymentProvider } from './providers/provider';
export { readProviderSettings } from './providers/registry';
export { type RefundedMoney, refund, refundPlan } from './refunds';
