/** Account rules and their texts, free of zod so any page can import them cheaply. */

/** Register rules and their messages (spec section 5). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{4,16}$/;
export const USERNAME_MESSAGE =
  'UserName invalid, It must have minimum 4 letters and maximum 16 letters, numbers, hyphens and underscores';
/** A standard lowercase e-mail address. */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;
/** The longest address mail can carry (RFC 5321). */
export const EMAIL_MAX = 254;
export const EMAIL_MESSAGE = 'error, special characters are invalid, need @ or . or .com/ar/es etc';
/**
 * The shape the login asks of an address before it looks it up: a name, an @ and a domain with a dot. Looser
 * than the register pattern, so an account whose address came from elsewhere (Google, the settings) still
 * gets in; what fails it is answered AUTH_MESSAGES.INVALID_EMAIL, never the register's message.
 */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
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
  /** The login's answer to an address that is not one (spec section 8, login: invalid-email). */
  INVALID_EMAIL: 'Introduce an email',
  MISSING_PASSWORD: 'Introduce a password',
  WRONG_PASSWORD: 'Wrong Password',
  USER_NOT_FOUND: 'This email is no registered',
  ACCOUNT_SUSPENDED: 'This account is suspended. Contact the shop if you think this is a mistake.',
  EMAIL_NOT_VERIFIED: 'This user isnt verified yet',
  TOO_MANY_REQUESTS: 'Too many requestes, try it later',
  VERIFICATION_SENT: 'Please check your email and follow the steps',
  RESET_SENT: 'Check your inbox email and follow the instructions',
  INVALID_RESET_TOKEN: 'This password reset link is invalid or has expired. Ask for a new one.',
  INVALID_VERIFICATION_TOKEN:
    'This verification link is invalid or has expired. Log in and send the verification e-mail again.',
  GOOGLE_UNAVAILABLE: 'Google sign-in is unavailable right now, please log in with your e-mail and password',
  NO_PASSWORD:
    'This account signs in with Google and has no password to change. To set one, log out and use Forgot Password.',
  PASSWORD_CHANGED: 'Your password was changed, and every other session of your account has ended',
} as const;

const GOOGLE_TRY_AGAIN = 'The Google sign-in took too long or was started in another tab. Please try again.';
const GOOGLE_NOT_COMPLETED = 'Google sign-in could not be completed. Please try again.';

/**
 * What to do after Google sign-in came back with one of these codes (`/login?error=<code>`). The login page
 * shows the raw code too, as the spec asks; a code not listed here is shown alone.
 */
export const GOOGLE_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  account_not_linked:
    'This e-mail already has an account. Log in with your password, or verify your e-mail first, then Google sign-in will be linked.',
  access_denied: 'Google sign-in was cancelled. Try again, or log in with your e-mail and password.',
  email_not_found:
    'Your Google account did not share an e-mail address, so no account could be opened with it.',
  email_not_verified: 'Google has not verified the e-mail of this Google account yet.',
  state_not_found: GOOGLE_TRY_AGAIN,
  state_mismatch: GOOGLE_TRY_AGAIN,
  please_restart_the_process: GOOGLE_TRY_AGAIN,
  invalid_code: GOOGLE_NOT_COMPLETED,
  unable_to_get_user_info: GOOGLE_NOT_COMPLETED,
  unable_to_link_account: 'Your Google account could not be linked to this account. Please try again.',
  oauth_provider_not_found: AUTH_MESSAGES.GOOGLE_UNAVAILABLE,
};
