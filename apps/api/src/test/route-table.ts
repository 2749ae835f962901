import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RouteEntry {
  method: string;
  /** As registered: `/api/orders/:id`, `/api/auth/*`. */
  url: string;
  /** The route's zod schemas (body, querystring, params), when it declares them. */
  schema: RouteOptions['schema'];
}

const tables = new WeakMap<object, RouteEntry[]>();

/**
 * Fastify lists its routes only as a printed tree, so a test that walks the route table mocks the module:
 *
 *   vi.mock('fastify', async (importOriginal) =>
 *     (await import('./test/route-table')).recordingFastify(await importOriginal()));
 *
 * Every instance the app creates then records each route it registers (child plugins included; the HEAD
 * twins Fastify adds to GET routes are left out), and `routesOf(app)` answers them.
 */
export function recordingFastify<Module extends { default: (...args: never[]) => unknown }>(
  real: Module,
): Module {
  const create = (...args: Parameters<Module['default']>) => {
    const app = (real.default as (...a: unknown[]) => FastifyInstance)(...args);
    const routes: RouteEntry[] = [];
    tables.set(app, routes);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
      }
    });
    return app;
  };
  return { ...real, default: create };
}

/** Every route of an app built while `recordingFastify` was in place. */
export function routesOf(app: FastifyInstance): RouteEntry[] {
  const routes = tables.get(app);
  if (!routes) throw new Error("The app was built without vi.mock('fastify', recordingFastify)");
  return routes;
}
