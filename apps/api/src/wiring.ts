import { SITEMAP_URL_LIMIT } from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from './db/client';
import { DomainEvents } from './events/domain-events';
import { ResponseCache, redisGeneration } from './lib/response-cache';
import type { AccountDeps } from './modules/account';
import { type ContactsOf, subscribeAudit } from './modules/audit';
import * as auth from './modules/auth';
import * as catalog from './modules/catalog';
import type { CheckoutDeps } from './modules/checkout';
import * as credit from './modules/credit';
import type { DiscoveryDeps } from './modules/discovery';
import * as drops from './modules/drops';
import * as fulfilment from './modules/fulfilment';
import * as orders from './modules/orders';
import type { PaymentOutcomes } from './modules/payments';
import { type PriceDropDeps, queuePriceDrop } from './modules/price-drops';
import type { PrivacyDeps } from './modules/privacy';
import * as promotions from './modules/promotions';
import * as recovery from './modules/recovery';
import * as returns from './modules/returns';
import * as reviews from './modules/reviews';
import * as sessions from './modules/sessions';
import type { ShippingDeps } from './modules/shipping';
import {
  chartBook,
  type FitReaders,
  productFit,
  type SizeAdviceDeps,
  type SizeDeps,
  sizeKnown,
} from './modules/sizes';
import * as staff from './modules/staff';
import { notifyBackInStock, type StockAlertDeps } from './modules/stock-alerts';
import { type TaxDeps, taxEngine } from './modules/tax';
import type { TeamDeps } from './modules/team';
import * as users from './modules/users';
import { forgetSessionsOf, type SessionLookup } from './plugins/session';

/** Every service's dependencies, built once here: no module builds another module's. */
export interface Services {
  events: DomainEvents;
  orders: orders.OrderDeps;
  checkout: CheckoutDeps;
  drops: drops.DropDeps;
  promotions: promotions.PromotionRouteDeps;
  credit: credit.CreditDeps;
  returns: returns.ReturnDeps;
  fulfilment: fulfilment.FulfilmentDeps;
  products: catalog.ProductAdminDeps;
  reviews: reviews.ReviewDeps;
  shipping: ShippingDeps;
  staff: staff.StaffDeps;
  sizes: SizeDeps;
  tax: TaxDeps;
  account: AccountDeps;
  privacy: PrivacyDeps;
  unsubscribe: users.UnsubscribeDeps;
  sessions: sessions.SessionDeps;
  team: TeamDeps;
  users: users.UserDeps;
  alerts: StockAlertDeps;
  priceDrops: PriceDropDeps;
  recovery: recovery.RecoveryDeps;
  discovery: DiscoveryDeps;
  payments: PaymentOutcomes;
  contactsOf: ContactsOf;
  reviewsForPage: catalog.PageReviews;
  fitForPage: catalog.PageFit;
  sizeAdvice: SizeAdviceDeps;
  sessionHolder: SessionLookup;
  security: auth.SecurityDeps;
}

/**
 * The composition root: builds each service's dependencies from the app's infrastructure and subscribes
 * the listeners to the modules' facts (docs/decisions/0028).
 */
