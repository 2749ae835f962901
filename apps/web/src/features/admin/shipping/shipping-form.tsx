import type { StaffShippingMethod } from '@shop/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { ApiError } from '../../../lib/api';
import { useSaveShippingMethod } from './api/shipping-methods';
import {
  bodyOf,
  countryReason,
  EMPTY_SHIPPING_FORM,
  formFieldOf,
  formValuesOf,
  type ShippingFormField,
  type ShippingFormValues,
} from './shipping-form-values';

type Errors = Partial<Record<ShippingFormField, string>>;

const FIELD_ORDER: ShippingFormField[] = [
  'name',
  'price',
  'freeAbove',
  'countries',
  'minDays',
  'maxDays',
  'active',
];

interface ShippingFormProps {
  /** The method being changed, or null to add one. */
  method: StaffShippingMethod | null;
  onSaved: (method: StaffShippingMethod, added: boolean) => void;
  onCancel: () => void;
}

/** Add or change a shipping method; the server's reasons show under their fields. */
export function ShippingForm({ method, onSaved, onCancel }: ShippingFormProps) {
  const id = useId();
  const [values, setValues] = useState<ShippingFormValues>(
    method ? formValuesOf(method) : EMPTY_SHIPPING_FORM,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveShippingMethod();
  const heading = useRef<HTMLHeadingElement>(null);
  const inputs = useRef<Partial<Record<ShippingFormField, HTMLInputElement | null>>>({});

  useEffect(() => heading.current?.focus(), []);

  const focusFirst = (found: Errors) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const prepared = bodyOf(values);
    if ('errors' in prepared) {
      setErrors(prepared.errors);
      focusFirst(prepared.errors);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: method?.id ?? null, body: prepared.body });
      onSaved(saved, method === null);
    } catch (error) {
      const found: Errors = {};
      if (error instanceof ApiError) {
        for (const [serverField, reason] of Object.entries(error.fields)) {
          const field = formFieldOf(serverField);
          if (field && !found[field]) found[field] = countryReason(serverField, reason, values);
        }
      }
      setErrors(found);
      if (Object.keys(found).length > 0) focusFirst(found);
      else setFailure(error instanceof Error ? error.message : 'The method was not saved');
    }
  };

  const field = (name: Exclude<ShippingFormField, 'active'>, label: string, extra: FieldExtra = {}) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      value={values[name]}
      error={errors[name]}
      hint={extra.hint}
      inputMode={extra.inputMode}
      className={extra.className}
      inputRef={(element) => {
        inputs.current[name] = element;
      }}
      onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
    />
  );

  return (
    <form className="admin-shipping__form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="admin-shipping__form-title">
        {method ? `Change "${method.name}"` : 'Add a shipping method'}
      </h3>
      <div className="admin-shipping__fields">
        {field('name', 'Name', { className: 'admin-shipping__field--wide' })}
        {field('price', 'Price ($)', { inputMode: 'decimal' })}
        {field('freeAbove', 'Free above ($)', {
          inputMode: 'decimal',
          hint: 'Orders whose pairs come to this much ship free. Empty: never free.',
        })}
        {field('countries', 'Countries', {
          className: 'admin-shipping__field--wide',
          hint: 'ISO codes separated by commas, such as US, CA, MX. Empty: every country.',
        })}
        {field('minDays', 'Delivery from (days)', { inputMode: 'numeric' })}
        {field('maxDays', 'Delivery up to (days)', { inputMode: 'numeric' })}
        <div className="form-check admin-shipping__field--wide">
          <input
            ref={(element) => {
              inputs.current.active = element;
            }}
            id={`${id}-active`}
            className={`form-check-input${errors.active ? ' is-invalid' : ''}`}
            type="checkbox"
            checked={values.active}
            onChange={(event) => setValues((current) => ({ ...current, active: event.target.checked }))}
            aria-describedby={`${id}-active-hint`}
          />
          <label className="form-check-label" htmlFor={`${id}-active`}>
            Offered at checkout
          </label>
          <div id={`${id}-active-hint`} className="form-text">
            {errors.active ?? 'Turn it off to stop offering it without deleting it.'}
          </div>
        </div>
      </div>
      {failure ? (
        <AlertError message={failure} onClose={() => setFailure(null)} className="mt-3 mb-0" />
      ) : null}
      <div className="admin-shipping__form-actions">
        <button type="submit" className="btn btn-dark" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : method ? 'Save changes' : 'Add method'}
        </button>
        <button type="button" className="btn btn-outline-dark" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

interface FieldExtra {
  hint?: string;
  inputMode?: 'decimal' | 'numeric';
  className?: string;
}

function TextField({
  id,
  label,
  value,
  error,
  hint,
  inputMode,
  className,
  inputRef,
  onChange,
}: FieldExtra & {
  id: string;
  label: string;
  value: string;
  error?: string;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (value: string) => void;
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label className="form-label admin-shipping__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={value}
        inputMode={inputMode}
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
