import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a browser may send state-changing requests from: SITE_URL's origin and, in the embedded
 * mode (no DATABASE_URL, the shop on one's own machine), its loopback aliases when SITE_URL is itself a
 * loopback address: `http://localhost:3000` also accepts `http://127.0.0.1:3000` and `http://[::1]:3000`
 * (same scheme and port). With a database server the shop is deployed, and only SITE_URL is accepted.
 */
export function shopOrigins(siteUrl: string, embedded: boolean): string[] {
  const site = new URL(siteUrl);
  if (!embedded || !LOOPBACK_HOSTS.includes(site.hostname)) return [site.origin];
  return LOOPBACK_HOSTS.map((host) => {
    const alias = new URL(site.origin);
    alias.hostname = host;
    return alias.origin;
  });
}

/** The refusal for a request from anywhere else: it names the address to open the shop at. */
export function wrongOrigin(siteUrl: string): AppError {
  return new AppError(
    'FORBIDDEN',
    `This request must come from ${new URL(siteUrl).origin} (the shop's address, SITE_URL); open the shop there`,
  );
}

/**
 * Cross-site request forgery guard for cookie-authenticated calls: a browser sends Origin on every
 * state-changing request, and it must be the shop's own (see `shopOrigins`). Server-to-server calls
 * (payment webhooks) carry no Origin and are authenticated by their signatures instead.
 */
export function registerOriginCheck(app: FastifyInstance, siteUrl: string): void {
  const allowed = new Set(shopOrigins(siteUrl, app.config.database.kind === 'pglite'));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) throw wrongOrigin(siteUrl);
  });
}
