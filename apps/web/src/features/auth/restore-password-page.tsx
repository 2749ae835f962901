import { AUTH_MESSAGES, EMAIL_MESSAGE, isValidPassword, PASSWORD_MESSAGE } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { AlertSuccess } from '../../components/alert-success';
import { ApiError } from '../../lib/api';
import { requestPasswordReset, resetPassword } from './auth-api';
import { authErrorMessage } from './auth-errors';
import { AskAndLink, AuthCard, EmailField, NewPasswordField, SubmitButton } from './auth-ui';

export const PASSWORDS_DIFFER_MESSAGE = 'The passwords do not match';
export const PASSWORD_CHANGED_MESSAGE = 'Your password was changed. Log in with your new password.';

/**
 * /restore-password: without a token, asks for the e-mail and sends the reset link; with `?token=` (the
 * e-mailed link), chooses the new password; with `?error=` (a bad link), says so and offers to ask again.
 */
export function RestorePasswordPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error') ? AUTH_MESSAGES.INVALID_RESET_TOKEN : null;
  const [tokenRefused, setTokenRefused] = useState<string | null>(null);

  if (token && !tokenRefused)
    return (
      <NewPasswordForm
        token={token}
        onInvalidToken={(message) => {
          setTokenRefused(message);
          setParams({}, { replace: true });
        }}
      />
    );
  return <RequestResetForm initialError={tokenRefused ?? linkError} />;
}

function RequestResetForm({ initialError }: { initialError: string | null }) {
  const [error, setError] = useState<string | null>(initialError);
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const onSubmit: SubmitHandler<{ email: string }> = async ({ email }) => {
    setError(null);
    setSent(false);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (failure) {
      setError(authErrorMessage(failure));
    }
  };

  const email = register('email', {
    validate: (value) =>
      value.trim() === ''
        ? AUTH_MESSAGES.MISSING_EMAIL
        : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) || EMAIL_MESSAGE,
  });

  return (
    <AuthCard
      title="Restore password"
      lead="Enter the e-mail of your account and we will send you a link to choose a new password."
      footer={<AskAndLink question="Remembered it?" to="/login" link="Back to Login" />}
    >
      {error ? <AlertError message={error} onClose={() => setError(null)} /> : null}
      {sent ? <AlertSuccess message={AUTH_MESSAGES.RESET_SENT} onClose={() => setSent(false)} /> : null}
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <EmailField error={errors.email?.message} {...email} />
        <div className="mt-4">
          <SubmitButton busy={isSubmitting}>Send Restore Password Email</SubmitButton>
        </div>
      </form>
    </AuthCard>
  );
}

interface NewPasswordValues {
  password: string;
  confirm: string;
}

function NewPasswordForm({
  token,
  onInvalidToken,
}: {
  token: string;
  onInvalidToken: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    getFieldState,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({ mode: 'onChange', defaultValues: { password: '', confirm: '' } });

  const onSubmit: SubmitHandler<NewPasswordValues> = async ({ password }) => {
    setError(null);
    try {
      await resetPassword(queryClient, { token, newPassword: password });
      setDone(true);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'INVALID_TOKEN') {
        onInvalidToken(failure.message || AUTH_MESSAGES.INVALID_RESET_TOKEN);
        return;
      }
      if (failure instanceof ApiError && failure.fields.newPassword)
        setFieldError(
          'password',
          { type: 'server', message: failure.fields.newPassword },
          { shouldFocus: true },
        );
      setError(authErrorMessage(failure));
    }
  };

  if (done)
    return (
      <AuthCard title="Restore password">
        <AlertSuccess message={PASSWORD_CHANGED_MESSAGE} dismissible={false} />
        <Link to="/login" className="btn btn-dark btn-lg w-100 auth-submit">
          Login
        </Link>
      </AuthCard>
    );

  return (
    <AuthCard
      title="Choose a new password"
      lead="Choose the new password for your account. You will log in with it afterwards."
      footer={<Link to="/login">Back to Login</Link>}
    >
      {error ? <AlertError message={error} onClose={() => setError(null)} /> : null}
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <NewPasswordField
          label="New password"
          error={errors.password?.message}
          hint="At least 8 characters, with a letter, a number and a symbol."
          {...register('password', {
            validate: (value) =>
              value === '' ? AUTH_MESSAGES.MISSING_PASSWORD : isValidPassword(value) || PASSWORD_MESSAGE,
            // Once the confirmation has been typed, it is checked again whenever the password changes.
            onChange: () => {
              if (getFieldState('confirm').isDirty) void trigger('confirm');
            },
          })}
        />
        <NewPasswordField
          label="Confirm new password"
          error={errors.confirm?.message}
          {...register('confirm', {
            validate: (value, values) =>
              value === values.password ||
              (value === '' ? 'Repeat the new password' : PASSWORDS_DIFFER_MESSAGE),
          })}
        />
        <div className="mt-4">
          <SubmitButton busy={isSubmitting}>Change password</SubmitButton>
        </div>
      </form>
    </AuthCard>
  );
}
