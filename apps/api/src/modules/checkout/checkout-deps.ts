import type { FastifyInstance } from 'fastify';
import { notifyBackInStock } from '../stock-alerts/stock-alerts.service';
import type { CheckoutDeps } from './checkout.service';

/** What checkout and the order rules need from the app, gathered once per plugin. */
export function checkoutDeps(app: FastifyInstance): CheckoutDeps {
  const alerts = { db: app.db, mailer: app.mailer, siteUrl: app.config.siteUrl, log: app.serviceLog };
  return {
    db: app.db,
    gateways: app.gateways,
    mailer: app.mailer,
    catalogCache: app.catalogCache,
    siteUrl: app.config.siteUrl,
    log: app.serviceLog,
    // Units a cancelled or expired order returns reach whoever waits for them.
    unitsReturned: (lines) => notifyBackInStock(alerts, lines),
    currency: app.config.payments.currency,
    reservationMinutes: app.config.payments.reservationMinutes,
    maxPendingOrders: app.config.checkout.maxPendingOrders,
    maxPendingUnits: app.config.checkout.maxPendingUnits,
    rateLimitScale: app.config.auth.rateLimitScale,
    rateLimits: app.rateLimits,
    jobs: app.jobs,
  };
}
