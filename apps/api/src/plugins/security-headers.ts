import type { FastifyInstance } from 'fastify';

/**
 * The content security policy allows only our own origin: every script, style, font and image ships with
 * the shop, so nothing from another host can load.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** Security headers on every response. Computed once: they are the same for every request. */
export function registerSecurityHeaders(app: FastifyInstance, siteUrl: string): void {
  const headers: Record<string, string> = {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  if (siteUrl.startsWith('https://'))
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
