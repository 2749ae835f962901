/** The shipping module's face: the shop's methods, by country, and the one an order travels by. */
export { shippingRoutes } from './shipping.routes';
export { estimatesOf, methodForOrder, offeredMethods, type ShippingDeps } from './shipping.service';
