import {
  AUTH_MESSAGES,
  SECURITY_MESSAGES,
  STEP_UP_MINUTES,
  type StepUpBody,
  TOTP_CODE_PATTERN,
} from '@shop/contracts';
import { APIError } from 'better-auth/api';
import type { Db, DbOrTx } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import type { FactType } from '../../events/facts';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import type { Mailer } from '../mail';
import { consume, type RateLimitStore, refund } from '../rate-limit';
import * as sessions from '../sessions';
import * as users from '../users';
import type { Auth } from './auth';
import { hashRecoveryCode } from './factors';
import * as repository from './security.repository';
import { factorsResetEmail, twoFactorLockedEmail } from './security-emails';

/** What the second factors and step-up need (decision 36). */
export interface SecurityDeps {
  db: Db;
  auth: Auth;
  events: DomainEvents;
  mailer: Mailer;
  siteUrl: string;
  secret: string;
  rateLimits: RateLimitStore;
  rateLimitScale: number;
}

/** Wrong step-up answers one account may give in a window, as many as the sign-in's second step allows. */
const STEP_UP_FAILURES = { max: 5, windowSeconds: 15 * 60 };

type SecurityFact = Extract<FactType, `security.${string}`>;

/** A member's own security event, for the audit trail: the member is the actor and the subject. */
export function publishSecurity(
  deps: Pick<SecurityDeps, 'db' | 'events'>,
  type: SecurityFact,
  userId: string,
  after: Record<string, unknown>,
): Promise<void> {
  return deps.events.published(deps.db, { type, userId, actorId: userId, before: null, after });
}

export function factorsOf(db: Db, userId: string) {
  return repository.factorsOf(db, userId);
}

/** Whether the account has a second factor (an authenticator app or a passkey): what a role may require. */
export function hasSecondFactor(db: DbOrTx, userId: string): Promise<boolean> {
  return repository.hasSecondFactor(db, userId);
}

export function passkeysOf(db: Db, userId: string) {
  return repository.passkeysOf(db, userId);
}

/** The account a pending two-step sign-in is for, by its challenge's identifier. */
export function challengeUserId(db: Db, identifier: string) {
  return repository.challengeUserId(db, identifier);
}

/** The text stored for a recovery code given: what the plugin compares with the kept hashes. */
export function recoveryCodeAsStored(deps: Pick<SecurityDeps, 'secret'>, code: string): string {
  return hashRecoveryCode(deps.secret, code);
}

/** True for Better Auth's refusal of a wrong code (as opposed to a missing factor or a broken request). */
function wrongCode(error: unknown): boolean {
  return (
    error instanceof APIError &&
    ['INVALID_CODE', 'INVALID_BACKUP_CODE', 'INVALID_PASSWORD'].includes(String(error.body?.code))
  );
}

/**
 * Checks a code against the signed-in member's factor without starting a session: a six-digit TOTP, or
 * else a recovery code (used up). Answers which it was, or null when it is wrong.
 */
export async function checkCode(
  deps: SecurityDeps,
  headers: Headers,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  try {
    if (TOTP_CODE_PATTERN.test(code.trim())) {
      await deps.auth.api.verifyTOTP({ body: { code: code.trim() }, headers });
      return 'totp';
    }
    await deps.auth.api.verifyBackupCode({
      body: { code: recoveryCodeAsStored(deps, code), disableSession: true },
      headers,
    });
    return 'recovery';
  } catch (error) {
    if (wrongCode(error)) return null;
    throw error;
  }
}

/** After a recovery code was used: the audit trail records it with how many are left. */
export async function recoveryCodeUsed(deps: SecurityDeps, userId: string): Promise<void> {
  const { recoveryCodesLeft } = await repository.factorsOf(deps.db, userId);
  await publishSecurity(deps, 'security.recovery-code-used', userId, { left: recoveryCodesLeft });
}

/**
 * After a wrong code at the second step of a sign-in: when it locked the account (the plugin locks after
 * TWO_FACTOR_MAX_FAILURES in a row), the lock is announced once: audited, and the account e-mailed.
 */
export async function noticeLock(deps: SecurityDeps, userId: string): Promise<void> {
  const until = await repository.announceLock(deps.db, userId);
  if (!until) return;
  await publishSecurity(deps, 'security.locked', userId, { until: until.toISOString() });
  const account = await users.findUser(deps.db, userId);
  if (account) {
    await deps.mailer.send(
      twoFactorLockedEmail(account.email, account.displayUsername ?? account.username, deps.siteUrl),
      { queue: 'mail' },
    );
  }
}

/** The passkey's assertion, verified by the plugin; the session it starts is ended at once. */
async function checkPasskey(
  deps: SecurityDeps,
  user: CurrentUser,
  headers: Headers,
  response: Record<string, unknown>,
): Promise<boolean> {
  const owner =
    typeof response.id === 'string' ? await repository.passkeyOwner(deps.db, response.id) : undefined;
  if (owner !== user.id) return false;
  try {
    // The plugin checks the assertion's shape and signature; its type is the browser's JSON of it.
    const assertion = response as unknown as NonNullable<
      Parameters<SecurityDeps['auth']['api']['verifyPasskeyAuthentication']>[0]
    >['body']['response'];
    const verified = await deps.auth.api.verifyPasskeyAuthentication({
      body: { response: assertion },
      headers,
    });
    await sessions.deleteSessionByToken(deps.db, verified.session.token);
    return verified.user.id === user.id;
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) return false;
    throw error;
  }
}

