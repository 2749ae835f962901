import {
  EMAIL_MAX,
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  isValidPassword,
  PASSWORD_MESSAGE,
  USERNAME_MESSAGE,
  USERNAME_PATTERN,
} from './auth-rules';
import { z } from './zod';

export const usernameSchema = z.string().regex(USERNAME_PATTERN, { error: USERNAME_MESSAGE });
export const emailSchema = z
  .string()
  .max(EMAIL_MAX, { error: EMAIL_MESSAGE })
  .regex(EMAIL_PATTERN, { error: EMAIL_MESSAGE });
export const passwordSchema = z.string().refine(isValidPassword, { error: PASSWORD_MESSAGE });

export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** Whether Google sign-in is configured, and whether its provider can be reached right now. */
export const GOOGLE_SIGN_IN_STATUSES = ['off', 'available', 'unavailable'] as const;
export type GoogleSignInStatus = (typeof GOOGLE_SIGN_IN_STATUSES)[number];

/** Public settings the web needs before sign-in. `googleSignIn`: the button works right now. */
export const authConfigSchema = z.object({
  googleSignIn: z.boolean(),
  googleSignInStatus: z.enum(GOOGLE_SIGN_IN_STATUSES).optional(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
