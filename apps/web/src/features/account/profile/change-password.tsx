import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, type PasswordChange, passwordChangeSchema } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AlertError } from '../../../components/alert-error';
import { AlertSuccess } from '../../../components/alert-success';
import { BusyLabel } from '../../../components/busy-label';
import { ShopCard } from '../../../components/shop-card';
import { ApiError, errorText } from '../../../lib/api';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';

export const PASSWORD_CHANGED_MESSAGE = `${AUTH_MESSAGES.PASSWORD_CHANGED}. You stay signed in here.`;

const FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
] as const;

/** Change password: the current one and a new one that follows the sign-up rule. Other sessions end. */
export function ChangePassword() {
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const [show, setShow] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
    mode: 'onSubmit',
  });

  const onSubmit = async (input: PasswordChange) => {
    setDone(false);
    setFailure(null);
    try {
      await change.mutateAsync(input);
      reset();
      setDone(true);
      // The server gave this browser a fresh session: read it again.
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { name } of FIELDS) {
          const reason = error.fields[name];
          if (reason) setError(name, { type: 'server', message: reason });
        }
      }
      setFailure(`Your password was not changed: ${errorText(error)}`);
    }
  };

  return (
    <ShopCard headingId="password-heading" title="Change password" titleClassName="account-card__title">
      <p className="account-card__lead">Changing it signs you out everywhere else.</p>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="password-heading">
        {FIELDS.map(({ name, label, autoComplete }) => {
          const error = errors[name]?.message;
          return (
            <div key={name} className="mb-3">
              <label htmlFor={`password-${name}`} className="form-label">
                {label}
              </label>
              <input
                id={`password-${name}`}
                type={show ? 'text' : 'password'}
                className={`form-control${error ? ' is-invalid' : ''}`}
                autoComplete={autoComplete}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `password-${name}-error` : undefined}
                {...register(name)}
              />
              {error ? (
                <div id={`password-${name}-error`} className="invalid-feedback">
                  {error}
                </div>
              ) : null}
            </div>
          );
        })}
        <div className="form-check mb-3">
          <input
            id="password-show"
            type="checkbox"
            className="form-check-input"
            checked={show}
            onChange={(event) => setShow(event.target.checked)}
          />
          <label htmlFor="password-show" className="form-check-label">
            Show passwords
          </label>
        </div>
        <button type="submit" className="btn btn-dark" disabled={isSubmitting}>
          <BusyLabel busy={isSubmitting} text="Change password" busyText="Changing…" />
        </button>
      </form>
      {done ? (
        <AlertSuccess
          message={PASSWORD_CHANGED_MESSAGE}
          onClose={() => setDone(false)}
          className="mt-3 mb-0"
        />
      ) : null}
      {failure ? (
        <AlertError message={failure} onClose={() => setFailure(null)} className="mt-3 mb-0" />
      ) : null}
    </ShopCard>
  );
}
