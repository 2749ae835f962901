/** The tax module's face: the shop's tax settings, its rate table and where it collects tax. */
export { taxRoutes } from './tax.routes';
export type { TaxDeps } from './tax.service';
