import type { ReactNode } from 'react';
import { AlertError } from '../../../components/alert-error';
import { BusyButton } from './busy-label';
import type { StaffForm } from './use-staff-form';

interface StaffFormFrameProps {
  form: StaffForm;
  title: string;
  className: string;
  /** A form within a tab's page is headed one level down, in a smaller title. */
  heading?: { level: 'h2' | 'h3'; className: string };
  /** What the submit button says; null: nothing can be saved (only Cancel, or Back). */
  submitLabel: ReactNode | null;
  cancelLabel?: string;
  onCancel: () => void;
  /** The fields (and any notice above them). */
  children: ReactNode;
}

/**
 * A staff form: its heading (which takes the focus when it opens), its fields, the server's message with a
 * close button, then Save and Cancel (both held while saving).
 */
export function StaffFormFrame({
  form,
  title,
  className,
  heading = { level: 'h2', className: 'admin-title' },
  submitLabel,
  cancelLabel = 'Cancel',
  onCancel,
  children,
}: StaffFormFrameProps) {
  const Heading = heading.level;
  return (
    <form className={className} noValidate onSubmit={form.submit} aria-labelledby={`${form.id}-title`}>
      <Heading id={`${form.id}-title`} ref={form.heading} tabIndex={-1} className={heading.className}>
        {title}
      </Heading>
      {children}
      {form.failure ? (
        <AlertError message={form.failure} onClose={form.dismissFailure} className="mt-3 mb-0" />
      ) : null}
      <div className="admin-form-actions">
        {submitLabel === null ? null : (
          <BusyButton type="submit" className="btn btn-dark" busy={form.saving} busyText="Saving…">
            {submitLabel}
          </BusyButton>
        )}
        <button type="button" className="btn btn-outline-dark" onClick={onCancel} disabled={form.saving}>
          {cancelLabel}
        </button>
      </div>
    </form>
  );
}

/** The words of a field's label before any "(…)": "Ends" of "Ends (Europe/Paris time)". */
export const shortLabel = (label: string) => label.replace(/ \(.*\)$/, '');

/** What a field holds: words, a time (in the browser's zone), a whole number or an amount. */
export type FieldKind = 'text' | 'time' | 'whole' | 'decimal';

const INPUTS: Record<FieldKind, { type: 'text' | 'datetime-local'; inputMode?: 'numeric' | 'decimal' }> = {
  text: { type: 'text' },
  time: { type: 'datetime-local' },
  whole: { type: 'text', inputMode: 'numeric' },
  decimal: { type: 'text', inputMode: 'decimal' },
};

interface StaffFieldProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  kind?: FieldKind;
  maxLength?: number;
  className?: string;
  /** Where the form keeps the input, to focus it when the field is refused (useStaffForm's bind). */
  inputRef?: (element: HTMLElement | null) => void;
  onChange: (value: string) => void;
}

/** One labelled input with its reason (the label's words, then the reason) and a hint under it. */
export function StaffField(props: StaffFieldProps) {
  const { id, label, value, error, hint, kind = 'text', maxLength, className, inputRef, onChange } = props;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label className="form-label admin-label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type={INPUTS[kind].type}
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={value}
        inputMode={INPUTS[kind].inputMode}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {shortLabel(label)} {error}
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
