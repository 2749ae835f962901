import { SUCCESS_MESSAGE_MS, type UserDashboard, usesPostalCodes } from '@shop/contracts';
import { type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { AlertError } from '../../components/alert-error';
import { AlertSuccess } from '../../components/alert-success';
import { ReadOnlyEmail } from '../../components/readonly-email';
import { ShopCard } from '../../components/shop-card';
import type { SessionUser } from '../../lib/session';
import { AVATAR_MAX_BYTES, uploadAvatar } from './checkout-api';
import { PROFILE_FIELDS, PROFILE_LABELS, type ProfileField, profileValues } from './profile-form';
import type { CheckoutState } from './use-checkout';

export const SAVED_MESSAGE = 'Data successfully set!';

interface CheckoutDetailsProps {
  checkout: CheckoutState;
  user: SessionUser;
  dashboard: UserDashboard;
}

/** The buyer's details: picture, e-mail (read only), the address fields, and Save or Cancel when changed. */
export function CheckoutDetails({ checkout, user, dashboard }: CheckoutDetailsProps) {
  const { form, values, complete, busy, phase, uploading, setUploading, saved, saveError, clearSaveError } =
    checkout;
  const {
    formState: { errors, isDirty },
  } = form;
  return (
    <ShopCard headingId="checkout-details-heading" title="Your details" titleClassName="checkout-card__title">
      <p className="small text-muted">We ship your order to this address.</p>

      <AvatarField
        image={values.image ?? ''}
        username={dashboard.username || user.username}
        disabled={busy}
        onUploading={setUploading}
        onUploaded={(url) => form.setValue('image', url, { shouldDirty: true })}
      />

      <div className="row g-3">
        <div className="col-12">
          <ReadOnlyEmail
            id="checkout-email"
            email={dashboard.email || user.email}
            hint="Your receipt goes here. It cannot be changed at checkout."
          />
        </div>
        {PROFILE_FIELDS.map((field) => (
          <div key={field} className={field === 'address' ? 'col-12' : 'col-12 col-sm-6'}>
            <label htmlFor={`checkout-${field}`} className="form-label">
              {PROFILE_LABELS[field]}
              {field === 'postalCode' && !usesPostalCodes(values.country ?? '') && (
                <span className="text-muted fw-normal"> (optional: not used there)</span>
              )}
            </label>
            <input
              id={`checkout-${field}`}
              className={`form-control${errors[field] ? ' is-invalid' : ''}`}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `checkout-${field}-error` : undefined}
              disabled={busy}
              {...FIELD_INPUT_PROPS[field]}
              {...form.register(field)}
            />
            {errors[field] && (
              <div id={`checkout-${field}-error`} className="invalid-feedback">
                {errors[field]?.message}
              </div>
            )}
          </div>
        ))}
      </div>

      <div className="checkout-card__actions" aria-live="polite">
        {isDirty && (
          <>
            <button type="submit" className="btn btn-dark" disabled={busy || uploading}>
              {phase === 'saving' ? 'Saving…' : 'Save details'}
            </button>
            <button
              type="button"
              className="btn btn-link link-dark"
              disabled={busy}
              onClick={() => form.reset(profileValues(dashboard))}
            >
              Cancel
            </button>
          </>
        )}
        {!isDirty && complete && <span className="small text-success fw-semibold">✓ Details saved</span>}
      </div>
      {saved > 0 && (
        <AlertSuccess
          key={saved}
          message={SAVED_MESSAGE}
          autoHideMs={SUCCESS_MESSAGE_MS}
          className="mt-3 mb-0"
        />
      )}
      {saveError && <AlertError message={saveError} onClose={clearSaveError} className="mt-3 mb-0" />}
    </ShopCard>
  );
}

const FIELD_INPUT_PROPS: Record<ProfileField, { autoComplete: string; inputMode?: 'tel'; type?: string }> = {
  fullName: { autoComplete: 'name' },
  postalCode: { autoComplete: 'postal-code' },
  phone: { autoComplete: 'tel', inputMode: 'tel', type: 'tel' },
  address: { autoComplete: 'street-address' },
  city: { autoComplete: 'address-level2' },
  state: { autoComplete: 'address-level1' },
  country: { autoComplete: 'country-name' },
};

interface AvatarFieldProps {
  image: string;
  username: string;
  disabled: boolean;
  onUploading: (uploading: boolean) => void;
  onUploaded: (url: string) => void;
}

/** The profile picture: a preview at once, uploaded straight away; its address is saved with the profile. */
function AvatarField({ image, username, disabled, onUploading, onUploaded }: AvatarFieldProps) {
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);

  const showPreview = useCallback((url: string | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = url;
    setPreview(url);
  }, []);
  useEffect(() => () => showPreview(null), [showPreview]);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) {
      setError('Choose a picture (JPEG, PNG, WebP or GIF).');
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError('The picture must be 5 MB or smaller.');
      return;
    }
    showPreview(URL.createObjectURL(file));
    setUploading(true);
    onUploading(true);
    try {
      onUploaded(await uploadAvatar(file));
    } catch (uploadError) {
      showPreview(null);
      setError(uploadError instanceof Error ? uploadError.message : 'The upload failed');
    } finally {
      setUploading(false);
      onUploading(false);
    }
  };

  const shown = preview ?? image;
  const initial = (username || '?').charAt(0).toUpperCase();
  return (
    <div className="checkout-avatar">
      <div className="checkout-avatar__picture">
        {shown ? <img src={shown} alt="Your avatar" /> : <span aria-hidden="true">{initial}</span>}
        {uploading && (
          <span className="checkout-avatar__busy">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          </span>
        )}
      </div>
      <div className="min-w-0">
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="visually-hidden checkout-avatar__input"
          disabled={disabled || uploading}
          onChange={onChange}
          aria-describedby={`${inputId}-hint`}
        />
        <label htmlFor={inputId} className={`btn btn-outline-dark btn-sm${disabled ? ' disabled' : ''}`}>
          {shown ? 'Change picture' : 'Upload a picture'}
        </label>
        <div id={`${inputId}-hint`} className="form-text" aria-live="polite">
          {uploading ? (
            'Uploading…'
          ) : error ? (
            <span className="text-danger">{error}</span>
          ) : (
            'Optional. Up to 5 MB.'
          )}
        </div>
      </div>
    </div>
  );
}
