/**
 * The sales module's face: the Sales view's figures, the sizes running low, the size table of a period
 * and the orders export.
 */
export { salesRoutes } from './sales.routes';
export { salesSizesRoutes } from './sales-sizes.routes';