export function wireServices(app: FastifyInstance): Services {
  const { db, config, serviceLog: log, catalogCache } = app;
  const events = new DomainEvents(log);
  const alerts: StockAlertDeps = { db, mailer: app.mailer, siteUrl: config.siteUrl, log };
  /** What the services that take payments and write to the buyer share: orders, returns, fulfilment. */
  const sales = { db, events, gateways: app.gateways, mailer: app.mailer, siteUrl: config.siteUrl, log };
  const orderDeps: orders.OrderDeps = { ...sales, afterSale };
  const checkout: CheckoutDeps = {
    ...orderDeps,
    reservationMinutes: config.payments.reservationMinutes,
    maxPendingOrders: config.checkout.maxPendingOrders,
    maxPendingUnits: config.checkout.maxPendingUnits,
    rateLimitScale: config.auth.rateLimitScale,
    rateLimits: app.rateLimits,
    jobs: app.jobs,
    dropSecret: config.auth.secret,
    taxEngine: taxEngine(config.tax, log),
  };
  /** What the modules that write to shoppers of their own accord share: drops, price drops, reminders. */
  const mailing = {
    db,
    jobs: app.jobs,
    mailer: app.mailer,
    siteUrl: config.siteUrl,
    secret: config.auth.secret,
    log,
  };
  const dropDeps: drops.DropDeps = { ...mailing, events, powMaxNumber: config.drops.powMaxNumber };
  const priceDrops: PriceDropDeps = mailing;
  const recoveryDeps: recovery.RecoveryDeps = { ...mailing, events };
  const pages = pageReaders(app, events);
  subscribe(events, alerts, catalogCache);
  // A favourite's price drop is e-mailed by a job queued in the transaction that lowered the price.
  events.withFact('price.dropped', (tx, { type: _type, ...drop }) => queuePriceDrop(priceDrops, tx, drop));
  subscribeDrops(events, dropDeps);
  subscribeMoney(events);
  subscribeRecovery(events, recoveryDeps);
  return {
    events,
    orders: orderDeps,
    checkout,
    drops: dropDeps,
    promotions: {
      db,
      events,
      rateLimits: app.rateLimits,
      rateLimitScale: config.auth.rateLimitScale,
    },
    credit: {
      db,
      events,
      mailer: app.mailer,
      siteUrl: config.siteUrl,
      grantLimitCents: staff.creditGrantLimitCents,
    },
    returns: {
      ...sales,
      returnDays: config.returns.days,
      refundShipping: config.returns.refundShipping,
      toCredit: config.returns.toCredit,
      shop: config.shop,
    },
    fulfilment: { ...sales, shop: config.shop, afterSale },
    products: { db, storage: app.storage, events, sizeCharts: chartBook },
    reviews: { db, events },
    shipping: { db, events },
    staff: { db, events },
    sizes: { db, events, stockedSizes: catalog.stockedSizes },
    tax: { db, events },
    account: { db, events, mailer: app.mailer, storage: app.storage },
    privacy: privacyDeps(app, events),
    unsubscribe: { db, secret: config.auth.secret },
    sessions: { db, events },
    team: { db, events, mailer: app.mailer, siteUrl: config.siteUrl },
    users: {
      db,
      events,
      products: { exists: catalog.productExists, cards: catalog.getProducts },
      reviewsOf: reviews.listUserReviews,
      creditOf: credit.balanceOf,
      addressChanging: drops.onAddressChanging,
      sizeKnown,
      roles: { exists: staff.roleExists, standing: standingOf },
    },
    alerts,
    priceDrops,
    recovery: recoveryDeps,
    discovery: discoveryDeps(app, pages.reviewsForPage),
    payments: {
      notice: (provider, notice) => orders.handleNotice(orderDeps, provider, notice),
      paid: (orderId) => orders.approveOrder(orderDeps, orderId),
    },
    contactsOf: users.contactsOf,
    ...pages,
    sizeAdvice: sizeAdviceDeps(db),
    security: {
      db,
      auth: app.auth,
      events,
      mailer: app.mailer,
      siteUrl: config.siteUrl,
      secret: config.auth.secret,
      rateLimits: app.rateLimits,
      rateLimitScale: config.auth.rateLimitScale,
    },
    sessionHolder: async (token) => {
      const found = await sessions.findSession(db, token);
      const holder = found && (await users.findSessionUser(db, found.userId));
      return holder
        ? {
            ...holder,
            ...(await standingOf(db, holder)),
            session: { id: found.id, steppedUpAt: found.steppedUpAt },
          }
        : undefined;
    },
  };
}

/** What a member may do, and whether their role still waits for a second factor (staff asks auth). */
const standingOf = (db: DbOrTx, member: staff.Member): Promise<staff.Standing> =>
  staff.standing(db, member, auth.hasSecondFactor);

/** Products whose page reviews, and whose fit, are kept at most. */
const PAGE_PARTS_KEPT = 50_000;

/**
 * A part of the product pages (JSON per product), kept in memory until a fact changes it. With Redis, a
 * change through any instance clears every instance's (decision 19); the embedded database has one
 * instance, which hears every fact. Instances on PostgreSQL without Redis keep them no longer than the
 * catalogue's cache keeps a list.
 */
function pagePartCache(app: FastifyInstance, name: string): ResponseCache {
  const { config, redis } = app;
  const kept = redis || config.database.kind === 'pglite' ? 3_600 : config.catalogCacheSeconds;
  return new ResponseCache(kept * 1000, PAGE_PARTS_KEPT, redis && redisGeneration(redis, name, app.log));
}

/** How a model fits comes from its reviews' answers, its exchanges and its pairs sold. */
const FIT_READERS: FitReaders = {
  answers: reviews.fitAnswersOfProduct,
  exchanges: returns.exchangesOfProduct,
  bought: orders.pairsBought,
};

/**
 * What a product's page shows beside the catalogue's fields, each held until a fact changes it: its reviews
 * (a review written, changed or deleted, its author's new name) and how it fits (a fit answer; a return
 * asked for, cancelled, rejected or received, which moves its exchanges). A sale moves only the pairs
 * sold, the exchange note's denominator: it waits for the next of those facts (or the end of the time the
 * cache keeps a part), so that a sale does not make every product page count its figures again. The
 * sizes are labelled from the size charts afresh on every answer (the sizes module holds them a few
 * seconds), so a chart changed on any instance needs no fact here.
 */
