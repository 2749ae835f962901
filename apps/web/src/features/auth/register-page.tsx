import {
  AUTH_MESSAGES,
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  isValidPassword,
  MARKETING_QUESTION,
  PASSWORD_MESSAGE,
  USERNAME_MESSAGE,
  USERNAME_PATTERN,
} from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { ApiError, api } from '../../lib/api';
import { type SignUpInput, safeRedirect, signUp } from './auth-api';
import { authErrorMessage } from './auth-errors';
import { AuthCard, EmailField, NewPasswordField, SubmitButton, TextField } from './auth-ui';

/** The register rules (spec section 5) with the spec's messages; an empty e-mail or password says so. */
export const registerRules = {
  username: (value: string) => USERNAME_PATTERN.test(value) || USERNAME_MESSAGE,
  email: (value: string) =>
    value === '' ? AUTH_MESSAGES.MISSING_EMAIL : EMAIL_PATTERN.test(value) || EMAIL_MESSAGE,
  password: (value: string) =>
    value === '' ? AUTH_MESSAGES.MISSING_PASSWORD : isValidPassword(value) || PASSWORD_MESSAGE,
};

const FIELDS = ['username', 'email', 'password'] as const;

/** The form: the account's fields, and the marketing question (unticked until the person ticks it). */
type RegisterValues = SignUpInput & { marketing: boolean };

/**
 * The new account's answer to the marketing question, recorded as given at sign-up. The account exists by
 * then: a failure here leaves it not asked, which the profile asks again, and does not stop the sign-up.
 */
async function recordConsent(userId: string): Promise<void> {
  try {
    await api.put(`/users/update/${encodeURIComponent(userId)}`, {
      marketing: 'subscribed',
      marketingSource: 'sign-up',
    });
  } catch {
    // Asked again in the profile.
  }
}

/** /register: username, e-mail and password, checked as they are typed; Register hides while an error shows. */
export function RegisterPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Where a sign-up was asked for (an invitation's page) takes the new account back there.
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirect'), '');
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    mode: 'onChange',
    defaultValues: { username: '', email: '', password: '', marketing: false },
  });

  const onSubmit: SubmitHandler<RegisterValues> = async ({ marketing, ...values }) => {
    setServerError(null);
    try {
      const { user } = await signUp(queryClient, values);
      if (marketing) await recordConsent(user.id);
      await navigate(redirectTo || (user.emailVerified ? '/' : '/verify-email'));
    } catch (error) {
      setServerError(authErrorMessage(error));
      if (error instanceof ApiError) {
        const first = FIELDS.find((field) => error.fields[field]);
        for (const field of FIELDS) {
          const message = error.fields[field];
          if (message) setError(field, { type: 'server', message });
        }
        if (first) setFocus(first);
      }
    }
  };

  const hasErrors = FIELDS.some((field) => errors[field]);
  // Registered in form order, so a failed submit focuses the first field in error.
  const username = register('username', { validate: registerRules.username });
  const email = register('email', { validate: registerRules.email });
  const password = register('password', { validate: registerRules.password });

  return (
    <AuthCard
      title="Register"
      lead="Create your account to keep a cart, save favourites and check out."
      footer={
        <>
          Already have an account? <Link to="/login">Login</Link>
          <span className="mx-2 text-muted" aria-hidden="true">
            ·
          </span>
          <Link to="/">Home</Link>
        </>
      }
    >
      {serverError ? <AlertError message={serverError} onClose={() => setServerError(null)} /> : null}
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={16}
          required
          error={errors.username?.message}
          hint="4 to 16 letters, numbers, hyphens or underscores."
          {...username}
        />
        <EmailField error={errors.email?.message} {...email} />
        <NewPasswordField
          label="Password"
          error={errors.password?.message}
          hint="At least 8 characters, with a letter, a number and a symbol."
          {...password}
        />
        <div className="form-check mt-3">
          <input
            id="register-marketing"
            type="checkbox"
            className="form-check-input"
            {...register('marketing')}
          />
          <label htmlFor="register-marketing" className="form-check-label">
            {MARKETING_QUESTION}
          </label>
          <div className="form-text">Optional. Every such e-mail has a one-click unsubscribe.</div>
        </div>
        {hasErrors ? (
          <p className="text-muted small mb-0 mt-4">Fix the fields marked in red to register.</p>
        ) : (
          <div className="mt-4">
            <SubmitButton busy={isSubmitting}>Register</SubmitButton>
          </div>
        )}
      </form>
    </AuthCard>
  );
}
