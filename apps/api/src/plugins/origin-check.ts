import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for cookie-authenticated calls: a browser sends Origin on every
 * state-changing request, and it must be the shop's own. Server-to-server calls (payment webhooks)
 * carry no Origin and are authenticated by their signatures instead.
 */
export function registerOriginCheck(app: FastifyInstance, siteUrl: string): void {
  const allowed = new URL(siteUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== allowed) {
      throw new AppError('FORBIDDEN', 'This request must come from the shop itself');
    }
  });
}
