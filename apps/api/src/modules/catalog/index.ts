/**
 * The catalogue's face: the shoppers' lists and product pages, the staff's products, and the stock of each
 * size that checkout, orders, returns and drops move.
 */
export type { NewProduct } from './catalog.repository';
export { catalogRoutes, type PageReviews } from './catalog.routes';
export {
  addProducts,
  addUnits,
  getProducts,
  inLockOrder,
  loadListing,
  lockProductsForRating,
  lowStock,
  markUnitsSold,
  productCards,
  productExists,
  productIdsBySlug,
  releaseUnits,
  reserveUnits,
  setRatings,
  stockLines,
} from './catalog.service';
export { productsAdminRoutes } from './products-admin.routes';
export type { ProductAdminDeps } from './products-admin.service';