function pageReaders(app: FastifyInstance, events: DomainEvents) {
  const pageReviews = pagePartCache(app, 'page-reviews');
  const pageFit = pagePartCache(app, 'page-fit');
  events.afterAny(
    ['review.written', 'review.deleted', 'user.updated', 'profile.updated', 'user.deleted'],
    () => pageReviews.clear(),
  );
  events.afterAny(
    [
      'review.written',
      'review.deleted',
      'user.deleted',
      'return.requested',
      'return.cancelled',
      'return.rejected',
      'return.received',
    ],
    () => pageFit.clear(),
  );
  const reviewsForPage: catalog.PageReviews = (db, productId) =>
    pageReviews.getOrProduce(productId, async () =>
      JSON.stringify(await reviews.reviewsForPage(db, productId)),
    );
  const fitForPage: catalog.PageFit = (db, productId) =>
    pageFit.getOrProduce(productId, async () => JSON.stringify(await productFit(FIT_READERS, db, productId)));
  return { reviewsForPage, fitForPage };
}

/** Copies of people's data are prepared by a job, e-mailed as a link signed with the shop's secret. */
const privacyDeps = (app: FastifyInstance, events: DomainEvents): PrivacyDeps => ({
  db: app.db,
  events,
  jobs: app.jobs,
  mailer: app.mailer,
  siteUrl: app.config.siteUrl,
  secret: app.config.auth.secret,
});

/**
 * What search engines, shopping feeds and shared links read (issue 41): the catalogue, drops, shipping and tax
 * through their faces, the product pages' reviews as the page holds them, and the app's return settings.
 */
const discoveryDeps = (app: FastifyInstance, reviewsForPage: catalog.PageReviews): DiscoveryDeps => ({
  db: app.db,
  siteUrl: app.config.siteUrl,
  shopName: app.config.shop.name,
  returns: app.config.returns,
  storage: app.storage,
  reviewsForPage,
  sitemapLimit: SITEMAP_URL_LIMIT,
});

/**
 * Size advice reads the buyers' paid lines from the orders module, what went back for size from the
 * returns module, and whether a product is on sale from the catalogue.
 */
const sizeAdviceDeps = (db: Db): SizeAdviceDeps => ({
  db,
  paidLinesOfBuyers: orders.paidLinesOfBuyers,
  paidLinesOfBuyer: orders.paidLinesOfBuyer,
  sentBackForSize: returns.sentBackForSize,
  productExists: catalog.productExists,
});

/**
 * What happened to orders after their payment, as the orders module shows it: the fulfilment module's
 * parcels and the returns module's returns. Both sit above orders, so orders is handed this reader and
 * imports neither (decision 0032). One query after the other: `db` may be a transaction.
 */
const afterSale: orders.AfterSaleOf = async (db, orderIds) => {
  const shipments = await fulfilment.shipmentsOf(db, orderIds);
  const returned = await returns.returnsOf(db, orderIds);
  const replaced = await returns.replacedBy(db, orderIds);
  return (orderId) => ({
    shipments: shipments.get(orderId) ?? [],
    returns: returned.get(orderId) ?? [],
    replaces: replaced.get(orderId) ?? null,
  });
};

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

/**
 * A checkout taken to the payment page becomes the shopper's open checkout, its reminder queued; a paid
 * order closes it. Each in the transaction of the fact.
 */
function subscribeRecovery(events: DomainEvents, deps: recovery.RecoveryDeps): void {
  events.withFact('checkout.started', (tx, fact) => recovery.onCheckoutStarted(deps, tx, fact));
  events.withFact('order.paid', (tx, fact) => recovery.onOrderPaid(tx, fact.orderId));
}

/** Who listens to which facts. */
function subscribe(events: DomainEvents, alerts: StockAlertDeps, catalogCache: ResponseCache): void {
  // The audit trail records every staff action with the change that made it.
  subscribeAudit(events);
  // A suspended user is signed out in the transaction that suspends them.
  events.withFact('user.suspended', (tx, fact) => sessions.endSessions(tx, fact.userId));
  // Sessions a poll holds in memory are read again once their account changed or some of them ended.
  events.afterFact(
    [
      'user.updated',
      'user.suspended',
      'user.promoted',
      'user.demoted',
      'user.role-changed',
      'user.deleted',
      'security.enrolled',
      'security.removed',
      'security.factors-reset',
      'session.ended',
      'sessions.ended',
      'invitation.accepted',
    ],
    async (fact) => forgetSessionsOf(fact.userId),
  );
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
