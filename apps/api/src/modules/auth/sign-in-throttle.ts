import type { RateLimitStore } from '../rate-limit';
import { clear, consume, keyPart, type RateLimitRule, refund } from '../rate-limit';

const WINDOW = 15 * 60;

/**
 * Sign-in limits. Failed guesses are what is counted per account, so a stranger who sends wrong passwords
 * locks out only their own address: the owner signs in from any other address, and a correct password
 * takes its attempt back. A much higher ceiling per account still stops a guess spread over many addresses.
 */
export const SIGN_IN_LIMITS = {
  /** Every attempt from one address, whatever the account. */
  perAddress: { max: 20, windowSeconds: WINDOW },
  /** Failed attempts on one account from one address. */
  perAccountAndAddress: { max: 8, windowSeconds: WINDOW },
  /** Failed attempts on one account from all addresses together. */
  perAccount: { max: 100, windowSeconds: WINDOW },
} satisfies Record<string, RateLimitRule>;

/** The account's counter; its address counters are under it (`<account>:ip:<address>`). */
function accountKey(email: string): string {
  return `sign-in:account:${keyPart(email.toLowerCase())}`;
}

/**
 * Counts a sign-in attempt before the password is checked (so simultaneous guesses cannot slip past the
 * limits) and refuses with 429 past a limit. Answers what to call when the sign-in succeeds: it takes the
 * attempt back from the per-account counters, so only failures stay counted there.
 */
export async function countSignInAttempt(
  store: RateLimitStore,
  address: string,
  email: string,
  scale: number,
): Promise<() => Promise<void>> {
  const scaled = (rule: RateLimitRule) => ({ ...rule, max: Math.ceil(rule.max * scale) });
  const account = accountKey(email);
  const pair = `${account}:ip:${address}`;
  await consume(store, `sign-in:ip:${address}`, scaled(SIGN_IN_LIMITS.perAddress));
  await consume(store, pair, scaled(SIGN_IN_LIMITS.perAccountAndAddress));
  await consume(store, account, scaled(SIGN_IN_LIMITS.perAccount));
  return async () => {
    await refund(store, pair);
    await refund(store, account);
  };
}

/** After a password reset the owner starts afresh, from every address. */
export function clearSignInAttempts(store: RateLimitStore, email: string): Promise<void> {
  return clear(store, accountKey(email));
}
