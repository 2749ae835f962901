import type { Order, OrderReturn, Shipment } from '@shop/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import type { Mailer } from '../mail';
import type { Gateways } from '../payments';

/** What happened to an order after its payment: its parcels and its returns (and, for a replacement, its origin). */
export interface AfterSale {
  shipments: Shipment[];
  returns: OrderReturn[];
  replaces: Order['replaces'];
}

/**
 * Reads the after-sale of these orders. The fulfilment and returns modules sit above orders (they import
 * it); the composition root hands orders this reader of theirs, so orders imports neither (decision 0032).
 * Its queries run one after the other: `db` may be a transaction, whose one connection runs one at a time.
 */
export type AfterSaleOf = (db: DbOrTx, orderIds: string[]) => Promise<(orderId: string) => AfterSale>;

/** What the order views need: the after-sale reader. */
export interface OrderViews {
  afterSale: AfterSaleOf;
}

/** What the order rules need from the app. */
export interface OrderDeps extends OrderViews {
  db: Db;
  gateways: Gateways;
  mailer: Mailer;
  siteUrl: string;
  log: FastifyBaseLogger;
  /** Where cancellations and refunds are published (the audit trail and the back-in-stock alerts listen). */
  events: DomainEvents;
}
