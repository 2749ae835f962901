import { AUTH_MESSAGES, GOOGLE_ERROR_MESSAGES } from '@shop/contracts';
import { ApiError } from '../../lib/api';

/**
 * The text for the red alert. Field errors from the server are the spec's messages; an e-mail and a
 * password both missing read 'Introduce an email and password'.
 */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) {
    return error instanceof Error && error.message ? error.message : 'Something went wrong, please try again';
  }
  const fields = error.fields;
  if (error.code === 'VALIDATION_ERROR' && Object.keys(fields).length > 0) {
    if (fields.email === AUTH_MESSAGES.MISSING_EMAIL && fields.password === AUTH_MESSAGES.MISSING_PASSWORD)
      return AUTH_MESSAGES.MISSING_EMAIL_AND_PASSWORD;
    return [...new Set(Object.values(fields))].join('. ');
  }
  return (
    error.message ||
    (error.status === 429 ? AUTH_MESSAGES.TOO_MANY_REQUESTS : 'Something went wrong, please try again')
  );
}

/**
 * The text for `/login?error=...` (Google sign-in came back with an error): our text for the shop's own
 * codes; otherwise the raw code, as the spec shows it, followed by what to do when the code is a known one.
 */
export function googleErrorMessage(params: URLSearchParams): string | null {
  const code = params.get('error');
  if (!code) return null;
  if (Object.hasOwn(AUTH_MESSAGES, code)) return AUTH_MESSAGES[code as keyof typeof AUTH_MESSAGES];
  const description = params.get('error_description');
  const raw = `Login with Google failed: ${description ? `${description} (${code})` : code}`;
  return Object.hasOwn(GOOGLE_ERROR_MESSAGES, code) ? `${raw}. ${GOOGLE_ERROR_MESSAGES[code]}` : raw;
}
