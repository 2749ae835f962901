/** The stock alerts module's face: a shopper's wait for a size, told once it is back. */
export { stockAlertsRoutes } from './stock-alerts.routes';
export {
  notifyBackInStock,
  removeAllOfUser,
  type StockAlertDeps,
  sweepAlerts,
} from './stock-alerts.service';
