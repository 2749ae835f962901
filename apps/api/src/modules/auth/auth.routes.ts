import {
  AUTH_MESSAGES,
  authConfigSchema,
  EMAIL_MESSAGE,
  EMAIL_SHAPE,
  emailSchema,
  PASSWORD_MESSAGE,
  passwordChangeSchema,
  passwordSchema,
  registerSchema,
  SECURITY_MESSAGES,
  USERNAME_MESSAGE,
} from '@shop/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import { wrongOrigin } from '../../plugins/origin-check';
import { requireUser } from '../../plugins/session';
import { consume, keyPart, type RateLimitRule } from '../rate-limit';
import * as users from '../users';
import { AUTH_BASE_PATH, authFailures, googleProviderConfig } from './auth';
import { hasPassword } from './auth.service';
import { startGoogleSignIn } from './google-sign-in';
import { countSignInAttempt } from './sign-in-throttle';

/** Better Auth endpoints the shop uses; everything else under /api/auth answers 404. */
const FORWARDED = [
  /^\/get-session$/,
  /^\/sign-out$/,
  /^\/list-sessions$/,
  /^\/revoke-session$/,
  /^\/revoke-other-sessions$/,
  /^\/verify-email$/,
  /^\/reset-password\/[^/]+$/,
  /^\/sign-in\/social$/,
  /^\/callback\/[^/]+$/,
  /^\/error$/,
];

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const LIMITS = {
  signUpPerIp: { max: 10, windowSeconds: HOUR },
  mailPerIp: { max: 10, windowSeconds: HOUR },
  mailPerAccount: { max: 3, windowSeconds: 15 * MINUTE },
  resetPerIp: { max: 20, windowSeconds: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });
/** Internal paths only, so a link can never send someone to another site. */
const localPath = z
  .string()
  .regex(/^\/(?!\/)[^\s\\]*$/, { error: 'must be a path of this shop' })
  .max(500)
  .optional();

/** Where Better Auth may send the browser afterwards, in the query or body of a forwarded request. */
const REDIRECT_FIELDS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'];

const signUpBody = z.object({
  username: required(USERNAME_MESSAGE).pipe(registerSchema.shape.username),
  email: required(AUTH_MESSAGES.MISSING_EMAIL)
    .transform((value) => value.toLowerCase())
    .pipe(emailSchema),
  password: z
    .string({ error: AUTH_MESSAGES.MISSING_PASSWORD })
    .min(1, { error: AUTH_MESSAGES.MISSING_PASSWORD })
    .pipe(passwordSchema),
  callbackURL: localPath,
});

const signInBody = z.object({
  email: required(AUTH_MESSAGES.MISSING_EMAIL)
    .transform((value) => value.toLowerCase())
    .pipe(z.string().regex(EMAIL_SHAPE, { error: AUTH_MESSAGES.INVALID_EMAIL })),
  password: z
    .string({ error: AUTH_MESSAGES.MISSING_PASSWORD })
    .min(1, { error: AUTH_MESSAGES.MISSING_PASSWORD }),
  callbackURL: localPath,
  rememberMe: z.boolean().optional(),
});

const emailBody = z.object({
  email: required(AUTH_MESSAGES.MISSING_EMAIL)
    .transform((value) => value.toLowerCase())
    .pipe(z.string().regex(/^[^\s@]+@[^\s@]+$/, { error: EMAIL_MESSAGE })),
  callbackURL: localPath,
  redirectTo: localPath,
});

const resetBody = z.object({
  newPassword: z.string({ error: AUTH_MESSAGES.MISSING_PASSWORD }).pipe(passwordSchema),
  token: required('The reset link is incomplete'),
});

const usernameTaken = () =>
  new AppError('USERNAME_TAKEN', AUTH_MESSAGES.USERNAME_TAKEN, { username: AUTH_MESSAGES.USERNAME_TAKEN });
const emailInUse = () =>
  new AppError('EMAIL_IN_USE', AUTH_MESSAGES.EMAIL_IN_USE, { email: AUTH_MESSAGES.EMAIL_IN_USE });

/** The 409 for a sign-up whose username or e-mail is taken by now (checked in Better Auth's order). */
async function takenField(
  request: FastifyRequest,
  body: Record<string, unknown> | undefined,
): Promise<AppError | null> {
  const { db } = request.server;
  if (typeof body?.username === 'string' && (await users.usernameTaken(db, body.username))) {
    return usernameTaken();
  }
  if (typeof body?.email === 'string' && (await users.findUserByEmail(db, body.email))) return emailInUse();
  return null;
}

