/** The payments module's face: the gateways other modules pay and refund through. */
export {
  type PaymentNotice,
  type PaymentPage,
  PaymentProviderError,
  type PaymentRequest,
} from './gateway';
export {
  checkProvider,
  type Gateways,
  gatewayFor,
  paymentNotStarted,
  providerLabel,
  refundedTo,
} from './payments';
