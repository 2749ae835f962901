import { type FormEvent, type MouseEvent, type ReactNode, useState } from 'react';
import { SelectOptions } from '../../../components/select-options';
import { errorText } from '../../../lib/api';
import { downloadExport } from '../../../lib/download';
import { useCan } from '../../../lib/permissions';

interface SearchFormProps {
  /** The field's id. */
  id: string;
  /** The search landmark's name ('Users'). */
  name: string;
  label: string;
  /** The address's parameter the search is kept in ('q'). */
  field: string;
  /** The search as applied: the form starts again from it when it changes (Clear, Back). */
  value: string;
  maxLength: number;
  placeholder?: string;
  className: string;
  /** The words searched for, trimmed, once the form is sent. */
  onSearch: (search: string) => void;
}

/** A search box sent on submit (Enter or Search), not at every key. */
export function SearchForm({
  id,
  name,
  label,
  field,
  value,
  maxLength,
  placeholder,
  className,
  onSearch,
}: SearchFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get(field) ?? '').trim());
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some browsers and to jsdom
    <form key={value} role="search" aria-label={name} className={className} onSubmit={submit}>
      <label htmlFor={id} className="admin-label d-block">
        {label}
      </label>
      <div className="input-group">
        <input
          id={id}
          name={field}
          type="search"
          className="form-control"
          defaultValue={value}
          maxLength={maxLength}
          placeholder={placeholder}
          autoComplete="off"
        />
        <button type="submit" className="btn btn-dark">
          Search
        </button>
      </div>
    </form>
  );
}

export interface FilterOption<Value extends string> {
  value: Value;
  label: string;
}

interface SelectFilterProps<Value extends string> {
  id: string;
  label: string;
  value: Value;
  options: readonly FilterOption<Value>[];
  onChange: (value: Value) => void;
  className: string;
  /** The label beside the list (in a row) instead of above it. */
  inline?: boolean;
  small?: boolean;
}

/** A labelled list that filters or sorts at once when a choice is made. */
export function SelectFilter<Value extends string>({
  id,
  label,
  value,
  options,
  onChange,
  className,
  inline = false,
  small = false,
}: SelectFilterProps<Value>) {
  return (
    <div className={className}>
      <label htmlFor={id} className={`admin-label ${inline ? 'mb-0' : 'd-block'}`}>
        {label}
      </label>
      <select
        id={id}
        className={small ? 'form-select form-select-sm' : 'form-select'}
        value={value}
        onChange={(event) => onChange(event.target.value as Value)}
      >
        <SelectOptions options={options} />
      </select>
    </div>
  );
}

/** The options of a record of labels, in its order: `{ newest: { label: 'Newest first' } }`. */
export const optionsOf = <Value extends string>(labels: Record<Value, { label: string }>) =>
  (Object.entries(labels) as [Value, { label: string }][]).map(([value, { label }]) => ({ value, label }));

/**
 * 'Export CSV': a download of what the list's filters find (every page), for members with exports.read. A link (it can be opened or
 * copied), whose click downloads through the API client, so the step-up an export needs is asked first.
 */
export function ExportLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  /** Said after 'Export CSV' to screen readers (what is exported). */
  children?: ReactNode;
}) {
  const mayExport = useCan('exports.read');
  const [failure, setFailure] = useState<string | null>(null);
  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setFailure(null);
    try {
      await downloadExport(href, 'export.csv');
    } catch (error) {
      setFailure(errorText(error));
    }
  };
  if (!mayExport) return null;
  return (
    <>
      <a
        className={`btn btn-outline-dark${className ? ` ${className}` : ''}`}
        href={href}
        download
        onClick={onClick}
      >
        Export CSV
        {children}
      </a>
      {failure ? (
        <span role="alert" className="text-danger small ms-2">
          The export failed: {failure}
        </span>
      ) : null}
    </>
  );
}
