/** Two-factor sign-in and step-up: rules and their texts, free of zod so any page can import them cheaply. */

/** A step-up (a second factor, or the password without one) is good for this long (decision 36). */
export const STEP_UP_MINUTES = 5;
/** Wrong codes in a row at the second step of a sign-in that lock it, and for how long. */
export const TWO_FACTOR_MAX_FAILURES = 5;
export const TWO_FACTOR_LOCK_MINUTES = 15;
/** How many single-use recovery codes a member gets (each shown once). */
export const RECOVERY_CODE_COUNT = 10;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Sneaker Shop';
/** A TOTP code: six digits (RFC 6238 with SHA-1 and 30 s steps, what every authenticator app makes). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** The longest name a passkey may be given. */
export const PASSKEY_NAME_MAX = 60;

export const SECURITY_MESSAGES = {
  STEP_UP_REQUIRED:
    'Confirm it is you: enter a code from your authenticator app, a recovery code, use a passkey, or your password',
  TWO_FACTOR_REQUIRED:
    'Your role needs two-factor sign-in: add an authenticator app or a passkey in Security before anything else',
  NOT_OWN_FACTORS: 'Change your own factors in Security',
  WRONG_CODE: 'is not the current code of your authenticator app',
  WRONG_RECOVERY_CODE: 'is not one of your unused recovery codes',
  MISSING_CODE: 'Enter the 6-digit code from your authenticator app',
  LOCKED: `Too many wrong codes: the second step is locked for ${TWO_FACTOR_LOCK_MINUTES} minutes`,
  CHALLENGE_EXPIRED: 'The sign-in took too long or had too many wrong codes: sign in again',
  NO_FACTOR: 'You have no authenticator app set up',
  HAS_FACTOR: 'Confirm with a code from your authenticator app, a recovery code or a passkey',
  ALREADY_ENABLED: 'Two-factor sign-in is already on',
  NOT_ENABLED: 'Two-factor sign-in is off',
  PASSWORD_OR_CODE: 'Give your password or a current code',
  PASSKEY_FAILED: 'The passkey could not be verified',
} as const;