/** The code of Better Auth's error page (`?error=state_not_found`) as a refusal: the flow must start again. */
function flowError(code: unknown): AppError {
  const reason = (typeof code === 'string' ? code.replace(/[^\w-]/g, '').slice(0, 64) : '') || 'unknown';
  return new AppError(
    'VALIDATION_ERROR',
    `The sign-in could not be completed (${reason}); please start again`,
  );
}

interface AuthFailure {
  code?: string;
  message?: string;
}

/** Better Auth's error codes, in the shop's envelope with the spec's texts. */
async function toAppError(
  request: FastifyRequest,
  path: string,
  status: number,
  failure: AuthFailure,
  body: Record<string, unknown> | undefined,
): Promise<AppError> {
  switch (failure.code) {
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return emailInUse();
    case 'USERNAME_IS_ALREADY_TAKEN':
      return usernameTaken();
    case 'INVALID_USERNAME':
    case 'USERNAME_TOO_SHORT':
    case 'USERNAME_TOO_LONG':
      return AppError.invalid('username', USERNAME_MESSAGE);
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
      return AppError.invalid(
        path === '/reset-password' || path === '/change-password' ? 'newPassword' : 'password',
        PASSWORD_MESSAGE,
      );
    case 'INVALID_PASSWORD':
      // Changing the password (or confirming a two-factor change) with a wrong one: a refused field, not a
      // signed-out session.
      return new AppError('VALIDATION_ERROR', AUTH_MESSAGES.WRONG_PASSWORD, {
        [path.startsWith('/two-factor/') ? 'password' : 'currentPassword']: AUTH_MESSAGES.WRONG_PASSWORD,
      });
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
      return new AppError('VALIDATION_ERROR', AUTH_MESSAGES.NO_PASSWORD, {
        currentPassword: AUTH_MESSAGES.NO_PASSWORD,
      });
    case 'INVALID_EMAIL':
      // The login has its own text for an address that is not one (spec section 8); sign-up states its rule.
      return AppError.invalid(
        'email',
        path === '/sign-in/email' ? AUTH_MESSAGES.INVALID_EMAIL : EMAIL_MESSAGE,
      );
    case 'INVALID_EMAIL_OR_PASSWORD': {
      // The spec tells an unknown e-mail from a wrong password (sign-up reveals the same; both are rate-limited).
      const known =
        typeof body?.email === 'string' && (await users.findUserByEmail(request.server.db, body.email));
      return known
        ? new AppError('WRONG_PASSWORD', AUTH_MESSAGES.WRONG_PASSWORD, {
            password: AUTH_MESSAGES.WRONG_PASSWORD,
          })
        : new AppError('USER_NOT_FOUND', AUTH_MESSAGES.USER_NOT_FOUND, {
            email: AUTH_MESSAGES.USER_NOT_FOUND,
          });
    }
    case 'ACCOUNT_SUSPENDED':
      return new AppError('ACCOUNT_SUSPENDED', AUTH_MESSAGES.ACCOUNT_SUSPENDED);
    case 'INVALID_CODE':
      return AppError.invalid('code', SECURITY_MESSAGES.WRONG_CODE);
    case 'INVALID_BACKUP_CODE':
      return AppError.invalid('code', SECURITY_MESSAGES.WRONG_RECOVERY_CODE);
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return AppError.rateLimited(SECURITY_MESSAGES.LOCKED, 15 * 60);
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
    case 'INVALID_TWO_FACTOR_COOKIE':
      return new AppError('UNAUTHORIZED', SECURITY_MESSAGES.CHALLENGE_EXPIRED);
    case 'TOTP_ALREADY_ENABLED':
      return new AppError('CONFLICT', SECURITY_MESSAGES.ALREADY_ENABLED);
    case 'TWO_FACTOR_NOT_ENABLED':
    case 'TOTP_NOT_ENABLED':
    case 'BACKUP_CODES_NOT_ENABLED':
      return new AppError('CONFLICT', SECURITY_MESSAGES.NOT_ENABLED);
    case 'INVALID_TOKEN':
    case 'TOKEN_EXPIRED':
      return new AppError(
        'INVALID_TOKEN',
        path === '/verify-email'
          ? AUTH_MESSAGES.INVALID_VERIFICATION_TOKEN
          : AUTH_MESSAGES.INVALID_RESET_TOKEN,
      );
    case 'EMAIL_ALREADY_VERIFIED':
      return new AppError('CONFLICT', 'This e-mail is already verified');
    case 'INVALID_ORIGIN':
    case 'MISSING_OR_NULL_ORIGIN':
    case 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED':
      return wrongOrigin(request.server.config.siteUrl);
    case 'PROVIDER_NOT_FOUND':
      // Google is configured but its provider could not be reached yet (it is retried in the background).
      if (body?.provider === 'google' && request.server.config.auth.google) {
        return new AppError('SIGN_IN_UNAVAILABLE', AUTH_MESSAGES.GOOGLE_UNAVAILABLE);
      }
      return new AppError('NOT_FOUND', failure.message || 'No such sign-in provider');
    default: {
      // Two sign-ups racing for one username or e-mail: the loser's insert breaks the unique index.
      if (path === '/sign-up/email' && (failure.code === 'FAILED_TO_CREATE_USER' || status >= 500)) {
        const taken = await takenField(request, body);
        if (taken) return taken;
      }
      const message = failure.message || 'The request could not be completed';
      if (status === 401) return new AppError('UNAUTHORIZED', message);
      if (status === 403) return new AppError('FORBIDDEN', message);
      if (status === 404) return new AppError('NOT_FOUND', message);
      if (status === 429) return new AppError('RATE_LIMITED', AUTH_MESSAGES.TOO_MANY_REQUESTS);
      if (status >= 500) {
        // Better Auth answers a bare 500 whatever went wrong inside it. When the database cannot be
        // reached, that is why: the probe fails too, and its error answers the shop's 503.
        await ping(request.server.db);
        throw new Error(`Auth failed on ${path}: ${failure.code ?? status} ${message}`);
      }
      return new AppError('VALIDATION_ERROR', message);
    }
  }
}

