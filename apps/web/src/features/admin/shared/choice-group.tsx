import type { ReactNode } from 'react';

export interface Choice<Value extends string> {
  value: Value;
  label: string;
  /** What the choice means, under its label. */
  hint?: string;
}

interface GroupProps<Value extends string> {
  /** The inputs' ids start with it; the reason is `${id}-error`. */
  id: string;
  legend: string;
  choices: readonly Choice<Value>[];
  /** The fieldset's classes (a wide field takes the whole row). */
  className?: string;
  /** The classes of the box around the choices (a grid of them). */
  listClassName?: string;
  /** Added to each choice's `form-check` ('form-check-inline', a card). */
  itemClassName?: string;
  /** Labels in bold, for choices that each come with a hint. */
  bold?: boolean;
  /** The reason the choice is refused, after `errorLabel` ('Mode is required'). */
  error?: string;
  errorLabel?: string;
  /** The checked input's ref, which takes the focus when the choice is refused. */
  inputRef?: (element: HTMLElement | null) => void;
  /** Shown under the choices (what a choice opens). */
  children?: ReactNode;
}

type ChoiceGroupProps<Value extends string> = GroupProps<Value> &
  (
    | { multiple?: false; value: Value; onChange: (value: Value) => void }
    | { multiple: true; value: readonly Value[]; onChange: (value: Value[]) => void }
  );

/** Radio buttons (one choice) or checkboxes (several) under a legend, each with its label and hint. */
export function ChoiceGroup<Value extends string>(props: ChoiceGroupProps<Value>) {
  const { id, legend, choices, error, errorLabel = legend, inputRef, bold = false } = props;
  const isChecked = (value: Value) => (props.multiple ? props.value.includes(value) : props.value === value);
  const toggle = (value: Value, checked: boolean) => {
    if (!props.multiple) props.onChange(value);
    else props.onChange(checked ? [...props.value, value] : props.value.filter((item) => item !== value));
  };
  return (
    <fieldset className={props.className} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="admin-label">{legend}</legend>
      <div className={props.listClassName}>
        {choices.map((choice) => (
          <div
            key={choice.value}
            className={`form-check${props.itemClassName ? ` ${props.itemClassName}` : ''}`}
          >
            <input
              ref={inputRef && isChecked(choice.value) ? inputRef : undefined}
              id={`${id}-${choice.value}`}
              type={props.multiple ? 'checkbox' : 'radio'}
              name={props.multiple ? undefined : `${id}-choice`}
              className="form-check-input"
              checked={isChecked(choice.value)}
              onChange={(event) => toggle(choice.value, event.target.checked)}
              aria-describedby={choice.hint ? `${id}-${choice.value}-hint` : undefined}
            />
            <label
              className={`form-check-label${bold ? ' fw-semibold' : ''}`}
              htmlFor={`${id}-${choice.value}`}
            >
              {choice.label}
            </label>
            {choice.hint ? (
              <div id={`${id}-${choice.value}-hint`} className="form-text mt-0">
                {choice.hint}
              </div>
            ) : null}
          </div>
        ))}
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {errorLabel} {error}
        </div>
      ) : null}
      {props.children}
    </fieldset>
  );
}

interface CheckFieldProps {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What ticking it means; its reason replaces it when it is refused. */
  hint: string;
  error?: string;
  bold?: boolean;
  inputRef?: (element: HTMLElement | null) => void;
}

/** One checkbox across the form's row, with its hint (or its reason) under it. */
export function CheckField({
  id,
  label,
  checked,
  onChange,
  hint,
  error,
  bold = false,
  inputRef,
}: CheckFieldProps) {
  return (
    <div className="form-check admin-field--wide">
      <input
        ref={inputRef}
        id={id}
        type="checkbox"
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={id} className={`form-check-label${bold ? ' fw-semibold' : ''}`}>
        {label}
      </label>
      <div id={`${id}-hint`} className={bold ? 'form-text mt-0' : 'form-text'}>
        {error ?? hint}
      </div>
    </div>
  );
}
