/**
 * The catalogue's face: the shoppers' lists and product pages, the staff's products, and the stock of each
 * size that checkout, orders, returns and drops move.
 */

export { catalogRoutes, type PageFit, type PageReviews } from './catalog.routes';
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
  stockedSizes,
  stockLines,
} from './catalog.service';
export { type DiscoveryProduct, discoveryCatalog } from './discovery-reads';
export type { NewProduct } from './new-product';
export { productsAdminRoutes } from './products-admin.routes';
export type { ProductAdminDeps } from './products-admin.service';
export { productsTaxCategoryRoutes } from './products-tax-category.routes';
