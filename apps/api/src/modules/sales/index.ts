/** The sales module's face: the Sales view's figures, the sizes running low and the orders export. */
export { salesRoutes } from './sales.routes';
