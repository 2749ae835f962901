import type { ProductPictures } from '@shop/contracts';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/api';
import { pictureProblem, type PictureUpload as Upload, uploadProductPicture } from './upload-picture';

type Phase = 'idle' | 'uploading' | 'done';

interface PictureUploadProps {
  /** The file input's id (its label, status and error hang off it). */
  id: string;
  label: string;
  /** The picture uploaded so far in this form, if any. */
  pictures: ProductPictures | null;
  /** Called with the stored picture's three sizes once it is uploaded. */
  onUploaded: (pictures: ProductPictures) => void;
  /** True while bytes are on their way (the form waits before it sends). */
  onBusyChange?: (busy: boolean) => void;
  /** The form's own complaint about the picture ('Upload an image'). */
  error?: string | null;
  /** The picture the product has now, shown until a new one is uploaded. */
  current?: string;
  /** Called when the file input loses focus or a file is chosen (the form then shows its message). */
  onTouched?: () => void;
  /** False when the form shows the picture itself. */
  preview?: boolean;
}

/**
 * A product picture: the file goes up as soon as it is chosen, with a progress bar, and the uploaded card
 * picture shows as a preview. Non-pictures and files over 10 MB are refused before anything is sent.
 */
export function PictureUpload({
  id,
  label,
  pictures,
  onUploaded,
  onBusyChange,
  error,
  current,
  preview: withPreview = true,
  onTouched,
}: PictureUploadProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useRef<Upload | null>(null);

  // A picture being sent stops when the form goes.
  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => {
    onBusyChange?.(phase === 'uploading');
  }, [phase, onBusyChange]);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    onTouched?.();
    if (!file) return;
    setFailure(null);
    const problem = pictureProblem(file);
    if (problem) {
      setFailure(problem);
      return;
    }
    setProgress(0);
    setPhase('uploading');
    try {
      upload.current = uploadProductPicture(file, setProgress);
      const stored = await upload.current.done;
      upload.current = null;
      setPhase('done');
      onUploaded(stored);
    } catch (refused) {
      upload.current = null;
      setPhase('idle');
      setFailure(`The picture was not uploaded: ${errorText(refused)}`);
    }
  };

  const percent = Math.round(progress * 100);
  const message = failure ?? error ?? null;
  const preview = pictures?.card_picture ?? current;
  const status =
    phase === 'uploading'
      ? `Uploading the picture… ${percent}%`
      : phase === 'done'
        ? 'Picture uploaded.'
        : 'JPEG, PNG, WebP or GIF, up to 10 MB.';

  return (
    <div className="admin-picture">
      {withPreview ? (
        <div className="admin-picture__preview">
          {preview ? (
            <img
              src={preview}
              alt={pictures ? 'The uploaded picture' : 'The current picture'}
              width={480}
              height={360}
            />
          ) : (
            <span className="admin-picture__empty" aria-hidden="true">
              No picture yet
            </span>
          )}
        </div>
      ) : null}
      <div className="admin-picture__body">
        <label htmlFor={id} className="form-label">
          {label}
        </label>
        <input
          id={id}
          type="file"
          accept="image/*"
          className={`form-control${message ? ' is-invalid' : ''}`}
          disabled={phase === 'uploading'}
          onChange={onChange}
          onBlur={onTouched}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-status${message ? ` ${id}-error` : ''}`}
        />
        {phase !== 'idle' ? (
          <div
            className="progress admin-picture__progress"
            role="progressbar"
            aria-label="Picture upload"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={phase === 'uploading' ? percent : 100}
          >
            <div
              className={`progress-bar${phase === 'done' ? ' bg-success' : ' bg-dark progress-bar-striped progress-bar-animated'}`}
              style={{ width: `${phase === 'uploading' ? percent : 100}%` }}
            />
          </div>
        ) : null}
        <p id={`${id}-status`} className="admin-picture__status" aria-live="polite">
          {status}
        </p>
        {message ? (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {message}
          </div>
        ) : null}
      </div>
    </div>
  );
}
