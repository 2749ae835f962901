import {
  ADMIN_PROFILE_FORMAT_MESSAGES,
  PROFILE_FORMAT_MESSAGES,
  type ProfileUpdate,
  SUCCESS_MESSAGE_MS,
  type UserDashboard,
} from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { AlertError } from '../../../components/alert-error';
import { AlertSuccess } from '../../../components/alert-success';
import { ApiError, errorText } from '../../../lib/api';
import { dashboardQuery } from '../../../lib/dashboard';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { useUpdateProfile } from '../api/update-profile';
import { PencilIcon } from '../components/pencil-icon';
import { AvatarUpload } from './avatar-upload';
import {
  changedFieldsResolver,
  fieldAutoComplete,
  fieldLabel,
  fieldMessage,
  formErrorsText,
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileValues,
  profileValues,
} from './profile-fields';

export const SAVED_MESSAGE = 'Data successfully set!';

const isProfileField = (name: string): name is ProfileField =>
  (PROFILE_FIELDS as readonly string[]).includes(name);

/** The staff's form words its messages 'Nesesita', the shoppers' 'Necesita' (spec section 5). */
function variantMessage(field: ProfileField, message: string, variant: ProfileVariant): string {
  if (variant === 'user') return message;
  const known = field in PROFILE_FORMAT_MESSAGES;
  const key = field as keyof typeof PROFILE_FORMAT_MESSAGES;
  return known && message === PROFILE_FORMAT_MESSAGES[key] ? ADMIN_PROFILE_FORMAT_MESSAGES[key] : message;
}

export type ProfileVariant = 'user' | 'admin';

/**
 * What a field is for, under it. The username is the same for staff and shoppers (decision 26): the
 * sign-up rule, since it is the account's unique name wherever the shop shows it.
 */
export const FIELD_HINTS: Partial<Record<ProfileField, string>> = {
  username: 'Shown on your reviews and orders: 4 to 16 letters, numbers, - or _, no spaces.',
};

/**
 * The editable profile (spec section 4): every field locked until its pencil is pressed; Save shows once
 * something changed; Cancel reads the stored profile again. After a save 'Data successfully set!' shows
 * for 5 seconds, then the form resets to the stored profile.
 */
