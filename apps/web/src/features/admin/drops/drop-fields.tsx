import { DROP_MODES, type DropMode } from '@shop/contracts';
import type { HTMLInputTypeAttribute } from 'react';
import { MODE_LABELS } from './drops-view';

const MODE_HINTS: Record<DropMode, string> = {
  draw: 'Shoppers enter for a size while the entry is open; a verifiable draw picks the winners.',
  queue: 'A waiting room: the pre-queue is shuffled at the release, then shoppers are let in turn by turn.',
};

interface FieldProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  type?: HTMLInputTypeAttribute;
  inputRef: (element: HTMLElement | null) => void;
  onChange: (value: string) => void;
}

/** One labelled input with its reason (the label's words, then the server's) and a hint under it. */
export function DropField({ id, label, value, error, hint, type = 'text', inputRef, onChange }: FieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div>
      <label className="form-label admin-drops__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type={type}
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={value}
        inputMode={type === 'text' ? 'numeric' : undefined}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {label.replace(/ \(.*\)$/, '')} {error}
        </div>
      ) : null}
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

interface ModeChoiceProps {
  id: string;
  value: DropMode;
  error?: string;
  inputRef: (element: HTMLElement | null) => void;
  onChange: (mode: DropMode) => void;
}

/** Draw or first come, each with what it means. */
export function ModeChoice({ id, value, error, inputRef, onChange }: ModeChoiceProps) {
  return (
    <fieldset className="admin-drops__field--wide" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="admin-drops__label">How it sells</legend>
      <div className="admin-drops__modes">
        {DROP_MODES.map((mode) => (
          <div key={mode} className="form-check admin-drops__mode">
            <input
              ref={mode === value ? inputRef : undefined}
              id={`${id}-${mode}`}
              type="radio"
              name={`${id}-mode`}
              className="form-check-input"
              checked={value === mode}
              onChange={() => onChange(mode)}
              aria-describedby={`${id}-${mode}-hint`}
            />
            <label className="form-check-label fw-semibold" htmlFor={`${id}-${mode}`}>
              {MODE_LABELS[mode]}
            </label>
            <div id={`${id}-${mode}-hint`} className="form-text mt-0">
              {MODE_HINTS[mode]}
            </div>
          </div>
        ))}
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          Mode {error}
        </div>
      ) : null}
    </fieldset>
  );
}
