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

/** A field chosen from a list of words, each shown capitalised. */
type ChoiceFieldProps = CreateFieldProps & { options: readonly string[] };

/** A control's own props: its id, its red look while refused, what describes it, and its registration. */
const controlProps = (
  { id, error, registration }: Omit<CreateFieldProps, 'label'>,
  baseClass: string,
  noteId?: string,
) => ({
  id,
  className: `${baseClass}${error ? ' is-invalid' : ''}`,
  ...describe(id, error, noteId),
  ...registration,
});

/** The field's name over its control. */
function ControlLabel({ id, label }: { id: string; label: string }) {
  return (
    <label htmlFor={id} className="form-label">
      {label}
    </label>
  );
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
      <ControlLabel id={id} label={label} />
      <input
        {...props}
        {...controlProps({ id, error, registration }, 'form-control', hint ? `${id}-hint` : undefined)}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </>
  );
}

/**
 * A list to choose one of `options` from, 'Choose…' first unless the field starts with a choice made
 * (`choose` false), with a hint under it when given.
 */
export function SelectField({
  id,
  label,
  error,
  registration,
  options,
  hint,
  choose = true,
  labelOf = capitalize,
}: ChoiceFieldProps & { hint?: string; choose?: boolean; labelOf?: (option: string) => string }) {
  return (
    <>
      <ControlLabel id={id} label={label} />
      <select {...controlProps({ id, error, registration }, 'form-select', hint ? `${id}-hint` : undefined)}>
        {choose ? <option value="">Choose…</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </>
  );
}

/** A row of radio buttons, one per option, under a legend. */
export function RadioChoiceField({ id, label, error, registration, options }: ChoiceFieldProps) {
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
      <ControlLabel id={id} label="Description" />
      <textarea rows={5} {...controlProps({ id, error, registration }, 'form-control', `${id}-count`)} />
      <div id={`${id}-count`} className="form-text">
        {length} / {DESCRIPTION_MAX} characters
      </div>
      <FieldError id={id} message={error} />
    </>
  );
}
