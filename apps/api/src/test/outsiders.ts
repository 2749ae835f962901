import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { user } from '../db/schema';
import { quickBuyers } from './buyers';

export interface Outsider {
  name: 'guest' | 'unverified' | 'suspended' | 'other';
  cookie?: string;
}

/**
 * The callers who must not reach a shopper's resources: nobody signed in, a signed-in account whose e-mail
 * is not verified, a suspended account that still holds a session cookie, and another verified shopper.
 */
export async function outsiders(app: FastifyInstance): Promise<Outsider[]> {
  const [unverified, suspended, other] = await quickBuyers(app, 3, 'outsider');
  if (!unverified || !suspended || !other) throw new Error('no outsiders');
  await app.db.update(user).set({ emailVerified: false }).where(eq(user.id, unverified.id));
  await app.db.update(user).set({ banned: true }).where(eq(user.id, suspended.id));
  return [
    { name: 'guest' },
    { name: 'unverified', cookie: unverified.cookie },
    { name: 'suspended', cookie: suspended.cookie },
    { name: 'other', cookie: other.cookie },
  ];
}

/** A guest and a suspended account have no session (401); the others are refused or told it is not there. */
export function expectRefused(outsider: Outsider, response: LightMyRequestResponse): void {
  const label = `${outsider.name}: ${response.statusCode} ${response.body.slice(0, 200)}`;
  if (outsider.name === 'guest' || outsider.name === 'suspended')
    expect(response.statusCode, label).toBe(401);
  else expect([403, 404], label).toContain(response.statusCode);
  expect(response.json().error.code, label).toBeTypeOf('string');
}
