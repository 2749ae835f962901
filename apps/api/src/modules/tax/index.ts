/** The tax module's face: the shop's tax settings, its rate table, where it collects tax, and how an order is taxed. */

export type { TaxedOrder } from './providers/provider';
export { taxRoutes } from './tax.routes';
export { reportSettings, sellerVatNumber, shopCurrency, type TaxDeps } from './tax.service';
export { engineTaxPlan, type TaxEngine, tablePlanInstead, taxEngine } from './tax-engine';
export { type Destination, lineReference, orderTaxRates, type TaxPlan } from './tax-plan';
