import { type ProfileUpdate, SUCCESS_MESSAGE_MS, type UserDashboard } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, type UseFormSetError, type UseFormSetFocus, useForm } from 'react-hook-form';
import { ApiError, errorText } from '../../../lib/api';
import { dashboardQuery } from '../../../lib/dashboard';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { type ProfileSave, useUpdateProfile } from '../api/update-profile';
import {
  changedFieldsResolver,
  fieldMessage,
  formErrorsText,
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileValues,
  profileValues,
} from './profile-fields';

/** Where the last save happened: its message shows there. */
export type SavedWhere = 'picture' | 'form';

const isProfileField = (name: string): name is ProfileField =>
  (PROFILE_FIELDS as readonly string[]).includes(name);

/**
 * The profile form's state and actions: every field locked until unlocked, Save (only what changed),
 * Cancel (the stored profile read again), and 'Data successfully set!' for 5 seconds after a save of the
 * form or of the picture, after which the form resets to the stored profile.
 */
export function useProfileForm(uid: string, dashboard: UserDashboard) {
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

  const { editing, unlock, lockAll } = useFieldLocks(setFocus);
  const [formError, setFormError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const idle = useRef(true);
  idle.current = !isDirty && editing.size === 0;

  /** Back to the stored profile, every field locked. */
  const resetTo = useCallback(
    (values: ProfileValues) => {
      stored.current = values;
      reset(values);
      lockAll();
    },
    [reset, lockAll],
  );

  // Once the message goes, the form resets (unless a new edit has begun meanwhile).
  const onSavedMessageGone = useCallback(() => {
    if (!idle.current) return;
    const latest = queryClient.getQueryData<UserDashboard>(dashboardQuery(uid).queryKey);
    resetTo(latest ? profileValues(latest) : stored.current);
  }, [queryClient, uid, resetTo]);
  const savedMessage = useSavedMessage(onSavedMessageGone);

  const cancel = async () => {
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

  /** A change of address refused while entered in a draw: the reason, and the save to retry withdrawing. */
  const [entryConflict, setEntryConflict] = useState<{ message: string; changes: ProfileUpdate } | null>(
    null,
  );

  const save = async (changes: ProfileSave) => {
    setFormError(null);
    setEntryConflict(null);
    if (Object.keys(changes).length === 0) {
      resetTo(stored.current);
      return;
    }
    try {
      const saved = await update.mutateAsync(changes);
      // The menu shows the username from the session: read it again when the name changed.
      if (changes.username !== undefined) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      resetTo(profileValues(saved));
      savedMessage.announce('form');
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'DROP_ENTRY_ADDRESS')
        setEntryConflict({ message: failure.message, changes });
      else setFormError(refusalText(failure, setError));
    }
  };

  const onInvalid = (invalid: FieldErrors<ProfileValues>) => {
    setFormError(formErrorsText(PROFILE_FIELDS.filter((field) => invalid[field])));
  };

  return {
    register,
    errors,
    isDirty,
    isSubmitting,
    reloading,
    busy: isSubmitting || reloading,
    editing,
    unlock,
    cancel,
    submit: handleSubmit(save, onInvalid),
    formError,
    dismissFormError: () => setFormError(null),
    entryConflict: entryConflict?.message ?? null,
    /** Saves the refused change again, withdrawing the draw entries made from the old address. */
    withdrawAndSave: () => entryConflict && save({ ...entryConflict.changes, withdrawEntries: true }),
    keepAddress: () => setEntryConflict(null),
    savedMessage,
  };
}

/** Why a save failed: each field the shop refused is marked with its message, and the alert lists them. */
function refusalText(failure: unknown, setError: UseFormSetError<ProfileValues>): string {
  const refused =
    failure instanceof ApiError ? Object.keys(failure.fields).filter(isProfileField) : ([] as const);
  if (failure instanceof ApiError && refused.length > 0) {
    for (const field of refused)
      setError(field, { type: 'server', message: fieldMessage(field, failure.fields[field] ?? '') });
    return formErrorsText(refused);
  }
  return `Your profile was not saved: ${errorText(failure)}`;
}

/** Which fields are unlocked: the pencil unlocks a field and puts the cursor in it. */
function useFieldLocks(setFocus: UseFormSetFocus<ProfileValues>) {
  const [editing, setEditing] = useState<ReadonlySet<ProfileField>>(new Set());
  const [focusField, setFocusField] = useState<ProfileField | null>(null);

  useEffect(() => {
    if (!focusField) return;
    setFocus(focusField);
    setFocusField(null);
  }, [focusField, setFocus]);

  const unlock = (field: ProfileField) => {
    setEditing((current) => new Set(current).add(field));
    setFocusField(field);
  };
  const lockAll = useCallback(() => setEditing(new Set()), []);

  return { editing, unlock, lockAll };
}

/**
 * 'Data successfully set!' for 5 seconds, where the save happened (the form's message takes the focus),
 * then `onGone`.
 */
function useSavedMessage(onGone: () => void) {
  const [savedAt, setSavedAt] = useState(0);
  const [savedWhere, setSavedWhere] = useState<SavedWhere>('form');
  const formMessageRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!savedAt) return;
    if (savedWhere === 'form') formMessageRef.current?.focus();
    const timer = window.setTimeout(() => {
      setSavedAt(0);
      onGone();
    }, SUCCESS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [savedAt, savedWhere, onGone]);

  const announce = useCallback((where: SavedWhere) => {
    setSavedWhere(where);
    setSavedAt(Date.now());
  }, []);

  return { savedAt, savedWhere, formMessageRef, announce, dismiss: () => setSavedAt(0) };
}
