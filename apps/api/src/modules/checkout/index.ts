/** The checkout's face: buying a cart, and checking it. */
export { checkoutRoutes } from './checkout.routes';
export type { CheckoutDeps } from './checkout.service';
