import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Db, openDatabase } from './db/client';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

/** Builds the whole shop (API and web) without listening, so tests drive it with `inject`. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase(config.database);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.addHook('onClose', () => database.close());

  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(catalogRoutes);

  await registerStaticWeb(app, { uploadsDir: config.uploadsDir, webDistDir: config.webDistDir });
  return app;
}