/** The password of a member who has no second factor. */
async function checkPassword(deps: SecurityDeps, headers: Headers, password: string): Promise<boolean> {
  try {
    await deps.auth.api.verifyPassword({ body: { password }, headers });
    return true;
  } catch (error) {
    if (wrongCode(error)) return false;
    throw error;
  }
}

type Method = 'totp' | 'recovery' | 'passkey' | 'password';

/** Which way the member confirms, and whether it is right; refuses a way their account may not use. */
async function verifyStepUp(
  deps: SecurityDeps,
  user: CurrentUser,
  headers: Headers,
  body: StepUpBody,
): Promise<{ method: Method; ok: boolean; field: string; reason: string }> {
  const factors = await repository.factorsOf(deps.db, user.id);
  if (body.code !== undefined) {
    if (!factors.totp) throw AppError.invalid('code', SECURITY_MESSAGES.NO_FACTOR);
    const method = await checkCode(deps, headers, body.code);
    const recovery = !TOTP_CODE_PATTERN.test(body.code.trim());
    return {
      method: method ?? (recovery ? 'recovery' : 'totp'),
      ok: method !== null,
      field: 'code',
      reason: recovery ? SECURITY_MESSAGES.WRONG_RECOVERY_CODE : SECURITY_MESSAGES.WRONG_CODE,
    };
  }
  if (body.passkey !== undefined) {
    const ok = await checkPasskey(deps, user, headers, body.passkey);
    return { method: 'passkey', ok, field: 'passkey', reason: SECURITY_MESSAGES.PASSKEY_FAILED };
  }
  if (factors.totp || factors.passkeys > 0) {
    throw AppError.invalid('password', SECURITY_MESSAGES.HAS_FACTOR);
  }
  const ok = await checkPassword(deps, headers, body.password ?? '');
  return { method: 'password', ok, field: 'password', reason: AUTH_MESSAGES.WRONG_PASSWORD };
}

/**
 * `POST /api/auth/step-up`: the member confirms it is them (a code, a passkey, or the password without a
 * factor); the session records when, and the guarded actions accept it for STEP_UP_MINUTES. Wrong answers
 * are audited and limited like the sign-in's second step.
 */
export async function stepUp(
  deps: SecurityDeps,
  user: CurrentUser,
  headers: Headers,
  body: StepUpBody,
): Promise<{ validUntil: string }> {
  if (!user.session) throw new AppError('UNAUTHORIZED', 'You must be logged in');
  const key = `step-up:account:${user.id}`;
  await consume(deps.rateLimits, key, {
    ...STEP_UP_FAILURES,
    max: Math.ceil(STEP_UP_FAILURES.max * deps.rateLimitScale),
  });
  const outcome = await verifyStepUp(deps, user, headers, body);
  if (!outcome.ok) {
    await publishSecurity(deps, 'security.step-up-refused', user.id, { method: outcome.method });
    throw AppError.invalid(outcome.field, outcome.reason);
  }
  await refund(deps.rateLimits, key);
  if (outcome.method === 'recovery') await recoveryCodeUsed(deps, user.id);
  const at = (await sessions.markSteppedUp(deps.db, user.session.id)) ?? new Date();
  const validUntil = new Date(at.getTime() + STEP_UP_MINUTES * 60_000).toISOString();
  await publishSecurity(deps, 'security.stepped-up', user.id, { method: outcome.method, validUntil });
  return { validUntil };
}

/**
 * `DELETE /api/staff/:userId/two-factor`: the owner removes a member's authenticator app, recovery codes and
 * passkeys (a lost phone), in one transaction with its audit event and the e-mail telling the member. Not
 * one's own (Security does that, with a fresh challenge); 409 when there is nothing to remove.
 */
export async function resetFactors(deps: SecurityDeps, actor: CurrentUser, userId: string): Promise<void> {
  if (userId === actor.id) {
    throw new AppError('CONFLICT', SECURITY_MESSAGES.NOT_OWN_FACTORS, { userId: 'is your own account' });
  }
  const member = await users.findLiveUser(deps.db, userId);
  const name = member.displayUsername ?? member.username;
  await deps.events.transaction(deps.db, async (tx, publish) => {
    const removed = await repository.removeFactors(tx, userId);
    if (!removed.totp && removed.passkeys === 0) {
      throw new AppError('CONFLICT', `${name} has no second factor to reset`, {
        userId: 'has no second factor',
      });
    }
    await users.clearTwoFactor(tx, userId);
    await publish({
      type: 'security.factors-reset',
      userId,
      actorId: actor.id,
      before: removed,
      after: { totp: false, passkeys: 0 },
    });
    await deps.mailer.send(factorsResetEmail(member.email, name, actor.username, deps.siteUrl), {
      queue: 'mail',
      tx,
    });
  });
}
