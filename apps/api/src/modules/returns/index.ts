/** The returns module's face: returns and size exchanges of paid orders, and the figures of returns. */

export { eraseReturnWords, returnsInProgressOf } from './return-erasure';
export {
  type RefundedTax,
  refundedLinesSince,
  refundedTaxOf,
  replacedBy,
  returnFigures,
  returnsOf,
} from './return-views';
export { returnsRoutes } from './returns.routes';
export type { ReturnDeps } from './returns.service';
export { exchangesOfProduct, sentBackForSize } from './size-exchanges';
export { sizeReturnsPerSize } from './size-returns';
