import { AsyncLocalStorage } from 'node:async_hooks';
import { AUTH_MESSAGES, USERNAME_PATTERN } from '@shop/contracts';
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { type GenericOAuthConfig, username } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { redactLogged } from '../../lib/redact';
import { shopOrigins } from '../../plugins/origin-check';
import { forgetSessionsOf } from '../../plugins/session';
import type { Mailer } from '../mail';
import type { RateLimitStore } from '../rate-limit';
import * as sessions from '../sessions';
import * as users from '../users';
import { deletePasswordResets } from './auth.repository';
import { passwordResetEmail, verificationEmail } from './auth-emails';
import { secondFactors } from './factors';
import { clearSignInAttempts } from './sign-in-throttle';

export const AUTH_BASE_PATH = '/api/auth';
const HOUR = 60 * 60;

/** A username for someone who signs in with Google: from the e-mail's local part, made unique. */
async function usernameFor(db: Db, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? '')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 11)
    .padEnd(4, '0');
  if (!(await users.usernameTaken(db, base))) return base;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = `${base}-${Math.floor(1000 + Math.random() * 9000)}`;
    if (!(await users.usernameTaken(db, candidate))) return candidate;
  }
  throw new Error('Could not find a free username');
}

/**
 * Google sign-in through OpenID Connect. Better Auth's generic OAuth plugin builds the provider from it
 * once the discovery document could be read (see google-sign-in.ts, which retries while it cannot).
 */
/**
 * The error behind a Better Auth request that failed inside it: Better Auth answers a bare 500 and logs
 * the error, which is kept here for the request it served (`authFailures.run`), so the shop can answer
 * what it was (a database that went away: 503) rather than guess.
 */
export const authFailures = new AsyncLocalStorage<{ error?: unknown }>();

function noteFailure(args: unknown[]) {
  const seen = authFailures.getStore();
  const error = args.find((arg) => arg instanceof Error);
  if (seen && error && seen.error === undefined) seen.error = error;
}

export function googleProviderConfig(
  db: Db,
  google: NonNullable<Config['auth']['google']>,
): GenericOAuthConfig {
  return {
    providerId: 'google',
    discoveryUrl: google.discoveryUrl,
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    prompt: 'select_account',
    async mapProfileToUser(profile) {
      const email = String(profile.email ?? '').toLowerCase();
      const name = String(profile.name ?? email.split('@')[0] ?? 'Google user');
      return {
        email,
        name,
        emailVerified: profile.email_verified === true || profile.email_verified === 'true',
        image: typeof profile.picture === 'string' ? profile.picture : undefined,
        username: await usernameFor(db, email),
      };
    },
  };
}

/**
 * Better Auth on the shop's database: e-mail + password, verification, reset, roles, suspension. Google
 * sign-in is added to it by google-sign-in.ts.
 */
export function createAuth(
  config: Config,
  db: Db,
  mailer: Mailer,
  rateLimits: RateLimitStore,
  log: FastifyBaseLogger,
) {
  const origins = shopOrigins(config.siteUrl, config.database.kind === 'pglite');
  return betterAuth({
    appName: 'Sneaker Shop',
    baseURL: config.siteUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.auth.secret,
    trustedOrigins: origins,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    telemetry: { enabled: false },
    // Better Auth's messages go to the shop's log, one line each, at the shop's log level, without the
    // tokens, codes and secrets the URLs and values it names may carry.
    logger: {
      level: 'debug',
      log: (level, message, ...args) => {
        if (level === 'error') noteFailure(args);
        log[level]({ detail: args.length > 0 ? redactLogged(args) : undefined }, message);
      },
    },
    // The shop applies its own per-IP and per-account limits in front of these endpoints.
    rateLimit: { enabled: false },
    advanced: {
      // Better Auth turns its origin check off under a test runner; the shop's tests check the real thing.
      disableOriginCheck: false,
      database: { generateId: 'uuid' },
      useSecureCookies: config.siteUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { disableIpTracking: false },
    },
    session: {
      expiresIn: 30 * 24 * HOUR,
      updateAge: 24 * HOUR,
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        banned: { type: 'boolean', required: false, defaultValue: false, input: false },
        phone: { type: 'string', required: false, defaultValue: '', input: false },
        address: { type: 'string', required: false, defaultValue: '', input: false },
        city: { type: 'string', required: false, defaultValue: '', input: false },
        state: { type: 'string', required: false, defaultValue: '', input: false },
        country: { type: 'string', required: false, defaultValue: '', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Sign-up signs the user in unverified; the API refuses buying, reviews and favourites until verified.
      requireEmailVerification: false,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: HOUR,
      revokeSessionsOnPasswordReset: true,
      // One link used ends every other link the user was sent, and the owner may sign in from anywhere.
      async onPasswordReset({ user }) {
        await deletePasswordResets(db, user.id);
        await clearSignInAttempts(rateLimits, user.email);
      },
      async sendResetPassword({ user, url }) {
        const record = await users.findUser(db, user.id);
        await mailer.send(passwordResetEmail(user.email, record?.displayUsername ?? user.name, url), {
          queue: 'mail',
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: HOUR,
      async sendVerificationEmail({ user, url }) {
        const record = await users.findUser(db, user.id);
        await mailer.send(verificationEmail(user.email, record?.displayUsername ?? user.name, url), {
          queue: 'mail',
        });
      },
    },
    databaseHooks: {
      account: {
        update: {
          // A password changed any other way also ends the reset links already sent.
          async after(account) {
            if (account?.providerId === 'credential' && account.password) {
              await deletePasswordResets(db, account.userId);
            }
          },
        },
      },
      session: sessionHooks(db, mailer, config.siteUrl, log),
    },
    plugins: [
      username({
        minUsernameLength: 4,
        maxUsernameLength: 16,
        usernameValidator: (value) => USERNAME_PATTERN.test(value),
      }),
      ...secondFactors(config.auth.secret, config.siteUrl, origins),
    ],
  });
}

/**
 * What happens around a session: a suspended account cannot start one, a sign-in from a new device is
 * e-mailed to the account, and one Better Auth ends is forgotten by the shop's session reader at once.
 */
type SessionHooks = NonNullable<NonNullable<BetterAuthOptions['databaseHooks']>['session']>;

function sessionHooks(db: Db, mailer: Mailer, siteUrl: string, log: FastifyBaseLogger): SessionHooks {
  return {
    create: {
      // A suspended account cannot start a session, whatever the sign-in method.
      async before(session) {
        const record = await users.findUser(db, session.userId);
        if (record?.banned) {
          throw new APIError('FORBIDDEN', {
            code: 'ACCOUNT_SUSPENDED',
            message: AUTH_MESSAGES.ACCOUNT_SUSPENDED,
          });
        }
      },
      // A sign-in from a browser and system the account never used is e-mailed to it.
      async after(session) {
        await sessions.noticeSignIn({ db, mailer, siteUrl, log }, session);
      },
    },
    // A session Better Auth ends (revoke-session, revoke-other-sessions, sign-out) is refused at once
    // by this instance's polled routes too (plugins/session.ts holds some in memory).
    delete: {
      async after(session) {
        forgetSessionsOf(session.userId);
      },
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
