/**
 * The drops module's face: scheduled releases (a draw, or a waiting room), what checkout asks of them, and
 * what orders tell them.
 */
export {
  type CheckoutGate,
  gateCheckout,
  pairsHeldFor,
  purchaseLimits,
  takeHeldPairs,
} from './drop-checkout';
export type { DropDeps, DropJob } from './drop-deps';
export { onAddressChanging } from './drop-entries';
export { eraseEntrant } from './drop-erasure';
export { forgetDrop } from './drop-memory';
export { type DropRelease, dropReleases } from './drop-releases';
export { onOrderCancelled, onOrderPaid, runDropJob, sweepDrops } from './drop-results';
export { dropsRoutes } from './drops.routes';
export { dropProducts } from './drops.service';
