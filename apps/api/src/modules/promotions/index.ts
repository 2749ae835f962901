/** The promotions module's face: discount codes, checked in the cart and taken at checkout. */
export { type PromotionRouteDeps, promotionRoutes } from './promotions.routes';
export { applyCode, onOrderCancelled, onOrderPaid, seedPromotions, takeUse } from './promotions.service';
