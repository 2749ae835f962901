import type { UserDashboard } from '@shop/contracts';
import { AlertError } from '../../../components/alert-error';
import { AlertSuccess } from '../../../components/alert-success';
import { BusyLabel } from '../../../components/busy-label';
import { ReadOnlyEmail } from '../../../components/readonly-email';
import { ShopCard } from '../../../components/shop-card';
import { AvatarUpload } from './avatar-upload';
import { ProfileFieldRow, type ProfileVariant } from './profile-field-row';
import { PROFILE_FIELDS } from './profile-fields';
import { useProfileForm } from './use-profile-form';

export { FIELD_HINTS, type ProfileVariant } from './profile-field-row';

export const SAVED_MESSAGE = 'Data successfully set!';

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
  const profile = useProfileForm(uid, dashboard);
  const { savedAt, savedWhere, formMessageRef, announce, dismiss } = profile.savedMessage;

  const savedAlert = savedAt ? (
    <AlertSuccess key={savedAt} message={SAVED_MESSAGE} onClose={dismiss} className="mt-3 mb-0" />
  ) : null;

  return (
    <ShopCard headingId="profile-heading" title="Your profile" titleClassName="account-card__title">
      <p className="account-card__lead">Press the pencil beside a field to change it.</p>

      <AvatarUpload
        uid={uid}
        dashboard={dashboard}
        onSaved={() => announce('picture')}
        message={savedWhere === 'picture' ? savedAlert : null}
      />

      <form noValidate onSubmit={profile.submit} aria-labelledby="profile-heading">
        <div className="row g-3">
          <div className="col-12">
            <ReadOnlyEmail
              id="profile-email"
              email={dashboard.email}
              hint="Your e-mail signs you in and cannot be changed here."
            />
          </div>
          {PROFILE_FIELDS.map((field) => (
            <ProfileFieldRow
              key={field}
              field={field}
              registration={profile.register(field)}
              locked={!profile.editing.has(field)}
              busy={profile.busy}
              error={profile.errors[field]?.message}
              variant={variant}
              onUnlock={profile.unlock}
            />
          ))}
        </div>

        <ProfileFormActions
          dirty={profile.isDirty}
          editing={profile.editing.size > 0}
          saving={profile.isSubmitting}
          reloading={profile.reloading}
          busy={profile.busy}
          onCancel={profile.cancel}
        />
      </form>

      <div ref={formMessageRef} tabIndex={-1} className="account-card__alerts">
        {savedWhere === 'form' ? savedAlert : null}
      </div>
      {profile.formError ? (
        <AlertError message={profile.formError} onClose={profile.dismissFormError} className="mt-3 mb-0" />
      ) : null}
      {profile.entryConflict ? (
        <AlertError message={profile.entryConflict} onClose={profile.keepAddress} className="mt-3 mb-0">
          <div className="d-flex flex-wrap gap-2 mt-2">
            <button
              type="button"
              className="btn btn-dark btn-sm"
              disabled={profile.busy}
              onClick={() => void profile.withdrawAndSave()}
            >
              Withdraw my entry and save
            </button>
            <button
              type="button"
              className="btn btn-outline-dark btn-sm"
              disabled={profile.busy}
              onClick={profile.keepAddress}
            >
              Keep my address
            </button>
          </div>
        </AlertError>
      ) : null}
    </ShopCard>
  );
}

interface ProfileFormActionsProps {
  /** Something differs from the stored profile: Save shows. */
  dirty: boolean;
  /** A field is unlocked: Cancel shows even before anything changed. */
  editing: boolean;
  saving: boolean;
  reloading: boolean;
  busy: boolean;
  onCancel: () => void;
}

/** Save (once something changed) and Cancel (once something is being edited). */
function ProfileFormActions({ dirty, editing, saving, reloading, busy, onCancel }: ProfileFormActionsProps) {
  return (
    <div className="account-card__actions">
      {dirty ? (
        <button type="submit" className="btn btn-dark" disabled={busy}>
          <BusyLabel busy={saving} text="Save" busyText="Saving…" />
        </button>
      ) : null}
      {dirty || editing ? (
        <button type="button" className="btn btn-outline-dark" disabled={busy} onClick={onCancel}>
          {reloading ? 'Reloading…' : 'Cancel'}
        </button>
      ) : null}
    </div>
  );
}
