import {
  AUTH_MESSAGES,
  authConfigSchema,
  EMAIL_MESSAGE,
  emailSchema,
  PASSWORD_MESSAGE,
  passwordSchema,
  registerSchema,
  USERNAME_MESSAGE,
} from '@shop/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import { consume, type RateLimitRule } from '../rate-limit/rate-limit.service';
import * as users from '../users/users.repository';
import { AUTH_BASE_PATH } from './auth';

/** Better Auth endpoints the shop uses; everything else under /api/auth answers 404. */
const FORWARDED = [
  /^\/get-session$/,
  /^\/sign-out$/,
  /^\/verify-email$/,
  /^\/reset-password\/[^/]+$/,
  /^\/sign-in\/social$/,
  /^\/callback\/[^/]+$/,
  /^\/error$/,
];

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const LIMITS = {
  signInPerIp: { max: 20, windowSeconds: 15 * MINUTE },
  signInPerAccount: { max: 8, windowSeconds: 15 * MINUTE },
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
  email: required(AUTH_MESSAGES.MISSING_EMAIL).transform((value) => value.toLowerCase()),
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
      return new AppError('EMAIL_IN_USE', AUTH_MESSAGES.EMAIL_IN_USE, { email: AUTH_MESSAGES.EMAIL_IN_USE });
    case 'USERNAME_IS_ALREADY_TAKEN':
      return new AppError('USERNAME_TAKEN', AUTH_MESSAGES.USERNAME_TAKEN, {
        username: AUTH_MESSAGES.USERNAME_TAKEN,
      });
    case 'INVALID_USERNAME':
    case 'USERNAME_TOO_SHORT':
    case 'USERNAME_TOO_LONG':
      return AppError.invalid('username', USERNAME_MESSAGE);
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
      return AppError.invalid(path === '/reset-password' ? 'newPassword' : 'password', PASSWORD_MESSAGE);
    case 'INVALID_EMAIL':
      return AppError.invalid('email', EMAIL_MESSAGE);
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
    case 'INVALID_TOKEN':
    case 'TOKEN_EXPIRED':
      return new AppError('INVALID_TOKEN', AUTH_MESSAGES.INVALID_RESET_TOKEN);
    case 'EMAIL_ALREADY_VERIFIED':
      return new AppError('CONFLICT', 'This e-mail is already verified');
    case 'INVALID_ORIGIN':
    case 'MISSING_OR_NULL_ORIGIN':
    case 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED':
      return new AppError('FORBIDDEN', 'This request must come from the shop itself');
    default: {
      const message = failure.message || 'The request could not be completed';
      if (status === 401) return new AppError('UNAUTHORIZED', message);
      if (status === 403) return new AppError('FORBIDDEN', message);
      if (status === 404) return new AppError('NOT_FOUND', message);
      if (status === 429) return new AppError('RATE_LIMITED', AUTH_MESSAGES.TOO_MANY_REQUESTS);
      if (status >= 500) throw new Error(`Auth failed on ${path}: ${failure.code ?? status} ${message}`);
      return new AppError('VALIDATION_ERROR', message);
    }
  }
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, db, config } = app;
  const scale = config.auth.rateLimitScale;
  const limit = (key: string, rule: RateLimitRule, message?: string) =>
    consume(db, key, { ...rule, max: Math.ceil(rule.max * scale) }, message);

  /** Hands the request to Better Auth and answers with its response; failures in the shop's envelope. */
  async function forward(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    body?: Record<string, unknown>,
  ) {
    const headers = fromNodeHeaders(request.headers);
    headers.delete('content-length');
    const init: RequestInit = { method: request.method, headers };
    if (body !== undefined) {
      headers.set('content-type', 'application/json');
      init.body = JSON.stringify(body);
    }
    const response = await auth.handler(new Request(new URL(request.url, config.siteUrl), init));
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (response.status >= 400) {
      const failure = (await response.json().catch(() => ({}))) as AuthFailure;
      throw await toAppError(request, path, response.status, failure, body);
    }
    for (const [key, value] of response.headers) {
      if (!['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding'].includes(key))
        reply.header(key, value);
    }
    reply.status(response.status);
    return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
  }

  const post = <Body extends z.ZodType>(
    path: string,
    summary: string,
    bodySchema: Body,
    guard: (request: FastifyRequest, body: z.infer<Body>) => Promise<void>,
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
        await guard(request, body);
        return forward(request, reply, path, toAuthBody(body));
      },
    );

  post(
    '/sign-up/email',
    'Create an account; signs in unverified and sends the verification e-mail',
    signUpBody,
    (request) => limit(`sign-up:ip:${request.ip}`, LIMITS.signUpPerIp),
    (body) => ({ ...body, name: body.username, callbackURL: body.callbackURL ?? '/verify-email' }),
  );

  post('/sign-in/email', 'Sign in with e-mail and password', signInBody, async (request, body) => {
    await limit(`sign-in:ip:${request.ip}`, LIMITS.signInPerIp);
    await limit(`sign-in:account:${body.email}`, LIMITS.signInPerAccount);
  });

  post(
    '/send-verification-email',
    'Send the verification e-mail again',
    emailBody,
    async (request, body) => {
      await limit(`verify-mail:ip:${request.ip}`, LIMITS.mailPerIp, AUTH_MESSAGES.TOO_MANY_REQUESTS);
      await limit(
        `verify-mail:account:${body.email}`,
        LIMITS.mailPerAccount,
        AUTH_MESSAGES.TOO_MANY_REQUESTS,
      );
    },
    (body) => ({ email: body.email, callbackURL: body.callbackURL ?? '/verify-email' }),
  );

  post(
    '/request-password-reset',
    'E-mail a password reset link',
    emailBody,
    async (request, body) => {
      await limit(`reset-mail:ip:${request.ip}`, LIMITS.mailPerIp, AUTH_MESSAGES.TOO_MANY_REQUESTS);
      await limit(`reset-mail:account:${body.email}`, LIMITS.mailPerAccount, AUTH_MESSAGES.TOO_MANY_REQUESTS);
    },
    (body) => ({ email: body.email, redirectTo: body.redirectTo ?? '/restore-password' }),
  );

  post(
    '/reset-password',
    'Choose a new password with the token from the e-mail; ends every session',
    resetBody,
    (request) => limit(`reset:ip:${request.ip}`, LIMITS.resetPerIp),
  );

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = (request.url.split('?')[0] ?? '').slice(AUTH_BASE_PATH.length);
      if (!FORWARDED.some((pattern) => pattern.test(path))) {
        throw new AppError('NOT_FOUND', `No route for ${request.method} ${AUTH_BASE_PATH}${path}`);
      }
      const body =
        request.body && typeof request.body === 'object'
          ? (request.body as Record<string, unknown>)
          : undefined;
      return forward(request, reply, path, request.method === 'POST' ? (body ?? {}) : undefined);
    },
  });

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Public settings: which sign-in methods are on',
        response: { 200: authConfigSchema },
      },
    },
    async () => ({ googleSignIn: config.auth.google !== null }),
  );
};
