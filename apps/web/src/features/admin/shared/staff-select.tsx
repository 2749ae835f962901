import { TAX_CATEGORIES } from '@shop/contracts';
import { type SelectOption, SelectOptions } from '../../../components/select-options';
import { shortLabel } from './staff-form';

/** The tax categories (standard, reduced, zero, exempt) as a list offers them. */
export const TAX_CATEGORY_OPTIONS: readonly SelectOption[] = TAX_CATEGORIES.map((category) => ({
  value: category,
  label: category.charAt(0).toUpperCase() + category.slice(1),
}));

interface StaffSelectProps {
  id: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  /** A first choice of nothing ('The whole country'), sent as ''. */
  empty?: string;
  error?: string;
  hint?: string;
  className?: string;
  inputRef?: (element: HTMLElement | null) => void;
  onChange: (value: string) => void;
}

/** One labelled list, laid out as the staff forms' inputs (StaffField): its reason, then its hint, under it. */
export function StaffSelect(props: StaffSelectProps) {
  const { id, label, value, options, empty, error, hint, className, inputRef, onChange } = props;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label className="form-label admin-label" htmlFor={id}>
        {label}
      </label>
      <select
        ref={inputRef}
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {empty === undefined ? null : <option value="">{empty}</option>}
        <SelectOptions options={options} />
      </select>
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
