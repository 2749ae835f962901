import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Db, openDatabase } from './db/client';
import { ResponseCache } from './lib/response-cache';
import { accountRoutes } from './modules/account/account.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { type Auth, createAuth } from './modules/auth/auth';
import { authRoutes } from './modules/auth/auth.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { productsAdminRoutes } from './modules/catalog/products-admin.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { checkoutDeps } from './modules/checkout/checkout-deps';
import { healthRoutes } from './modules/health/health.routes';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { outboxRoutes } from './modules/mail/outbox.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { sweep } from './modules/orders/orders.service';
import { createGateways, type Gateways } from './modules/payments/payments';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { salesRoutes } from './modules/sales/sales.routes';
import { stockAlertsRoutes } from './modules/stock-alerts/stock-alerts.routes';
import { sweepAlerts } from './modules/stock-alerts/stock-alerts.service';
import { localStorage, type Storage } from './modules/uploads/storage';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { usersRoutes } from './modules/users/users.routes';
import { registerCompression } from './plugins/compression';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerInFlightDrain } from './plugins/in-flight';
import { registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { registerOriginCheck } from './plugins/origin-check';
import { loggerOptions, registerRequestLog } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    auth: Auth;
    mailer: Mailer;
    /** Catalogue list responses; cleared by writes that change products or stock. */
    catalogCache: ResponseCache;
    gateways: Gateways;
    /** Where uploaded pictures are kept. */
    storage: Storage;
    /** The name of Better Auth's session cookie (it gains a __Secure- prefix behind HTTPS). */
    sessionCookieName: string;
  }
}

/** Builds the whole shop (API and web) without listening, so tests drive it with `inject`. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    // One line per request, from registerRequestLog, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The spec writes some paths with a trailing slash (`POST /reviews/`). Ids are at most 44 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 100 },
    // Refusals made before any route runs answer the error envelope too.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase(config.database);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('catalogCache', new ResponseCache(config.catalogCacheSeconds * 1000));
  app.addHook('onClose', () => database.close());
  const mailer = createMailer(config.mail, app.log);
  app.decorate('mailer', mailer);
  const auth = createAuth(config, database.db, mailer, app.log);
  app.decorate('auth', auth);
  app.decorate('sessionCookieName', (await auth.$context).authCookies.sessionToken.name);
  app.decorate('gateways', createGateways(config, database.db));
  app.decorate('storage', localStorage(config.uploadsDir));

  registerErrorHandling(app);
  registerInputGuard(app);
  registerRequestLog(app);
  registerInFlightDrain(app);
  registerSecurityHeaders(app, config.siteUrl);
  await registerCompression(app);
  await registerOpenApi(app);
  registerOriginCheck(app, config.siteUrl);

  await app.register(healthRoutes);
  await app.register(catalogRoutes);
  await app.register(productsAdminRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(accountRoutes);
  await app.register(uploadsRoutes);
  await app.register(checkoutRoutes);
  await app.register(ordersRoutes);
  await app.register(reviewsRoutes);
  await app.register(stockAlertsRoutes);
  await app.register(auditRoutes);
  await app.register(salesRoutes);
  await app.register(paymentsRoutes);
  startReservationSweep(app);
  if (mailer.kind === 'outbox' && config.env !== 'production') await app.register(outboxRoutes);

  await registerStaticWeb(app, { uploadsDir: config.uploadsDir, webDistDir: config.webDistDir });
  return app;
}

const SWEEP_INTERVAL_MS = 60_000;

/**
 * Every minute: expire unpaid reservations and retry failed confirmation e-mails, then send the
 * back-in-stock e-mails no stock change announced (a failed send, say).
 */
function startReservationSweep(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      const deps = checkoutDeps(app);
      sweep(deps)
        .catch((error: unknown) => app.log.error({ err: error }, 'reservation sweep failed'))
        .then(() => sweepAlerts(deps))
        .catch((error: unknown) => app.log.error({ err: error }, 'back-in-stock sweep failed'));
    }, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
