/**
 * The orders module's face. Orders sit below the after-sale: fulfilment and returns import it, and the
 * composition root hands it their view of an order (AfterSaleOf), so it imports neither (decision 0032).
 */
export {
  createReplacementOrder,
  type LockedOrder,
  lockOrder,
  lockOrderForReturn,
  orderForReturn,
  orderNumbersAndCurrenciesOf,
  orderNumbersOf,
  type ReturnedOrder,
  setFulfilment,
} from './order-after-sale';
export type { AfterSaleOf, OrderDeps, OrderViews } from './order-deps';
export { readerOf } from './order-emails';
export { eraseBuyer, lockedOpenOrdersOf } from './order-erasure';
export {
  approveOrder,
  approvePlacedOrder,
  cancelOrder,
  expireReservation,
  sendConfirmation,
  sweep,
} from './order-lifecycle';
export { completedUrl, confirmProviderReturn, handleNotice, paymentRequestFor } from './order-payment';
export { createPendingOrder, lockedPendingHoldings, setPaymentPage, unitsHeldBy } from './order-placement';
export {
  bestSellers,
  boughtProducts,
  customersAmong,
  type ExportedOrder,
  type OrderCursor,
  orderNumbersAndTotals,
  ordersAfter,
  ordersPaidIn,
  orderUsesShippingMethod,
  paidOrderSummary,
  paidPerDay,
  paidPerDestination,
  placedDaysOf,
  sizeBought,
  type TaxedOrder,
  taxedOrders,
  unitsSold,
  unitsSoldPerSize,
} from './order-queries';
export { getOrder, listToShip, type OrdersFilter, orderById, shipToWire } from './order-views';
export { ordersRoutes } from './orders.routes';
export { paidLinesOfBuyer, paidLinesOfBuyers, pairsBought } from './paid-lines';
