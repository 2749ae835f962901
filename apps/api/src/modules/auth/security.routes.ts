import {
  passkeyDeleteBodySchema,
  passkeyRegisterBodySchema,
  passkeyRenameBodySchema,
  passkeySignInBodySchema,
  recoveryCodesSchema,
  SECURITY_MESSAGES,
  securityStatusSchema,
  stepUpBodySchema,
  stepUpSchema,
  TOTP_ISSUER,
  twoFactorChallengeBodySchema,
  twoFactorCodeBodySchema,
  twoFactorEnableBodySchema,
  twoFactorEnabledSchema,
  userIdParamsSchema,
} from '@shop/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import {
  currentUser,
  permitted,
  requirePermission,
  requireStepUp,
  requireUser,
  sessionTokenFromCookie,
} from '../../plugins/session';
import { AUTH_BASE_PATH } from './auth';
import { forward } from './auth.routes';
import {
  challengeUserId,
  checkCode,
  factorsOf,
  noticeLock,
  passkeysOf,
  publishSecurity,
  recoveryCodeAsStored,
  recoveryCodeUsed,
  resetFactors,
  type SecurityDeps,
  stepUp,
} from './security.service';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The answer of a relayed request, with what to do once Better Auth accepted or refused it. */
async function relay(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  body: Record<string, unknown> | undefined,
  outcome: { accepted?: () => Promise<void>; refused?: (error: AppError) => Promise<void> } = {},
) {
  try {
    return await forward(app, request, reply, path, body, outcome.accepted);
  } catch (error) {
    if (error instanceof AppError) await outcome.refused?.(error);
    throw error;
  }
}

/**
 * The fresh challenge before a factor is removed or new recovery codes are made: the password of an
 * account that has one (Better Auth checks it), else a current code (checked here).
 */
async function challenge(
  deps: SecurityDeps,
  request: FastifyRequest,
  body: { password?: string | undefined; code?: string | undefined },
): Promise<Record<string, unknown>> {
  const user = await requireUser(request);
  const { hasPassword } = await factorsOf(deps.db, user.id);
  if (hasPassword) {
    if (!body.password) throw AppError.invalid('password', SECURITY_MESSAGES.PASSWORD_OR_CODE);
    return { password: body.password };
  }
  if (!body.code) throw AppError.invalid('code', SECURITY_MESSAGES.PASSWORD_OR_CODE);
  const method = await checkCode(deps, fromNodeHeaders(request.headers), body.code);
  if (!method) throw AppError.invalid('code', SECURITY_MESSAGES.WRONG_CODE);
  if (method === 'recovery') await recoveryCodeUsed(deps, user.id);
  return {};
}

const post = <Body extends z.ZodType>(summary: string, body: Body, ok: z.ZodType = z.unknown()) => ({
  schema: {
    tags: ['security'],
    summary,
    body,
    response: { 200: ok, ...refusals(400, 401, 403, 404, 409, 429) },
  },
});
const get = (summary: string, ok: z.ZodType = z.unknown()) => ({
  schema: { tags: ['security'], summary, response: { 200: ok, ...refusals(401, 403) } },
});

/** The account a code at this request is for: the signed-in member, or the pending sign-in's. */
async function codeHolder(deps: SecurityDeps, request: FastifyRequest, challengeCookie: string) {
  const user = await currentUser(request);
  if (user) return { userId: user.id, signingIn: false };
  const identifier = sessionTokenFromCookie(request.headers.cookie, challengeCookie, deps.secret);
  const userId = identifier ? await challengeUserId(deps.db, identifier) : undefined;
  return { userId, signingIn: true };
}

