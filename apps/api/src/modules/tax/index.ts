/** The tax module's face: the shop's tax settings, its rate table, where it collects tax, and how an order is taxed. */

export { taxRoutes } from './tax.routes';
export { sellerVatNumber, shopCurrency, type TaxDeps } from './tax.service';
export { orderTaxRates, taxPlanFor } from './tax-plan';
