import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { type Database, type Db, openDatabase } from './db/client';
import { connectRedis, type Redis } from './lib/redis';
import { ResponseCache, redisGeneration } from './lib/response-cache';
import { createStorage, type Storage } from './lib/storage';
import { accountRoutes, keepOnlyWhatIsNeeded, privacySettingsRoutes } from './modules/account';
import { auditRoutes } from './modules/audit';
import { type Auth, authRoutes, createAuth, securityRoutes } from './modules/auth';
import { catalogRoutes, productsAdminRoutes, productsTaxCategoryRoutes } from './modules/catalog';
import { checkoutRoutes } from './modules/checkout';
import { creditRoutes } from './modules/credit';
import { discoveryRoutes } from './modules/discovery';
import { type DropJob, dropsRoutes, runDropJob, sweepDrops } from './modules/drops';
import { fulfilmentRoutes } from './modules/fulfilment';
import { healthRoutes } from './modules/health';
import { type Jobs, startJobs } from './modules/jobs';
import {
  createTransport,
  deliverQueuedMail,
  type Mailer,
  type MailTransport,
  mayLogMailLinks,
  outboxRoutes,
  queuedMailer,
} from './modules/mail';
import { expireReservation, ordersRoutes, sweep } from './modules/orders';
import type { PaymentProvider } from './modules/payments';
import { createGateways, type Gateways, paymentsRoutes } from './modules/payments';
import { notifyPriceDrop, type PriceDropJob } from './modules/price-drops';
import { dataExportRoutes, type ExportJob, forgetExpiredExports, prepareExport } from './modules/privacy';
import { promotionRoutes } from './modules/promotions';
import { databaseStore, pruneEnded, type RateLimitStore, redisFirst, redisStore } from './modules/rate-limit';
import { type RecoveryJob, recoveryRoutes, remind } from './modules/recovery';
import { returnsRoutes } from './modules/returns';
import { reviewsRoutes } from './modules/reviews';
import { salesRoutes, salesSizesRoutes } from './modules/sales';
import { sessionsRoutes } from './modules/sessions';
import { shippingRoutes } from './modules/shipping';
import { refreshSizeAdvice, SIZE_ADVICE_SCHEDULE, sizeAdviceRoutes, sizesRoutes } from './modules/sizes';
import { staffRoutes } from './modules/staff';
import { stockAlertsRoutes, sweepAlerts } from './modules/stock-alerts';
import { taxRoutes } from './modules/tax';
import { teamRoutes } from './modules/team';
import { mediaTable, uploadsRoutes } from './modules/uploads';
import { unsubscribeRoutes, usersRoutes } from './modules/users';
import { registerCompression } from './plugins/compression';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerInFlightDrain } from './plugins/in-flight';
import { registerInputGuard } from './plugins/input-guard';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerOriginCheck } from './plugins/origin-check';
import { loggerOptions, registerRequestLog, requestScopedLogger } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';
import { type Services, wireServices } from './wiring';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Runs start-up work (migrations, the seed) one instance at a time: see Database.exclusive. */
    exclusive: Database['exclusive'];
    auth: Auth;
    mailer: Mailer;
    /** The logger services write with: the current request's (with its id) while one is served. */
    serviceLog: FastifyBaseLogger;
    /** Durable jobs in the database (e-mails, reservation expiry, the sweep), run by every instance. */
    jobs: Jobs;
    /** Redis (REDIS_URL), shared by every instance; `null` without one. */
    redis: Redis | null;
    /** Rate-limit counters, in Redis when there is one, else in the database. */
    rateLimits: RateLimitStore;
    /** Catalogue list responses; cleared by writes that change products or stock. */
    catalogCache: ResponseCache;
    /** The registered payment providers and their gateways. */
    gateways: Gateways;
    /** Where uploaded pictures are kept. */
    storage: Storage;
    /** The name of Better Auth's session cookie (it gains a __Secure- prefix behind HTTPS). */
    sessionCookieName: string;
  }
}

/**
 * Builds the whole shop (API and web) without listening, so tests drive it with `inject`. `logStream`
 * takes the log's JSON lines instead of the standard output; `extraProviders` are payment providers
 * registered beside the shop's own (a test's).
 */
