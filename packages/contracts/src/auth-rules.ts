/** Account rules and their texts, free of zod so any page can import them cheaply. */

/** Register rules and their messages (spec section 5). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{4,16}$/;
export const USERNAME_MESSAGE =
  'UserName invalid, It must have minimum 4 letters and maximum 16 letters, numbers, hyphens and underscores';
/** A standard lowercase e-mail address. */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;
export const EMAIL_MESSAGE = 'error, special characters are invalid, need @ or . or .com/ar/es etc';
/** The register message promises 8 characters with a letter, a digit and a symbol: that is the rule. */
export const PASSWORD_MESSAGE = 'Password invalid, It must have 8 letters, 1 number and 1 character';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

/**
 * Error codes the account endpoints answer, and the spec's texts for them (section 8). The server sends
 * these messages; the web shows them in the red alert.
 */
export const AUTH_MESSAGES = {
  EMAIL_IN_USE: 'This email is already in use, please use another',
  USERNAME_TAKEN: 'This username is already taken, please use another',
  MISSING_EMAIL_AND_PASSWORD: 'Introduce an email and password',
  MISSING_EMAIL: 'Introduce an email',
  MISSING_PASSWORD: 'Introduce a password',
  WRONG_PASSWORD: 'Wrong Password',
  USER_NOT_FOUND: 'This email is no registered',
  ACCOUNT_SUSPENDED: 'This account is suspended. Contact the shop if you think this is a mistake.',
  EMAIL_NOT_VERIFIED: 'This user isnt verified yet',
  TOO_MANY_REQUESTS: 'Too many requestes, try it later',
  VERIFICATION_SENT: 'Please check your email and follow the steps',
  RESET_SENT: 'Check your inbox email and follow the instructions',
  INVALID_RESET_TOKEN: 'This password reset link is invalid or has expired. Ask for a new one.',
} as const;