function twoFactorRoutes(app: App, deps: SecurityDeps, challengeCookie: string): void {
  const path = (name: string) => `${AUTH_BASE_PATH}/two-factor/${name}`;

  app.post(
    path('enable'),
    post(
      `Start setting up an authenticator app (TOTP, issuer "${TOTP_ISSUER}"): answers its otpauth URI and ten recovery codes (shown once); it is on once a first code is verified. Asks the password of an account that has one`,
      twoFactorEnableBodySchema,
      twoFactorEnabledSchema,
    ),
    async (request, reply) => {
      const user = await requireUser(request);
      const { hasPassword } = await factorsOf(deps.db, user.id);
      if (hasPassword && !request.body.password) {
        throw AppError.invalid('password', 'Enter your password');
      }
      return relay(app, request, reply, '/two-factor/enable', { ...request.body, issuer: TOTP_ISSUER });
    },
  );

  app.post(
    path('get-totp-uri'),
    post('The otpauth URI of your authenticator app again (with your password)', twoFactorEnableBodySchema),
    async (request, reply) => relay(app, request, reply, '/two-factor/get-totp-uri', request.body),
  );

  app.post(
    path('verify-totp'),
    post(
      'A code from the authenticator app: the second step of a sign-in (starts the session), or the first code that turns it on',
      twoFactorCodeBodySchema,
    ),
    async (request, reply) => {
      const { userId, signingIn } = await codeHolder(deps, request, challengeCookie);
      const before = userId && !signingIn ? await factorsOf(deps.db, userId) : undefined;
      return relay(app, request, reply, '/two-factor/verify-totp', request.body, {
        accepted: async () => {
          if (userId && before && !before.totp) {
            await publishSecurity(deps, 'security.enrolled', userId, { method: 'totp' });
          }
        },
        refused: async () => {
          if (userId && signingIn) await noticeLock(deps, userId);
        },
      });
    },
  );

  app.post(
    path('verify-backup-code'),
    post(
      'A single-use recovery code instead of the authenticator app: the second step of a sign-in',
      twoFactorCodeBodySchema,
    ),
    async (request, reply) => {
      const { userId, signingIn } = await codeHolder(deps, request, challengeCookie);
      const body = { code: recoveryCodeAsStored(deps, request.body.code) };
      return relay(app, request, reply, '/two-factor/verify-backup-code', body, {
        accepted: async () => {
          if (userId) await recoveryCodeUsed(deps, userId);
        },
        refused: async () => {
          if (userId && signingIn) await noticeLock(deps, userId);
        },
      });
    },
  );

  app.post(
    path('disable'),
    post(
      'Turn two-factor sign-in off: the password, or without one a current code',
      twoFactorChallengeBodySchema,
    ),
    async (request, reply) => {
      const user = await requireUser(request);
      const body = await challenge(deps, request, request.body);
      return relay(app, request, reply, '/two-factor/disable', body, {
        accepted: () => publishSecurity(deps, 'security.removed', user.id, { method: 'totp' }),
      });
    },
  );

  app.post(
    path('generate-backup-codes'),
    post(
      'Replace the recovery codes with ten new ones (shown once): the password, or without one a current code',
      twoFactorChallengeBodySchema,
      recoveryCodesSchema,
    ),
    async (request, reply) => {
      const user = await requireUser(request);
      const body = await challenge(deps, request, request.body);
      return relay(app, request, reply, '/two-factor/generate-backup-codes', body, {
        accepted: () => publishSecurity(deps, 'security.codes-regenerated', user.id, {}),
      });
    },
  );
}

