/** The fulfilment module's face: parcels of paid orders, the To ship list, invoices and packing slips. */

export { fulfilmentRoutes } from './fulfilment.routes';
export type { FulfilmentDeps } from './fulfilment.service';
export { shipmentsOf } from './shipments';
