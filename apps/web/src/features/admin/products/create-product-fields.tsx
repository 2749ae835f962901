import { DESCRIPTION_MAX } from '@shop/contracts';
import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { CreateField } from './create-product-check';
import { capitalize, describe, FieldError, FieldNotes } from './form-bits';
import { EDIT_LABELS } from './product-edit-fields';

/** The create form's name for each field, beside it and in the list of what is still to complete. */
export const CREATE_LABELS: Record<CreateField, string> = {
  ...EDIT_LABELS,
  stock: 'Sizes',
  picture: 'Picture',
};

interface CreateFieldProps {
  /** The control's id (a group's, for the radio buttons). */
  id: string;
  label: string;
  error: string | undefined;
  /** What `register` gives for the field: name, ref and the change and blur handlers. */
  registration: UseFormRegisterReturn;
}

/** A text, date or number box with its label, a hint under it when given, and its message. */
export function TextInputField({
  id,
  label,
  error,
  registration,
  hint,
  ...props
}: CreateFieldProps & InputHTMLAttributes<HTMLInputElement> & { hint?: string }) {
  return (
    <>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        {...describe(id, error, hint ? `${id}-hint` : undefined)}
        {...props}
        {...registration}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </>
  );
}

/** A list to choose one of `options` from, 'Choose…' first. */
export function SelectField({
  id,
  label,
  error,
  registration,
  options,
}: CreateFieldProps & { options: readonly string[] }) {
  return (
    <>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        {...describe(id, error)}
        {...registration}
      >
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {capitalize(option)}
          </option>
        ))}
      </select>
      <FieldError id={id} message={error} />
    </>
  );
}

/** A row of radio buttons, one per option, under a legend. */
export function RadioChoiceField({
  id,
  label,
  error,
  registration,
  options,
}: CreateFieldProps & { options: readonly string[] }) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="form-label">{label}</legend>
      <div className="admin-choices">
        {options.map((option) => (
          <div key={option} className="form-check form-check-inline">
            <input
              id={`${id}-${option}`}
              type="radio"
              value={option}
              className={`form-check-input${error ? ' is-invalid' : ''}`}
              aria-invalid={error ? true : undefined}
              {...registration}
            />
            <label htmlFor={`${id}-${option}`} className="form-check-label">
              {capitalize(option)}
            </label>
          </div>
        ))}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}

/** The description box and, under it, how many characters it holds of the most it may. */
export function DescriptionField({
  id,
  error,
  registration,
  length,
}: Omit<CreateFieldProps, 'label'> & { length: number }) {
  return (
    <>
      <label htmlFor={id} className="form-label">
        Description
      </label>
      <textarea
        id={id}
        rows={5}
        className={`form-control${error ? ' is-invalid' : ''}`}
        {...describe(id, error, `${id}-count`)}
        {...registration}
      />
      <div id={`${id}-count`} className="form-text">
        {length} / {DESCRIPTION_MAX} characters
      </div>
      <FieldError id={id} message={error} />
    </>
  );
}
