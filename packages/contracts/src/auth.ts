import { z } from 'zod';
import {
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  isValidPassword,
  PASSWORD_MESSAGE,
  USERNAME_MESSAGE,
  USERNAME_PATTERN,
} from './auth-rules';

export const usernameSchema = z.string().regex(USERNAME_PATTERN, { error: USERNAME_MESSAGE });
export const emailSchema = z.string().regex(EMAIL_PATTERN, { error: EMAIL_MESSAGE });
export const passwordSchema = z.string().refine(isValidPassword, { error: PASSWORD_MESSAGE });

export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** Public settings the web needs before sign-in. */
export const authConfigSchema = z.object({ googleSignIn: z.boolean() });
export type AuthConfig = z.infer<typeof authConfigSchema>;
