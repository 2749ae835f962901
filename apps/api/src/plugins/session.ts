import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  AUTH_MESSAGES,
  PERMISSION_LABELS,
  type Permission,
  SECURITY_MESSAGES,
  SHOPPER_ROLE,
  STEP_UP_MINUTES,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/** Who holds a session token: the composition root answers it from the auth and users modules. */
export type SessionLookup = (token: string) => Promise<SessionHolder | undefined>;

export interface SessionHolder {
  id: string;
  email: string;
  emailVerified: boolean;
  username: string;
  displayUsername: string | null;
  role: string;
  banned: boolean;
  /** What the role lets them do on the staff's routes (the composition root asks the staff module). */
  permissions: readonly Permission[];
  /**
   * When the role needs a second factor the account has not added: from then on its permissions are held
   * back (TWO_FACTOR_REQUIRED) until it adds one; null when nothing is needed.
   */
  twoFactorDue: Date | null;
  /** The session itself: its id, and when its holder last stepped up (decision 36). */
  session?: { id: string; steppedUpAt: Date | null };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The user behind a live session token (see SessionLookup). */
    sessionHolder: SessionLookup;
  }
}

export interface CurrentUser {
  id: string;
  email: string;
  emailVerified: boolean;
  username: string;
  /** 'user' (a shopper), 'admin', another built-in staff role, or one the owner made. */
  role: string;
  /** What they may do now: none for a shopper, and none while `withheld`. */
  permissions: ReadonlySet<Permission>;
  /**
   * The role's permissions, held back because it needs a second factor the account lacks and the grace is
   * over (see SessionHolder.twoFactorDue): every staff route answers 403 TWO_FACTOR_REQUIRED until the
   * member adds one. Empty otherwise.
   */
  withheld: ReadonlySet<Permission>;
  /** The session this request came with (see SessionHolder). */
  session?: { id: string; steppedUpAt: Date | null };
}

/** Whether the person holds a permission (a guest or a shopper holds none). */
export function can(user: CurrentUser | null | undefined, permission: Permission): boolean {
  return user?.permissions.has(permission) ?? false;
}

/** Whether the person is staff: any role but the shopper's (the spec: any roles value but 'user'). */
export function isStaff(user: CurrentUser | null | undefined): boolean {
  return user !== null && user !== undefined && user.role !== SHOPPER_ROLE;
}

/**
 * The session token from Better Auth's signed session cookie (`<token>.<base64 HMAC-SHA256>`, URL-encoded),
 * or null when the cookie is missing or its signature is wrong.
 */
export function sessionTokenFromCookie(cookieHeader: string | undefined, cookieName: string, secret: string) {
  if (!cookieHeader) return null;
  const prefix = `${cookieName}=`;
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

const cache = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

/**
 * Sessions as the routes a crowd polls read them (a waiting room's place): held in this process's memory
 * for `HELD_SESSION_MS`, so a poll reads no database. What changes an account (suspended, deleted, its role
 * or e-mail changed) forgets its sessions here at once (`forgetSessionsOf`, on the users' facts); a
 * sign-out on another instance is noticed by such a route within the lifetime. Every other route reads
 * the session afresh.
 */
const HELD_SESSION_MS = 10_000;
/** At most this many sessions are held; the oldest go first. */
const HELD_SESSIONS_MAX = 50_000;
const heldSessions = new Map<string, { holder: SessionHolder | undefined; until: number }>();

async function heldSession(lookup: SessionLookup, token: string): Promise<SessionHolder | undefined> {
  const now = Date.now();
  const held = heldSessions.get(token);
  if (held && held.until > now) return held.holder;
  const holder = await lookup(token);
  heldSessions.delete(token);
  if (heldSessions.size >= HELD_SESSIONS_MAX) {
    const oldest = heldSessions.keys().next().value;
    if (oldest !== undefined) heldSessions.delete(oldest);
  }
  heldSessions.set(token, { holder, until: now + HELD_SESSION_MS });
  return holder;
}

/** An account changed: its held sessions are read again on their next use. */
export function forgetSessionsOf(userId: string): void {
  for (const [token, held] of heldSessions) if (held.holder?.id === userId) heldSessions.delete(token);
}

/**
 * Who is signed in. Reads the session the way Better Auth wrote it, on every request: a
 * suspended user or an ended session is refused at once. Better Auth itself still serves
 * /api/auth/get-session, which also extends the session's life. `held` reads it from memory (above).
 */
async function loadUser(request: FastifyRequest, held = false): Promise<CurrentUser | null> {
  const { config, sessionCookieName, sessionHolder } = request.server;
  const token = sessionTokenFromCookie(request.headers.cookie, sessionCookieName, config.auth.secret);
  if (!token) return null;
  const user = held ? await heldSession(sessionHolder, token) : await sessionHolder(token);
  if (!user || user.banned) return null;
  const mustEnrol = user.twoFactorDue !== null && user.twoFactorDue.getTime() <= Date.now();
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    username: user.displayUsername ?? user.username,
    role: user.role,
    permissions: new Set(mustEnrol ? [] : user.permissions),
    withheld: new Set(mustEnrol ? user.permissions : []),
    ...(user.session ? { session: user.session } : {}),
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

/** Route guards: the API enforces every rule whatever the UI shows. */
export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await currentUser(request);
  if (!user) throw new AppError('UNAUTHORIZED', 'You must be logged in');
  return user;
}

/** `requireUser` for a route a crowd polls: the session held in memory for a few seconds (see above). */
export async function requireHeldUser(request: FastifyRequest): Promise<CurrentUser> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadUser(request, true);
    cache.set(request, pending);
  }
  const user = await pending;
  if (!user) throw new AppError('UNAUTHORIZED', 'You must be logged in');
  return user;
}