export function ProfileForm({
  uid,
  dashboard,
  variant = 'user',
}: {
  uid: string;
  dashboard: UserDashboard;
  variant?: ProfileVariant;
}) {
  const queryClient = useQueryClient();
  const update = useUpdateProfile(uid);
  const stored = useRef<ProfileValues>(profileValues(dashboard));
  const resolver = useMemo(() => changedFieldsResolver(() => stored.current), []);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    clearErrors,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ProfileValues, unknown, ProfileUpdate>({
    defaultValues: stored.current,
    resolver,
    // Checked on Save (then as the user corrects): a message appearing on blur would move Save from under the pointer.
    mode: 'onSubmit',
  });

  const [editing, setEditing] = useState<ReadonlySet<ProfileField>>(new Set());
  const [focusField, setFocusField] = useState<ProfileField | null>(null);
  const [savedAt, setSavedAt] = useState(0);
  /** Where the last save happened: its message shows there. */
  const [savedWhere, setSavedWhere] = useState<'picture' | 'form'>('form');
  const [formError, setFormError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const successRef = useRef<HTMLDivElement>(null);
  const idle = useRef(true);
  idle.current = !isDirty && editing.size === 0;

  // The pencil unlocks the field and puts the cursor in it.
  useEffect(() => {
    if (!focusField) return;
    setFocus(focusField);
    setFocusField(null);
  }, [focusField, setFocus]);

  /** Back to the stored profile, every field locked. */
  const resetTo = useCallback(
    (values: ProfileValues) => {
      stored.current = values;
      reset(values);
      setEditing(new Set());
    },
    [reset],
  );

  // 'Data successfully set!' for 5 seconds, then the form resets (unless a new edit has begun meanwhile).
  useEffect(() => {
    if (!savedAt) return;
    if (savedWhere === 'form') successRef.current?.focus();
    const timer = window.setTimeout(() => {
      setSavedAt(0);
      if (!idle.current) return;
      const latest = queryClient.getQueryData<UserDashboard>(dashboardQuery(uid).queryKey);
      resetTo(latest ? profileValues(latest) : stored.current);
    }, SUCCESS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [savedAt, savedWhere, queryClient, uid, resetTo]);

  const announcePicture = useCallback(() => {
    setSavedWhere('picture');
    setSavedAt(Date.now());
  }, []);

  const savedAlert = savedAt ? (
    <AlertSuccess key={savedAt} message={SAVED_MESSAGE} onClose={() => setSavedAt(0)} className="mt-3 mb-0" />
  ) : null;

  const unlock = (field: ProfileField) => {
    setEditing((current) => new Set(current).add(field));
    setFocusField(field);
  };

  const onCancel = async () => {
    setFormError(null);
    clearErrors();
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...dashboardQuery(uid), staleTime: 0 });
      resetTo(profileValues(fresh));
    } catch (failure) {
      resetTo(stored.current);
      setFormError(`We could not reload your profile: ${errorText(failure)}`);
    } finally {
      setReloading(false);
    }
  };

  const onSave = async (changes: ProfileUpdate) => {
    setFormError(null);
    if (Object.keys(changes).length === 0) {
      resetTo(stored.current);
      return;
    }
    try {
      const saved = await update.mutateAsync(changes);
      // The menu shows the username from the session: read it again when the name changed.
      if (changes.username !== undefined) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      resetTo(profileValues(saved));
      setSavedWhere('form');
      setSavedAt(Date.now());
    } catch (failure) {
      const refused =
        failure instanceof ApiError ? Object.keys(failure.fields).filter(isProfileField) : ([] as const);
      if (failure instanceof ApiError && refused.length > 0) {
        for (const field of refused)
          setError(field, { type: 'server', message: fieldMessage(field, failure.fields[field] ?? '') });
        setFormError(formErrorsText(refused));
        return;
      }
      setFormError(`Your profile was not saved: ${errorText(failure)}`);
    }
  };

  const onInvalid = (invalid: FieldErrors<ProfileValues>) => {
    setFormError(formErrorsText(PROFILE_FIELDS.filter((field) => invalid[field])));
  };

  const busy = isSubmitting || reloading;

  return (
    <section className="account-card" aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="account-card__title">
        Your profile
      </h2>
      <p className="account-card__lead">Press the pencil beside a field to change it.</p>

      <AvatarUpload
        uid={uid}
        dashboard={dashboard}
        onSaved={announcePicture}
        message={savedWhere === 'picture' ? savedAlert : null}
      />

      <form noValidate onSubmit={handleSubmit(onSave, onInvalid)} aria-labelledby="profile-heading">
        <div className="row g-3">
          <div className="col-12">
            <label htmlFor="profile-email" className="form-label">
              E-mail
            </label>
            <input
              id="profile-email"
              type="email"
              className="form-control"
              value={dashboard.email}
              readOnly
              aria-describedby="profile-email-hint"
            />
            <div id="profile-email-hint" className="form-text">
              Your e-mail signs you in and cannot be changed here.
            </div>
          </div>
          {PROFILE_FIELDS.map((field) => {
            const locked = !editing.has(field);
            const error = errors[field]?.message;
            const label = fieldLabel(field);
            const hint = FIELD_HINTS[field];
            const describedBy = [hint ? `profile-${field}-hint` : '', error ? `profile-${field}-error` : '']
              .filter(Boolean)
              .join(' ');
            return (
              <div key={field} className={field === 'address' ? 'col-12' : 'col-12 col-sm-6'}>
                <label htmlFor={`profile-${field}`} className="form-label">
                  {label}
                </label>
                <div className={`account-field${locked ? ' is-locked' : ''}`}>
                  <input
                    id={`profile-${field}`}
                    className={`form-control${error ? ' is-invalid' : ''}`}
                    readOnly={locked || busy}
                    autoComplete={fieldAutoComplete(field)}
                    type={field === 'phone' ? 'tel' : 'text'}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy || undefined}
                    {...register(field)}
                  />
                  <button
                    type="button"
                    className="account-field__edit"
                    aria-label={`Edit ${label}`}
                    aria-pressed={!locked}
                    disabled={busy || !locked}
                    onClick={() => unlock(field)}
                  >
                    <PencilIcon />
                  </button>
                </div>
                {hint ? (
                  <div id={`profile-${field}-hint`} className="form-text">
                    {hint}
                  </div>
                ) : null}
                {error ? (
                  <div id={`profile-${field}-error`} className="invalid-feedback d-block">
                    {fieldMessage(field, variantMessage(field, error, variant))}
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>

        <div className="account-card__actions">
          {isDirty ? (
            <button type="submit" className="btn btn-dark" disabled={busy}>
              {isSubmitting ? (
                <>
                  <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                  Saving…
                </>
              ) : (
                'Save'
              )}
            </button>
          ) : null}
          {isDirty || editing.size > 0 ? (
            <button type="button" className="btn btn-outline-dark" disabled={busy} onClick={onCancel}>
              {reloading ? 'Reloading…' : 'Cancel'}
            </button>
          ) : null}
        </div>
      </form>

      <div ref={successRef} tabIndex={-1} className="account-card__alerts">
        {savedWhere === 'form' ? savedAlert : null}
      </div>
      {formError ? (
        <AlertError message={formError} onClose={() => setFormError(null)} className="mt-3 mb-0" />
      ) : null}
    </section>
  );
}
