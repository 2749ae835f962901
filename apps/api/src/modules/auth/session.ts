import { AUTH_MESSAGES } from '@shop/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

export interface CurrentUser {
  id: string;
  email: string;
  emailVerified: boolean;
  username: string;
  role: 'user' | 'admin';
}

const cache = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

async function loadUser(request: FastifyRequest): Promise<CurrentUser | null> {
  const result = await request.server.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  const user = result.user as typeof result.user & {
    username?: string | null;
    displayUsername?: string | null;
    role?: string | null;
    banned?: boolean | null;
  };
  if (user.banned) return null;
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    username: user.displayUsername ?? user.username ?? '',
    role: user.role === 'admin' ? 'admin' : 'user',
  };
}

/** The signed-in user of this request, or null; looked up once per request. */
export function currentUser(request: FastifyRequest): Promise<CurrentUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadUser(request);
    cache.set(request, pending);
  }
  return pending;
}

/** Route guards (preHandlers): the API enforces every rule whatever the UI shows. */
export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await currentUser(request);
  if (!user) throw new AppError('UNAUTHORIZED', 'You must be logged in');
  return user;
}

export async function requireVerifiedUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', AUTH_MESSAGES.EMAIL_NOT_VERIFIED);
  return user;
}

export async function requireAdmin(request: FastifyRequest): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'Only an admin can do this');
  return user;
}

/** The user may act on their own record; an admin on anyone's. */
export async function requireSelfOrAdmin(request: FastifyRequest, userId: string): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (user.id !== userId && user.role !== 'admin')
    throw new AppError('FORBIDDEN', 'You can only see your own account');
  return user;
}
