import type { DropChallenge } from '@shop/contracts';
import { createChallenge, verifySolution } from 'altcha-lib';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { spendProof } from './drops.repository';

/**
 * Entering a draw costs a proof of work (ALTCHA's first protocol, altcha-lib 1.x): the challenge is the
 * SHA-256 of a salt followed by a secret number up to `maxnumber`, signed by the server; the browser finds
 * the number. A script's thousand entries cost a thousand solutions. Self-hosted: no third party. The
 * signature's key names the drop and the account it was fetched for, so a proof solved for one drop, or
 * by one account, enters no other.
 */
export const PROOF_MINUTES = 5;

/** Whose proof it is: the drop it enters and the account entering. */
export interface ProofOwner {
  dropId: string;
  userId: string;
}

function proofKey(secret: string, owner: ProofOwner): string {
  return `drop-proof:${owner.dropId}:${owner.userId}:${secret}`;
}

export async function newChallenge(
  secret: string,
  maxNumber: number,
  owner: ProofOwner,
): Promise<DropChallenge> {
  const challenge = await createChallenge({
    hmacKey: proofKey(secret, owner),
    maxNumber,
    expires: new Date(Date.now() + PROOF_MINUTES * 60_000),
  });
  return {
    algorithm: 'SHA-256',
    challenge: challenge.challenge,
    salt: challenge.salt,
    maxnumber: challenge.maxnumber ?? maxNumber,
    signature: challenge.signature,
  };
}

interface ProofPayload {
  challenge: string;
}

function decode(proof: string): ProofPayload | undefined {
  try {
    const payload = JSON.parse(Buffer.from(proof, 'base64').toString('utf8')) as unknown;
    if (typeof payload !== 'object' || payload === null) return undefined;
    const { challenge } = payload as { challenge?: unknown };
    return typeof challenge === 'string' ? { challenge } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a proof that does not solve a challenge this server signed for this drop and this account, whose
 * challenge expired, or that was spent before (each challenge counts once, in `tx`: an entry refused later
 * gives it back with the rollback).
 */
export async function spendValidProof(
  tx: DbOrTx,
  secret: string,
  proof: string,
  owner: ProofOwner,
): Promise<void> {
  const payload = decode(proof);
  const valid =
    payload !== undefined && (await verifySolution(proof, proofKey(secret, owner), true).catch(() => false));
  if (!valid) {
    throw new AppError('PROOF_INVALID', 'The anti-bot check did not pass or has expired: please try again', {
      proof: 'does not solve a current challenge of this draw for your account',
    });
  }
  const expiresAt = new Date(Date.now() + PROOF_MINUTES * 60_000);
  if (!(await spendProof(tx, payload.challenge, expiresAt))) {
    throw new AppError('PROOF_INVALID', 'This anti-bot check was already used: please try again', {
      proof: 'was already used',
    });
  }
}