export async function requireVerifiedUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', AUTH_MESSAGES.EMAIL_NOT_VERIFIED);
  return user;
}

/**
 * The refusal of an act that needs `permission`, which `user` may not do now: 403 TWO_FACTOR_REQUIRED when
 * their role holds it but they must first add the second factor it needs, else 403 FORBIDDEN naming it.
 */
export function missingPermission(user: CurrentUser, permission: Permission, message?: string): AppError {
  if (user.withheld.has(permission)) {
    return new AppError('TWO_FACTOR_REQUIRED', SECURITY_MESSAGES.TWO_FACTOR_REQUIRED, { permission });
  }
  return new AppError(
    'FORBIDDEN',
    message ?? `You need the ${permission} permission (${PERMISSION_LABELS[permission].toLowerCase()})`,
    { permission },
  );
}

/** The signed-in person, when they hold `permission` (401 for a guest, 403 naming it otherwise). */
export async function requirePermission(
  request: FastifyRequest,
  permission: Permission,
): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!can(user, permission)) throw missingPermission(user, permission);
  return user;
}

/**
 * A `preValidation` hook for a staff route: the permission is checked before the input is validated, so a
 * guest, a shopper or a member without it learns nothing about the parameters or the payload rules.
 */
export function permitted(permission: Permission) {
  return async (request: FastifyRequest): Promise<void> => {
    await requirePermission(request, permission);
  };
}

/** The signed-in person, when they hold any of `permissions` (403 naming the first otherwise). */
export async function requireAnyPermission(
  request: FastifyRequest,
  ...permissions: [Permission, ...Permission[]]
): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!permissions.some((permission) => can(user, permission))) {
    const first = permissions.find((permission) => user.withheld.has(permission)) ?? permissions[0];
    throw missingPermission(user, first);
  }
  return user;
}

/** `permitted` for a route any of several permissions opens (the returns list: deciding or receiving). */
export function permittedAny(...permissions: [Permission, ...Permission[]]) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireAnyPermission(request, ...permissions);
  };
}

/** The person may act on their own record; staff holding `permission` on anyone's. */
export async function requireSelfOr(
  request: FastifyRequest,
  userId: string,
  permission: Permission,
): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (user.id !== userId && !can(user, permission))
    throw missingPermission(user, permission, 'You can only see your own account');
  return user;
}

/** True when the session stepped up in the last STEP_UP_MINUTES. */
export function steppedUp(user: CurrentUser, now = Date.now()): boolean {
  const at = user.session?.steppedUpAt;
  return at !== null && at !== undefined && now - at.getTime() <= STEP_UP_MINUTES * 60_000;
}

/**
 * The guard of what moves money or data (refunds, store credit, CSV exports, tax settings): the session
 * must have given a second factor, or without one the password, in the last STEP_UP_MINUTES (POST
 * /api/auth/step-up); else 403 STEP_UP_REQUIRED, which the dashboard answers with its step-up dialog.
 * Runs after the route's own authorisation, so a member who may not act at all is told that first.
 */
export async function requireStepUp(request: FastifyRequest): Promise<CurrentUser> {
  const user = await requireUser(request);
  refuseWithoutStepUp(user);
  return user;
}

/** `requireStepUp` where a service learns only on the way that an act moves money (a return's refund). */
export function refuseWithoutStepUp(user: CurrentUser): void {
  if (!steppedUp(user)) throw new AppError('STEP_UP_REQUIRED', SECURITY_MESSAGES.STEP_UP_REQUIRED);
}
