import { ADMIN_PROFILE_FORMAT_MESSAGES, PROFILE_FORMAT_MESSAGES } from '@shop/contracts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PencilIcon } from '../../../components/icons';
import { fieldAutoComplete, fieldLabel, fieldMessage, type ProfileField } from './profile-fields';

export type ProfileVariant = 'user' | 'admin';

/**
 * What a field is for, under it. The username is the same for staff and shoppers (decision 26): the
 * sign-up rule, since it is the account's unique name wherever the shop shows it.
 */
export const FIELD_HINTS: Partial<Record<ProfileField, string>> = {
  username: 'Shown on your reviews and orders: 4 to 16 letters, numbers, - or _, no spaces.',
};

/** The staff's form words its messages 'Nesesita', the shoppers' 'Necesita' (spec section 5). */
function variantMessage(field: ProfileField, message: string, variant: ProfileVariant): string {
  if (variant === 'user') return message;
  const known = field in PROFILE_FORMAT_MESSAGES;
  const key = field as keyof typeof PROFILE_FORMAT_MESSAGES;
  return known && message === PROFILE_FORMAT_MESSAGES[key] ? ADMIN_PROFILE_FORMAT_MESSAGES[key] : message;
}

interface ProfileFieldRowProps {
  field: ProfileField;
  /** The field's react-hook-form registration (name, ref and change handlers). */
  registration: UseFormRegisterReturn<ProfileField>;
  /** Locked until its pencil is pressed. */
  locked: boolean;
  /** A save or a reload is under way: nothing can be typed or unlocked. */
  busy: boolean;
  error: string | undefined;
  variant: ProfileVariant;
  onUnlock: (field: ProfileField) => void;
}

/** One profile field: its label, the input with its pencil, its hint and its error. */
export function ProfileFieldRow({
  field,
  registration,
  locked,
  busy,
  error,
  variant,
  onUnlock,
}: ProfileFieldRowProps) {
  const label = fieldLabel(field);
  const hint = FIELD_HINTS[field];
  const describedBy = [hint ? `profile-${field}-hint` : '', error ? `profile-${field}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={field === 'address' ? 'col-12' : 'col-12 col-sm-6'}>
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
          {...registration}
        />
        <button
          type="button"
          className="account-field__edit"
          aria-label={`Edit ${label}`}
          aria-pressed={!locked}
          disabled={busy || !locked}
          onClick={() => onUnlock(field)}
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
}