/** Hands the request to Better Auth and answers with its response; failures in the shop's envelope. */
export async function forward(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  body?: Record<string, unknown>,
  /** Runs once Better Auth has accepted the request, before the answer is sent. */
  accepted?: () => Promise<void>,
) {
  const { auth, config } = app;
  const headers = fromNodeHeaders(request.headers);
  headers.delete('content-length');
  // Better Auth records a session's address from this header: the client's as the shop resolved it
  // (TRUST_PROXY), never one the client wrote itself.
  headers.set('x-forwarded-for', request.ip);
  const init: RequestInit = { method: request.method, headers };
  if (body !== undefined) {
    headers.set('content-type', 'application/json');
    init.body = JSON.stringify(body);
  }
  const seen: { error?: unknown } = {};
  const response = await authFailures.run(seen, () =>
    auth.handler(new Request(new URL(request.url, config.siteUrl), init)),
  );
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  // The database went away under Better Auth: answered as every route answers it (503), even when it is
  // back by now.
  if (response.status >= 500 && isDatabaseUnavailable(seen.error)) throw seen.error;
  if (response.status >= 400) {
    const failure = (await response.json().catch(() => ({}))) as AuthFailure;
    throw await toAppError(request, path, response.status, failure, body);
  }
  // With no callback URL to go back to (a callback without its state, say), Better Auth redirects to
  // its own HTML error page; the API answers that refusal in its envelope instead.
  const location = response.headers.get('location');
  if (location && new URL(location, config.siteUrl).pathname === `${AUTH_BASE_PATH}/error`) {
    throw flowError(new URL(location, config.siteUrl).searchParams.get('error'));
  }
  for (const [key, value] of response.headers) {
    if (!['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding'].includes(key))
      reply.header(key, value);
  }
  await accepted?.();
  reply.status(response.status);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/** The app as a route plugin sees it. */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** A Better Auth endpoint with the shop's schema for its body and a guard before it. */
const postToAuth = <Body extends z.ZodType>(
  app: ZodApp,
  path: string,
  summary: string,
  bodySchema: Body,
  /** Refuses early; may answer what to do once Better Auth has accepted the request. */
  guard: (request: FastifyRequest, body: z.infer<Body>) => Promise<void | (() => Promise<void>)>,
  toAuthBody: (body: z.infer<Body>) => Record<string, unknown> = (body) => body as Record<string, unknown>,
) =>
  app.post(
    `${AUTH_BASE_PATH}${path}`,
    {
      schema: {
        tags: ['accounts'],
        summary,
        body: bodySchema,
        response: refusals(400, 401, 429),
      },
    },
    async (request, reply) => {
      const body = request.body as z.infer<Body>;
      const accepted = await guard(request, body);
      const sent = await forward(app, request, reply, path, toAuthBody(body));
      // The answer is on its way; a failure here only leaves a counter one too high.
      await accepted?.().catch((error: unknown) =>
        request.log.error({ err: error }, 'follow-up of an accepted request failed'),
      );
      return sent;
    },
  );

/** Every other Better Auth endpoint the shop uses (FORWARDED), with its redirects kept inside the shop. */
function forwardTheRest(app: ZodApp): void {
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = (request.url.split('?')[0] ?? '').slice(AUTH_BASE_PATH.length);
      if (!FORWARDED.some((pattern) => pattern.test(path))) {
        throw new AppError('NOT_FOUND', `No route for ${request.method} ${AUTH_BASE_PATH}${path}`);
      }
      if (path === '/error') throw flowError((request.query as { error?: unknown }).error);
      const body =
        request.body && typeof request.body === 'object'
          ? (request.body as Record<string, unknown>)
          : undefined;
      // Better Auth builds its redirects from these: anything but a path of the shop is refused here
      // (it would send the browser elsewhere, or make Better Auth fail with a 500).
      for (const source of [request.query as Record<string, unknown>, body]) {
        for (const key of REDIRECT_FIELDS) {
          if (source?.[key] !== undefined && !localPath.safeParse(source[key]).success)
            throw AppError.invalid(key, 'must be a path of this shop');
        }
      }
      return forward(app, request, reply, path, request.method === 'POST' ? (body ?? {}) : undefined);
    },
  });
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, db, config } = app;
  const scale = config.auth.rateLimitScale;
  const google = await startGoogleSignIn(
    auth,
    config.auth.google && googleProviderConfig(db, config.auth.google),
    app.log,
  );
  app.addHook('onClose', async () => google.stop());
  const limit = (key: string, rule: RateLimitRule, message?: string) =>
    consume(app.rateLimits, key, { ...rule, max: Math.ceil(rule.max * scale) }, message);

  postToAuth(
    app,
    '/sign-up/email',
    'Create an account; signs in unverified and sends the verification e-mail',
    signUpBody,
    (request) => limit(`sign-up:ip:${request.ip}`, LIMITS.signUpPerIp),
    (body) => ({ ...body, name: body.username, callbackURL: body.callbackURL ?? '/verify-email' }),
  );

  postToAuth(app, '/sign-in/email', 'Sign in with e-mail and password', signInBody, (request, body) =>
    countSignInAttempt(app.rateLimits, request.ip, body.email, scale),
  );

  postToAuth(
    app,
    '/send-verification-email',
    'Send the verification e-mail again',
    emailBody,
    async (request, body) => {
      await limit(`verify-mail:ip:${request.ip}`, LIMITS.mailPerIp, AUTH_MESSAGES.TOO_MANY_REQUESTS);
      await limit(
        `verify-mail:account:${keyPart(body.email)}`,
        LIMITS.mailPerAccount,
        AUTH_MESSAGES.TOO_MANY_REQUESTS,
      );
    },
    (body) => ({ email: body.email, callbackURL: body.callbackURL ?? '/verify-email' }),
  );

  postToAuth(
    app,
    '/request-password-reset',
    'E-mail a password reset link',
    emailBody,
    async (request, body) => {
      await limit(`reset-mail:ip:${request.ip}`, LIMITS.mailPerIp, AUTH_MESSAGES.TOO_MANY_REQUESTS);
      await limit(
        `reset-mail:account:${keyPart(body.email)}`,
        LIMITS.mailPerAccount,
        AUTH_MESSAGES.TOO_MANY_REQUESTS,
      );
    },
    (body) => ({ email: body.email, redirectTo: body.redirectTo ?? '/restore-password' }),
  );

  postToAuth(
    app,
    '/reset-password',
    'Choose a new password with the token from the e-mail; ends every session',
    resetBody,
    (request) => limit(`reset:ip:${request.ip}`, LIMITS.resetPerIp),
  );

  postToAuth(
    app,
    '/change-password',
    'Change your password (the current one and a new one); every other session of the account ends',
    passwordChangeSchema,
    async (request) => {
      const user = await requireUser(request);
      if (!(await hasPassword(db, user.id))) {
        throw new AppError('VALIDATION_ERROR', AUTH_MESSAGES.NO_PASSWORD, {
          currentPassword: AUTH_MESSAGES.NO_PASSWORD,
        });
      }
      // Guessing the current password is guessing a password: the sign-in limits count it.
      return countSignInAttempt(app.rateLimits, request.ip, user.email, scale);
    },
    // Better Auth replaces this session with a new one (a new cookie) and ends all the others.
    (body) => ({
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
      revokeOtherSessions: true,
    }),
  );

  forwardTheRest(app);

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Public settings: which sign-in methods are on',
        response: { 200: authConfigSchema },
      },
    },
    async () => ({ googleSignIn: google.status() === 'available', googleSignInStatus: google.status() }),
  );
};
