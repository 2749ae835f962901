/** The price drops module's face: a favourite's price drop, e-mailed once. */
export {
  notifyPriceDrop,
  type PriceDropDeps,
  type PriceDropJob,
  queuePriceDrop,
} from './price-drops.service';
