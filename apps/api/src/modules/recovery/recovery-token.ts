import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a reminder's link back to the cart: the checkout, its person and when it expires, signed
 * with the shop's secret. Only that person may use it (the route checks the session), for 7 days.
 */

const PURPOSE = 'cart-recovery';
const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${payload}`).digest('base64url');

export function recoveryToken(secret: string, id: string, userId: string, expiresAt: Date): string {
  const payload = Buffer.from(`${id}.${userId}.${expiresAt.getTime()}`).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** What a token names, or null for one the shop did not sign. */
export function recoveryOfToken(
  secret: string,
  token: string,
): { id: string; userId: string; expiresAt: Date } | null {
  const [payload = '', signature = '', ...rest] = token.split('.');
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [id = '', userId = '', expires = ''] = Buffer.from(payload, 'base64url').toString().split('.');
  const expiresAt = new Date(Number(expires));
  return id && userId && !Number.isNaN(expiresAt.getTime()) ? { id, userId, expiresAt } : null;
}
