import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/api';
import { useUpdateProfile } from '../api/update-profile';
import { avatarProblem, type AvatarUpload as Upload, uploadAvatar } from '../api/upload-avatar';

export type UploadPhase = 'idle' | 'uploading' | 'saving' | 'done';

/** The line under the buttons: what is happening to the picture, or what may be chosen. */
function statusText(phase: UploadPhase, percent: number, removing: boolean): string {
  if (phase === 'uploading') return `Uploading your picture… ${percent}%`;
  if (phase === 'saving') return 'Saving your picture…';
  if (phase === 'done') return 'Picture uploaded and saved.';
  if (removing) return 'Removing your picture…';
  return 'JPEG, PNG, WebP or GIF, up to 5 MB.';
}

/**
 * The profile picture's upload and removal: the file checked before anything is sent, its progress, a
 * preview while it goes, then the profile's `image` saved and `onSaved` called.
 */
export function useAvatarUpload(uid: string, onSaved: () => void) {
  const update = useUpdateProfile(uid);
  const [phase, setPhase] = useState<UploadPhase>('idle');
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

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
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

  const remove = async () => {
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
  return {
    phase,
    percent,
    status: statusText(phase, percent, removing),
    preview,
    busy: phase === 'uploading' || phase === 'saving' || removing,
    error,
    dismissError: () => setError(null),
    choose,
    remove,
  };
}
