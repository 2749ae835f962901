import { createHmac } from 'node:crypto';
import { passkey } from '@better-auth/passkey';
import {
  RECOVERY_CODE_COUNT,
  TOTP_ISSUER,
  TWO_FACTOR_LOCK_MINUTES,
  TWO_FACTOR_MAX_FAILURES,
} from '@shop/contracts';
import { twoFactor } from 'better-auth/plugins';

/**
 * The second factors (decision 36): Better Auth's two-factor plugin (TOTP and recovery codes) and its
 * passkey plugin (WebAuthn), as the shop configures them.
 */

/** A kept recovery code: `h1:` and the HMAC-SHA256 of the code under the auth secret. */
const HASHED = 'h1:';

/** What is stored of a recovery code, and what a code given is compared as (see `hashedCodesStore`). */
export function hashRecoveryCode(secret: string, code: string): string {
  return `${HASHED}${createHmac('sha256', secret).update(code.trim()).digest('base64url')}`;
}

/**
 * The plugin keeps the recovery codes as one JSON list, written through `encrypt` and read through
 * `decrypt`, and compares the code a member gives with the list's items. The shop keeps only the codes'
 * HMACs: `encrypt` hashes the plain codes of a new list (a list already of hashes, what is left after a
 * code was used, is kept as it is), `decrypt` reads the list of hashes, and the shop's route hands the
 * plugin the HMAC of the code given (`hashRecoveryCode`), never the code. A stolen database shows no
 * usable code; the codes are shown once, when made.
 */
function hashedCodesStore(secret: string) {
  return {
    encrypt: async (json: string) => {
      const codes = JSON.parse(json) as string[];
      return JSON.stringify(
        codes.map((code) => (code.startsWith(HASHED) ? code : hashRecoveryCode(secret, code))),
      );
    },
    decrypt: async (stored: string) => stored,
  };
}

/**
 * `origins` are the addresses the shop answers at (shopOrigins). A passkey belongs to a domain (its
 * relying party id), never to an IP address: a shop served on a loopback address (development, the
 * journeys) gives its passkeys to `localhost`, which browsers treat as a secure origin, and is opened
 * there to use them.
 */
export function secondFactors(secret: string, siteUrl: string, origins: string[]) {
  const site = new URL(siteUrl);
  const loopbackAddress = ['127.0.0.1', '[::1]'].includes(site.hostname);
  return [
    twoFactor({
      issuer: TOTP_ISSUER,
      // An account without a password (Google sign-in) enrols and removes with a current code instead
      // (the shop's routes ask for one); an account with a password always gives it.
      allowPasswordless: true,
      totpOptions: { digits: 6, period: 30 },
      backupCodeOptions: {
        amount: RECOVERY_CODE_COUNT,
        length: 10,
        storeBackupCodes: hashedCodesStore(secret),
      },
      accountLockout: {
        enabled: true,
        maxFailedAttempts: TWO_FACTOR_MAX_FAILURES,
        durationSeconds: TWO_FACTOR_LOCK_MINUTES * 60,
      },
      // The challenge between the two steps of a sign-in lives ten minutes.
      twoFactorCookieMaxAge: 600,
    }),
    passkey({
      rpID: loopbackAddress ? 'localhost' : site.hostname,
      rpName: TOTP_ISSUER,
      origin: origins,
    }),
  ];
}