export async function buildApp(
  config: Config,
  options: { logStream?: DestinationStream; extraProviders?: readonly PaymentProvider[] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
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

  const database = await openDatabase(config.database, app.log);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('serviceLog', requestScopedLogger(app.log));
  app.decorate('exclusive', database.exclusive);
  app.addHook('onClose', () => database.close());
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  // QUIT lets the replies on their way arrive; a Redis that cannot be reached has none to wait for.
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  app.decorate('redis', redis);
  app.decorate(
    'rateLimits',
    redis ? redisFirst(redisStore(redis), databaseStore(database.db), app.log) : databaseStore(database.db),
  );
  app.decorate(
    'catalogCache',
    new ResponseCache(
      config.catalogCacheSeconds * 1000,
      undefined,
      redis && redisGeneration(redis, 'catalog-cache', app.log),
    ),
  );
  // Stopped before the database closes (close hooks run last-added first): running jobs finish.
  const jobs = await startJobs(database, app.log);
  app.addHook('onClose', () => jobs.stop());
  app.decorate('jobs', jobs);
  const transport = createTransport({ ...config.mail, logLinks: mayLogMailLinks(config) }, app.log);
  const mailer = queuedMailer(transport, jobs);
  app.decorate('mailer', mailer);
  const auth = createAuth(config, database.db, mailer, app.rateLimits, app.log);
  app.decorate('auth', auth);
  app.decorate('sessionCookieName', (await auth.$context).authCookies.sessionToken.name);
  app.decorate('gateways', createGateways(config, database.db, options.extraProviders));
  app.decorate('storage', createStorage(config, mediaTable(database.db)));

  registerErrorHandling(app);
  registerInputGuard(app);
  registerRequestLog(app);
  registerInFlightDrain(app);
  registerSecurityHeaders(app, config.siteUrl);
  await registerCompression(app);
  await registerOpenApi(app);
  registerOriginCheck(app, config.siteUrl);
  registerMetrics(app, config.metricsToken);

  const services = wireServices(app);
  app.decorate('sessionHolder', services.sessionHolder);
  await app.register(healthRoutes);
  await app.register(catalogRoutes, {
    reviewsForPage: services.reviewsForPage,
    fitForPage: services.fitForPage,
    sizeCharts: services.products.sizeCharts,
  });
  await app.register(productsAdminRoutes, { deps: services.products });
  await app.register(productsTaxCategoryRoutes, { deps: services.products });
  await app.register(authRoutes);
  await app.register(securityRoutes, { deps: services.security });
  await app.register(usersRoutes, { deps: services.users });
  await app.register(unsubscribeRoutes, { deps: services.unsubscribe });
  await app.register(accountRoutes, { deps: services.account });
  await app.register(privacySettingsRoutes, { deps: services.account });
  await app.register(dataExportRoutes, { deps: services.privacy });
  await app.register(sessionsRoutes, { deps: services.sessions });
  await app.register(teamRoutes, { deps: services.team });
  await app.register(uploadsRoutes);
  await app.register(checkoutRoutes, { deps: services.checkout });
  await app.register(ordersRoutes, { deps: services.orders });
  await app.register(returnsRoutes, { deps: services.returns });
  await app.register(fulfilmentRoutes, { deps: services.fulfilment });
  await app.register(reviewsRoutes, { deps: services.reviews });
  await app.register(stockAlertsRoutes);
  await app.register(auditRoutes, { contactsOf: services.contactsOf });
  await app.register(salesRoutes);
  await app.register(salesSizesRoutes);
  await app.register(shippingRoutes, { deps: services.shipping });
  await app.register(staffRoutes, { deps: services.staff });
  await app.register(sizesRoutes, { deps: services.sizes });
  await app.register(sizeAdviceRoutes, { deps: services.sizeAdvice });
  await app.register(taxRoutes, { deps: services.tax });
  await app.register(dropsRoutes, { deps: services.drops });
  await app.register(promotionRoutes, { deps: services.promotions });
  await app.register(creditRoutes, { deps: services.credit });
  await app.register(recoveryRoutes, { deps: services.recovery });
  await app.register(discoveryRoutes, { deps: services.discovery });
  await app.register(paymentsRoutes, { outcomes: services.payments });
  startWorkers(app, services, transport);
  if (mailer.kind === 'outbox' && config.env !== 'production') await app.register(outboxRoutes);

  await registerStaticWeb(app, { storage: app.storage, webDistDir: config.webDistDir });
  return app;
}

/**
 * This instance's share of the jobs: e-mails, reservations that ran out, test payments' notifications,
 * drops' and price drops' work, copies of people's data, and the minutely sweep (one instance a minute):
 * reservations whose job went missing, confirmations never queued, back-in-stock e-mails no stock change
 * announced, rate-limit counters whose window ended; every quarter of an hour the size advice counted again;
 * and every hour the held erasures whose hold has ended and the archives whose link expired.
 */
/** When the privacy job runs: every hour, at a quarter past. */
const PRIVACY_SCHEDULE = '15 * * * *';

function startWorkers(app: FastifyInstance, services: Services, transport: MailTransport): void {
  app.addHook('onReady', async () => {
    const deps = services.orders;
    await deliverQueuedMail(app.jobs, transport);
    await app.jobs.work<{ orderId: string }>('reservationExpiry', ({ orderId }) =>
      expireReservation(deps, orderId),
    );
    await app.jobs.work<{ orderId: string }>('paymentNotices', async ({ orderId }) => {
      await services.payments.paid(orderId);
    });
    await app.jobs.work<DropJob>('drops', (job) => runDropJob(services.drops, job));
    await app.jobs.work<PriceDropJob>('priceDrops', async (job) => {
      await notifyPriceDrop(services.priceDrops, job);
    });
    await app.jobs.work<ExportJob>('exports', (job) => prepareExport(services.privacy, job));
    await app.jobs.work<RecoveryJob>('recovery', (job) => remind(services.recovery, job));
    await app.jobs.work('sweep', async () => {
      await sweep(deps);
      await sweepDrops(services.drops);
      await sweepAlerts(services.alerts);
      await pruneEnded(app.rateLimits);
    });
    await app.jobs.schedule('sweep', '* * * * *');
    // Queued every quarter of an hour, or by hand (which wakes this worker at once): no need to ask often.
    await app.jobs.work(
      'sizeAdvice',
      async () => {
        await refreshSizeAdvice(services.sizeAdvice);
      },
      { pollingIntervalSeconds: 60 },
    );
    await app.jobs.schedule('sizeAdvice', SIZE_ADVICE_SCHEDULE);
    await app.jobs.work(
      'privacy',
      async () => {
        await keepOnlyWhatIsNeeded(services.account);
        await forgetExpiredExports(services.privacy.db);
      },
      { pollingIntervalSeconds: 60 },
    );
    await app.jobs.schedule('privacy', PRIVACY_SCHEDULE);
  });
}
