import type { FastifyInstance } from 'fastify';
import { DomainEvents } from './events/domain-events';
import type { ResponseCache } from './lib/response-cache';
import type { AccountDeps } from './modules/account/account.service';
import type { ContactsOf } from './modules/audit/audit.service';
import { subscribeAudit } from './modules/audit/audit.subscriber';
import * as auth from './modules/auth/auth.service';
import type { PageReviews } from './modules/catalog/catalog.routes';
import * as catalog from './modules/catalog/catalog.service';
import type { ProductAdminDeps } from './modules/catalog/products-admin.service';
import type { CheckoutDeps } from './modules/checkout/checkout.service';
import * as credit from './modules/credit/credit.service';
import * as drops from './modules/drops/drops.service';
import type { FulfilmentDeps } from './modules/fulfilment/fulfilment.service';
import { approveOrder, handleNotice } from './modules/orders/orders.service';
import type { PaymentOutcomes } from './modules/payments/payments.routes';
import { type PriceDropDeps, queuePriceDrop } from './modules/price-drops/price-drops.service';
import type { PromotionRouteDeps } from './modules/promotions/promotions.routes';
import * as promotions from './modules/promotions/promotions.service';
import type { ReturnDeps } from './modules/returns/returns.service';
import * as reviews from './modules/reviews/reviews.service';
import type { ShippingDeps } from './modules/shipping/shipping.service';
import { notifyBackInStock, type StockAlertDeps } from './modules/stock-alerts/stock-alerts.service';
import * as users from './modules/users/users.service';
import type { SessionLookup } from './plugins/session';

/** Every service's dependencies, built once here: no module builds another module's. */
export interface Services {
  events: DomainEvents;
  checkout: CheckoutDeps;
  drops: drops.DropDeps;
  promotions: PromotionRouteDeps;
  credit: credit.CreditDeps;
  returns: ReturnDeps;
  fulfilment: FulfilmentDeps;
  products: ProductAdminDeps;
  reviews: reviews.ReviewDeps;
  shipping: ShippingDeps;
  account: AccountDeps;
  users: users.UserDeps;
  alerts: StockAlertDeps;
  priceDrops: PriceDropDeps;
  payments: PaymentOutcomes;
  contactsOf: ContactsOf;
  reviewsForPage: PageReviews;
  sessionHolder: SessionLookup;
}

/**
 * The composition root: builds each service's dependencies from the app's infrastructure and subscribes
 * the listeners to the modules' facts (docs/decisions/0028).
 */
export function wireServices(app: FastifyInstance): Services {
  const { db, config, serviceLog: log, catalogCache } = app;
  const events = new DomainEvents(log);
  const alerts: StockAlertDeps = { db, mailer: app.mailer, siteUrl: config.siteUrl, log };
  const checkout: CheckoutDeps = {
    db,
    events,
    gateways: app.gateways,
    mailer: app.mailer,
    siteUrl: config.siteUrl,
    log,
    currency: config.payments.currency,
    reservationMinutes: config.payments.reservationMinutes,
    maxPendingOrders: config.checkout.maxPendingOrders,
    maxPendingUnits: config.checkout.maxPendingUnits,
    rateLimitScale: config.auth.rateLimitScale,
    rateLimits: app.rateLimits,
    jobs: app.jobs,
    dropSecret: config.auth.secret,
  };
  const dropDeps: drops.DropDeps = {
    db,
    events,
    mailer: app.mailer,
    jobs: app.jobs,
    siteUrl: config.siteUrl,
    secret: config.auth.secret,
    powMaxNumber: config.drops.powMaxNumber,
  };
  const priceDrops: PriceDropDeps = { db, jobs: app.jobs, mailer: app.mailer, siteUrl: config.siteUrl, log };
  subscribe(events, alerts, catalogCache);
  // A favourite's price drop is e-mailed by a job queued in the transaction that lowered the price.
  events.withFact('price.dropped', (tx, { type: _type, ...drop }) => queuePriceDrop(priceDrops, tx, drop));
  subscribeDrops(events, dropDeps);
  subscribeMoney(events);
  return {
    events,
    checkout,
    drops: dropDeps,
    promotions: {
      db,
      events,
      rateLimits: app.rateLimits,
      rateLimitScale: config.auth.rateLimitScale,
    },
    credit: { db, events, mailer: app.mailer, siteUrl: config.siteUrl },
    returns: {
      db,
      events,
      gateways: app.gateways,
      mailer: app.mailer,
      siteUrl: config.siteUrl,
      log,
      returnDays: config.returns.days,
      refundShipping: config.returns.refundShipping,
      toCredit: config.returns.toCredit,
      shop: config.shop,
    },
    fulfilment: {
      db,
      events,
      mailer: app.mailer,
      gateways: app.gateways,
      siteUrl: config.siteUrl,
      shop: config.shop,
    },
    products: { db, storage: app.storage, events },
    reviews: { db, events },
    shipping: { db, events },
    account: { db, events },
    users: {
      db,
      events,
      products: { exists: catalog.productExists, cards: catalog.getProducts },
      reviewsOf: reviews.listUserReviews,
      creditOf: credit.balanceOf,
    },
    alerts,
    priceDrops,
    payments: {
      notice: (provider, notice) => handleNotice(checkout, provider, notice),
      paid: (orderId) => approveOrder(checkout, orderId),
    },
    contactsOf: users.contactsOf,
    reviewsForPage: reviews.reviewsForPage,
    sessionHolder: async (token) => {
      const userId = await auth.findSessionUserId(db, token);
      return userId ? users.findSessionUser(db, userId) : undefined;
    },
  };
}

/** A draw winner's order, paid or cancelled, moves their entry (and the pair held for them) in its transaction. */
function subscribeDrops(events: DomainEvents, deps: drops.DropDeps): void {
  events.withFact('order.cancelled', (tx, fact) => drops.onOrderCancelled(deps, tx, fact.orderId));
  events.withFact('order.paid', (tx, fact) => drops.onOrderPaid(tx, fact.orderId));
}

/**
 * An order cancelled before its payment gives back its discount code's use and the store credit it spent;
 * a paid one's discount counts in its promotion's figures. Each in the transaction of the fact.
 */
function subscribeMoney(events: DomainEvents): void {
  events.withFact('order.cancelled', async (tx, fact) => {
    await promotions.onOrderCancelled(tx, fact.orderId);
    await credit.onOrderCancelled(tx, fact.orderId);
  });
  events.withFact('order.paid', (tx, fact) => promotions.onOrderPaid(tx, fact.orderId));
}

/** Who listens to which facts. */
function subscribe(events: DomainEvents, alerts: StockAlertDeps, catalogCache: ResponseCache): void {
  // The audit trail records every staff action with the change that made it.
  subscribeAudit(events);
  // A suspended user is signed out in the transaction that suspends them.
  events.withFact('user.suspended', (tx, fact) => auth.endSessions(tx, fact.userId));
  // Shoppers waiting for a size hear that units came back, once the change has committed.
  events.afterFact('units.returned', (fact) => notifyBackInStock(alerts, fact.lines));
  // The shoppers' lists show what changed (a product, its stock or its rating) once it has committed.
  events.afterAny(
    [
      'product.created',
      'product.updated',
      'product.archived',
      'product.restored',
      'units.returned',
      'units.reserved',
      'order.paid',
      'review.written',
      'review.deleted',
      'user.deleted',
    ],
    () => catalogCache.clear(),
  );
}
