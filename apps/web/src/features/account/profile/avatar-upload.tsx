import type { UserDashboard } from '@shop/contracts';
import { type ReactNode, useId } from 'react';
import { AlertError } from '../../../components/alert-error';
import { UploadProgress } from '../../../components/progress-bar';
import { UserAvatar } from '../../../components/user-avatar';
import { useAvatarUpload } from './use-avatar-upload';

interface AvatarUploadProps {
  uid: string;
  dashboard: UserDashboard;
  /** Called once the new picture is stored in the profile. */
  onSaved: () => void;
  /** The success message, shown here when the picture was what got saved. */
  message?: ReactNode;
}

/**
 * The profile picture: choose a file, watch it upload (a progress bar, since the bytes can take a while on
 * a phone), then it is saved as the profile's `image`. Non-pictures and files over 5 MB are refused here
 * before anything is sent, and again by the shop.
 */
export function AvatarUpload({ uid, dashboard, onSaved, message }: AvatarUploadProps) {
  const inputId = useId();
  const { phase, percent, status, preview, busy, error, dismissError, choose, remove } = useAvatarUpload(
    uid,
    onSaved,
  );

  return (
    <div className="account-upload">
      <div className="account-upload__picture">
        {preview ? (
          <span className="account-avatar account-avatar--xl">
            <img src={preview} alt="" />
          </span>
        ) : (
          <UserAvatar image={dashboard.image} name={dashboard.username} size="xl" />
        )}
      </div>
      <div className="account-upload__body">
        <p className="account-upload__label" id={`${inputId}-label`}>
          Profile picture
        </p>
        <div className="d-flex flex-wrap gap-2">
          <input
            id={inputId}
            type="file"
            accept="image/*"
            className="visually-hidden account-upload__input"
            disabled={busy}
            onChange={choose}
            aria-describedby={`${inputId}-status`}
          />
          <label htmlFor={inputId} className={`btn btn-dark btn-sm${busy ? ' disabled' : ''}`}>
            {dashboard.image ? 'Change picture' : 'Upload a picture'}
          </label>
          {dashboard.image && !busy ? (
            <button type="button" className="btn btn-outline-dark btn-sm" onClick={remove}>
              Remove picture
            </button>
          ) : null}
        </div>
        {phase !== 'idle' ? (
          <UploadProgress
            className="account-upload__progress"
            phase={phase}
            percent={percent}
            status={status}
          />
        ) : null}
        <p id={`${inputId}-status`} className="account-upload__status" aria-live="polite">
          {status}
        </p>
        {message}
        {error ? <AlertError message={error} onClose={dismissError} className="mt-2 mb-0" /> : null}
      </div>
    </div>
  );
}
