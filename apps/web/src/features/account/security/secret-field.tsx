import { useId } from 'react';

/** A labelled password or code field of the Security section, with its refusal under it. */
export function SecretField({
  label,
  kind,
  value,
  onChange,
  error,
}: {
  label: string;
  kind: 'password' | 'code';
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        type={kind === 'password' ? 'password' : 'text'}
        inputMode={kind === 'code' ? 'numeric' : undefined}
        autoComplete={kind === 'password' ? 'current-password' : 'one-time-code'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The refusal of a field, in words under it: the server's reason for it, or the message. */
export function fieldError(error: unknown, field: string): string | null {
  if (!(error instanceof Error)) return null;
  const fields = (error as { fields?: Record<string, string> }).fields ?? {};
  return fields[field] ?? error.message;
}
