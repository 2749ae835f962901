import type { FastifyInstance } from 'fastify';

/**
 * The content security policy allows only our own origin: every script, style, font and image ships with
 * the shop, so nothing from another host can load. Pages rendered on the server carry React's `style`
 * attributes (a carousel's position, a bar's width), so inline style attributes are allowed; style
 * elements and every script still come only from the shop (decision 16).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** Browser features the shop never uses stay off, for its pages and anything they might embed. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=(self)',
  'usb=()',
].join(', ');

/**
 * Security headers on every response (computed once: they are the same for every request), and no
 * caching of API answers. No Cross-Origin-Opener-Policy: it made every arrival at the shop start a fresh
 * renderer process, which cost a phone more than anything on the page (decision 20).
 */
export function registerSecurityHeaders(app: FastifyInstance, siteUrl: string): void {
  const headers: Record<string, string> = {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'permissions-policy': PERMISSIONS_POLICY,
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
  // API answers may depend on the session, and no cache may keep one person's answer for another: none
  // is stored unless its route deliberately allows caching (Better Auth's bare 'no-store' becomes private too).
  app.addHook('onSend', async (request, reply) => {
    if (!/^\/api(\/|\?|$)/.test(request.url)) return;
    const own = reply.getHeader('cache-control');
    if (own === undefined || String(own).includes('no-store'))
      reply.header('cache-control', 'private, no-store');
  });
}