function passkeyRoutes(app: App, deps: SecurityDeps): void {
  const path = (name: string) => `${AUTH_BASE_PATH}/passkey/${name}`;
  const relayGet = (name: string, summary: string, guard?: (request: FastifyRequest) => Promise<unknown>) =>
    app.get(path(name), get(summary), async (request, reply) => {
      await guard?.(request);
      return relay(app, request, reply, `/passkey/${name}`, undefined);
    });

  relayGet(
    'generate-register-options',
    'The WebAuthn options to create a passkey for your account',
    requireUser,
  );
  relayGet('generate-authenticate-options', 'The WebAuthn options to sign in (or step up) with a passkey');
  relayGet('list-user-passkeys', 'Your passkeys', requireUser);

  app.post(
    path('verify-registration'),
    post('Keep the passkey the browser created (with a name)', passkeyRegisterBodySchema),
    async (request, reply) => {
      const user = await requireUser(request);
      return relay(app, request, reply, '/passkey/verify-registration', request.body, {
        accepted: () => publishSecurity(deps, 'security.enrolled', user.id, { method: 'passkey' }),
      });
    },
  );

  app.post(
    path('verify-authentication'),
    post('Sign in with a passkey (on its own, or as the second step of a sign-in)', passkeySignInBodySchema),
    async (request, reply) => relay(app, request, reply, '/passkey/verify-authentication', request.body),
  );

  /** The member's own passkey, or 404 (another's is not told apart from none). */
  const ownPasskey = async (request: FastifyRequest, id: string) => {
    const user = await requireUser(request);
    const keys = await passkeysOf(deps.db, user.id);
    if (!keys.some((key) => key.id === id)) throw AppError.notFound('Passkey');
    return user;
  };

  app.post(
    path('update-passkey'),
    post('Rename one of your passkeys', passkeyRenameBodySchema),
    async (request, reply) => {
      await ownPasskey(request, request.body.id);
      return relay(app, request, reply, '/passkey/update-passkey', request.body);
    },
  );

  app.post(
    path('delete-passkey'),
    post('Remove one of your passkeys (after a step-up in the last five minutes)', passkeyDeleteBodySchema),
    async (request, reply) => {
      const user = await ownPasskey(request, request.body.id);
      await requireStepUp(request);
      return relay(app, request, reply, '/passkey/delete-passkey', request.body, {
        accepted: () => publishSecurity(deps, 'security.removed', user.id, { method: 'passkey' }),
      });
    },
  );
}

/** Two-factor sign-in, passkeys and step-up (decision 36). */
export const securityRoutes: FastifyPluginAsyncZod<{ deps: SecurityDeps }> = async (app, { deps }) => {
  const challengeCookie = (await deps.auth.$context).createAuthCookie('two_factor').name;
  twoFactorRoutes(app, deps, challengeCookie);
  passkeyRoutes(app, deps);

  app.get(
    '/api/account/security',
    get('Your sign-in factors: two-factor on or off, recovery codes left, passkeys', securityStatusSchema),
    async (request) => {
      const user = await requireUser(request);
      const factors = await factorsOf(deps.db, user.id);
      const passkeys = await passkeysOf(deps.db, user.id);
      return {
        twoFactorEnabled: factors.totp,
        hasPassword: factors.hasPassword,
        recoveryCodesLeft: factors.recoveryCodesLeft,
        passkeys: passkeys.map((key) => ({ ...key, createdAt: key.createdAt?.toISOString() ?? null })),
      };
    },
  );

  app.delete(
    '/api/users/:id/two-factor',
    {
      preValidation: permitted('users.roles'),
      schema: {
        tags: ['security'],
        summary:
          "Reset someone's two-factor sign-in (users.roles, after a step-up): their authenticator app, recovery codes and passkeys are removed, they are e-mailed, and it is audited. Not your own (Security does that); 409 when they have none",
        params: userIdParamsSchema,
        response: { 204: z.null(), ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = await requirePermission(request, 'users.roles');
      await requireStepUp(request);
      await resetFactors(deps, actor, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${AUTH_BASE_PATH}/step-up`,
    post(
      'Confirm it is you before an action that moves money or data: a code (authenticator or recovery), a passkey assertion, or the password of a member without a factor; good for five minutes',
      stepUpBodySchema,
      stepUpSchema,
    ),
    async (request) => {
      const user = await requireUser(request);
      return stepUp(deps, user, fromNodeHeaders(request.headers), request.body);
    },
  );
};
