import { type ReactNode, useEffect, useRef } from 'react';
import { describe, FieldNotes, PencilIcon, warningId } from './form-bits';
import {
  EDIT_HINTS,
  EDIT_LABELS,
  EDIT_OPTIONS,
  type EditField as Field,
  optionLabel,
} from './product-edit-fields';

interface EditFieldProps {
  id: string;
  field: Field;
  value: string;
  editing: boolean;
  changed: boolean;
  error: string | null;
  /** Something to know about the value that does not stop the save. */
  warning?: string | null;
  /** While saving, nothing can be unlocked. */
  disabled: boolean;
  /** The pencil: unlocks this field (locking any other), or locks it again. */
  onToggle: () => void;
  onChange: (value: string) => void;
}

const INPUT_TYPES: Partial<Record<Field, string>> = { release_date: 'date' };

/**
 * One field of the Product Details form: read-only with a pencil beside it; the pencil opens it for
 * editing (a list for brand, color, gender and category, with the spec's refused 'none').
 */
export function EditField({
  id,
  field,
  value,
  editing,
  changed,
  error,
  warning = null,
  disabled,
  onToggle,
  onChange,
}: EditFieldProps) {
  const control = useRef<HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement>(null);
  const wasEditing = useRef(editing);
  const label = EDIT_LABELS[field];
  const options = EDIT_OPTIONS[field];
  const hint = EDIT_HINTS[field];

  // The pencil puts the cursor in the field it opens.
  useEffect(() => {
    if (editing && !wasEditing.current) control.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const common = {
    id,
    ref: control,
    className: `${options && editing ? 'form-select' : 'form-control'}${error ? ' is-invalid' : ''}`,
    ...describe(id, error, hint ? `${id}-hint` : undefined, warning ? warningId(id) : undefined),
  };

  let input: ReactNode;
  if (!editing) {
    const shown = options ? optionLabel(field, value) : value;
    input =
      field === 'description' ? (
        <textarea {...common} rows={4} value={shown} readOnly />
      ) : (
        <input {...common} value={shown} readOnly />
      );
  } else if (options) {
    input = (
      <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">none</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(field, option)}
          </option>
        ))}
      </select>
    );
  } else if (field === 'description') {
    input = (
      <textarea {...common} rows={6} value={value} onChange={(event) => onChange(event.target.value)} />
    );
  } else {
    input = (
      <input
        {...common}
        type={INPUT_TYPES[field] ?? 'text'}
        inputMode={
          field === 'price' || field === 'compareAtPrice'
            ? 'decimal'
            : field === 'gtin'
              ? 'numeric'
              : undefined
        }
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }

  return (
    <div className="admin-edit-field">
      <div className="admin-edit-field__head">
        <label htmlFor={id} className="form-label">
          {label}
        </label>
        {changed ? <span className="badge rounded-pill text-bg-warning">changed</span> : null}
      </div>
      <div className={`admin-edit-field__row${editing ? ' is-editing' : ''}`}>
        {input}
        <button
          type="button"
          className="admin-edit-field__pencil"
          aria-label={`Edit ${label}`}
          aria-pressed={editing}
          disabled={disabled}
          onClick={onToggle}
        >
          <PencilIcon />
        </button>
      </div>
      <FieldNotes id={id} hint={hint} warning={warning} error={error} />
    </div>
  );
}
