import type { UserDashboard } from '@shop/contracts';
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { UserAvatar } from '../../../components/user-avatar';
import { errorText } from '../../../lib/api';
import { useUpdateProfile } from '../api/update-profile';
import { avatarProblem, type AvatarUpload as Upload, uploadAvatar } from '../api/upload-avatar';

type Phase = 'idle' | 'uploading' | 'saving' | 'done';

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
  const update = useUpdateProfile(uid);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const upload = useRef<Upload | null>(null);

  // A picture being sent stops when the page goes; a preview's memory is freed when it is replaced.
  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const busy = phase === 'uploading' || phase === 'saving' || removing;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    const problem = avatarProblem(file);
    if (problem) {
      setPhase('idle');
      setError(problem);
      return;
    }
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    setPhase('uploading');
    try {
      upload.current = uploadAvatar(file, setProgress);
      const url = await upload.current.done;
      upload.current = null;
      setPhase('saving');
      await update.mutateAsync({ image: url });
      setPreview(null);
      setPhase('done');
      onSaved();
    } catch (failure) {
      upload.current = null;
      setPreview(null);
      setPhase('idle');
      setError(`Your picture was not saved: ${errorText(failure)}`);
    }
  };

  const onRemove = async () => {
    setError(null);
    setPhase('idle');
    setRemoving(true);
    try {
      await update.mutateAsync({ image: '' });
      onSaved();
    } catch (failure) {
      setError(`Your picture was not removed: ${errorText(failure)}`);
    } finally {
      setRemoving(false);
    }
  };

  const percent = Math.round(progress * 100);
  const status =
    phase === 'uploading'
      ? `Uploading your picture… ${percent}%`
      : phase === 'saving'
        ? 'Saving your picture…'
        : phase === 'done'
          ? 'Picture uploaded and saved.'
          : removing
            ? 'Removing your picture…'
            : 'JPEG, PNG, WebP or GIF, up to 5 MB.';

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
            onChange={onChange}
            aria-describedby={`${inputId}-status`}
          />
          <label htmlFor={inputId} className={`btn btn-dark btn-sm${busy ? ' disabled' : ''}`}>
            {dashboard.image ? 'Change picture' : 'Upload a picture'}
          </label>
          {dashboard.image && !busy ? (
            <button type="button" className="btn btn-outline-dark btn-sm" onClick={onRemove}>
              Remove picture
            </button>
          ) : null}
        </div>
        {phase !== 'idle' ? (
          <div
            className="progress account-upload__progress"
            role="progressbar"
            aria-label="Picture upload"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={phase === 'uploading' ? percent : 100}
            aria-valuetext={status}
          >
            <div
              className={`progress-bar${phase === 'done' ? ' bg-success' : ' bg-dark progress-bar-striped progress-bar-animated'}`}
              style={{ width: `${phase === 'uploading' ? percent : 100}%` }}
            />
          </div>
        ) : null}
        <p id={`${inputId}-status`} className="account-upload__status" aria-live="polite">
          {status}
        </p>
        {message}
        {error ? <AlertError message={error} onClose={() => setError(null)} className="mt-2 mb-0" /> : null}
      </div>
    </div>
  );
}
