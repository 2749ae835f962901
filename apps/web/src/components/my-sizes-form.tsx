import {
  BRANDS,
  type Brand,
  type MySizes,
  SHOPPER_SIZE_SYSTEMS,
  type ShopperSizeSystem,
  SIZE_VALUE_PATTERN,
} from '@shop/contracts';
import { type FormEvent, useState } from 'react';
import { ApiError, errorText } from '../lib/api';
import { capitalize } from '../lib/catalog/catalog-params';
import { useSession } from '../lib/session';
import { type SizePrefs, useSizePrefs } from '../lib/sizes';
import { BusyLabel } from './busy-label';
import './my-sizes-form.css';

/** What each system is, beside its code in the system select. */
export const SYSTEM_NAMES: Record<ShopperSizeSystem, string> = {
  US: 'US',
  UK: 'UK',
  EU: 'EU',
  CM: 'CM (foot length)',
};

export const SIZE_FORMAT_ERROR = 'Enter a size such as 9, 9.5, 44 or 27.5.';

interface BrandRow {
  /** Which row it is, while its brand may change. */
  row: number;
  brand: Brand;
  system: ShopperSizeSystem;
  value: string;
}

interface FormValues {
  system: ShopperSizeSystem;
  /** The shopper's size in `defaultSystem` ('' for none). */
  value: string;
  defaultSystem: ShopperSizeSystem;
  brands: BrandRow[];
}

/** Errors by field: 'sizeSystem', 'mySizes.default', 'mySizes.brands.<brand>'. */
type FormErrors = Record<string, string>;

/** The form's start: the saved sizes, in the system of the shopper's size (else the one sizes show in). */
function initialValues(prefs: Pick<SizePrefs, 'system' | 'mySizes'>): FormValues {
  const { mySizes } = prefs;
  const firstBrand = Object.values(mySizes.brands)[0];
  const system = mySizes.default?.system ?? firstBrand?.system ?? prefs.system;
  return {
    system,
    value: mySizes.default?.value ?? '',
    defaultSystem: mySizes.default?.system ?? system,
    brands: BRANDS.flatMap((brand, row) => {
      const size = mySizes.brands[brand];
      return size ? [{ row, brand, system: size.system, value: size.value }] : [];
    }),
  };
}

/** '44,5' → '44.5'; spaces around are dropped (adidas's '44 2/3' keeps its inner space). */
const cleanSize = (value: string) => value.trim().replace(/\s+/g, ' ').replace(',', '.');

function checkValues(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  const value = cleanSize(values.value);
  if (value && !SIZE_VALUE_PATTERN.test(value)) errors['mySizes.default'] = SIZE_FORMAT_ERROR;
  for (const row of values.brands) {
    const size = cleanSize(row.value);
    if (!size || !SIZE_VALUE_PATTERN.test(size)) errors[`mySizes.brands.${row.brand}`] = SIZE_FORMAT_ERROR;
  }
  return errors;
}

function toMySizes(values: FormValues): MySizes {
  const value = cleanSize(values.value);
  return {
    ...(value ? { default: { system: values.defaultSystem, value } } : {}),
    brands: Object.fromEntries(
      values.brands.map((row) => [row.brand, { system: row.system, value: cleanSize(row.value) }]),
    ),
  };
}

/** 'is not a EU size of any size chart' → 'My size is not a EU size of any size chart.' */
function fieldText(label: string, message: string): string {
  const sentence = /^[a-z]/.test(message) ? `${label} ${message}` : message;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

interface MySizesFormProps {
  /** Prefix of the fields' ids (a page may hold the form twice). */
  id: string;
  /** After a save, with what was saved. */
  onSaved?: (mySizes: MySizes) => void;
}

/**
 * The shopper's sizes: the system sizes show in, their size in it, and a size per brand where one fits
 * them differently. A signed-in shopper's are kept in the profile (which refuses a size no chart gives,
 * naming the field: the message shows under it), a guest's in this browser.
 */
export function MySizesForm({ id, onSaved }: MySizesFormProps) {
  const prefs = useSizePrefs();
  if (!prefs.known) {
    return (
      <p className="shop-note" role="status">
        Loading your sizes…
      </p>
    );
  }
  return <SizesFields id={id} prefs={prefs} onSaved={onSaved} />;
}

function SizesFields({ id, prefs, onSaved }: MySizesFormProps & { prefs: SizePrefs }) {
  const [values, setValues] = useState(() => initialValues(prefs));
  const [errors, setErrors] = useState<FormErrors>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { user } = useSession();
  const guest = user === null;

  const change = (next: Partial<FormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setStatus(null);
  };
  /** One system for every size of the form: changing it changes the system the sizes are read in. */
  const chooseSystem = (system: ShopperSizeSystem) =>
    change({
      system,
      defaultSystem: system,
      brands: values.brands.map((row) => ({ ...row, system })),
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkValues(values);
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length > 0) {
      focusFirstError(id, found, values);
      return;
    }
    setBusy(true);
    try {
      const mySizes = toMySizes(values);
      if (values.system !== prefs.system) await prefs.chooseSystem(values.system);
      await prefs.saveMySizes(mySizes);
      setStatus({
        ok: true,
        text: guest
          ? 'Saved in this browser: your sizes are ready.'
          : 'Saved: your sizes are in your profile.',
      });
      onSaved?.(mySizes);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const refused = Object.fromEntries(Object.entries(fields).filter(([field]) => isFormField(field)));
      setErrors(refused);
      if (Object.keys(refused).length > 0) focusFirstError(id, refused, values);
      else setStatus({ ok: false, text: `Your sizes were not saved: ${errorText(error)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="my-sizes" onSubmit={submit} noValidate aria-label="My sizes">
      <div className="row g-3">
        <SystemField id={id} value={values.system} error={errors.sizeSystem} onChange={chooseSystem} />
        <SizeField
          id={`${id}-default`}
          label="My size"
          system={values.defaultSystem}
          value={values.value}
          error={errors['mySizes.default']}
          hint="Leave it empty to forget it."
          onChange={(value) => change({ value })}
        />
      </div>
      <BrandSizes id={id} values={values} errors={errors} onChange={(brands) => change({ brands })} />
      <div className="my-sizes__actions">
        <button type="submit" className="btn btn-dark rounded-pill px-4" disabled={busy}>
          <BusyLabel busy={busy} text="Remember my sizes" busyText="Saving…" />
        </button>
        <p
          className={`my-sizes__status${status && !status.ok ? ' my-sizes__status--error' : ''}`}
          role="status"
          aria-live="polite"
        >
          {status?.text}
        </p>
      </div>
      {guest ? (
        <p className="shop-note mt-2">Kept in this browser. Signed in, your sizes go with your account.</p>
      ) : null}
    </form>
  );

  function isFormField(field: string) {
    return (
      field === 'sizeSystem' ||
      field === 'mySizes.default' ||
      values.brands.some((row) => field === `mySizes.brands.${row.brand}`)
    );
  }
}

/** The field to fix first: the system, the shopper's size, then the brands in their order. */
function focusFirstError(id: string, errors: FormErrors, values: FormValues) {
  const order = [
    ['sizeSystem', `${id}-system`],
    ['mySizes.default', `${id}-default`],
    ...values.brands.map((row) => [`mySizes.brands.${row.brand}`, `${id}-brand-${row.brand}-size`]),
  ];
  const first = order.find(([field]) => field && errors[field]);
  if (first?.[1]) document.getElementById(first[1])?.focus();
}

function SystemField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: ShopperSizeSystem;
  error: string | undefined;
  onChange: (system: ShopperSizeSystem) => void;
}) {
  return (
    <div className="col-12 col-sm-5">
      <label htmlFor={`${id}-system`} className="form-label">
        Size system
      </label>
      <select
        id={`${id}-system`}
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-system-error` : `${id}-system-hint`}
        onChange={(event) => onChange(event.target.value as ShopperSizeSystem)}
      >
        {SHOPPER_SIZE_SYSTEMS.map((system) => (
          <option key={system} value={system}>
            {SYSTEM_NAMES[system]}
          </option>
        ))}
      </select>
      {error ? (
        <div id={`${id}-system-error`} className="invalid-feedback d-block">
          {fieldText('The size system', error)}
        </div>
      ) : (
        <div id={`${id}-system-hint`} className="form-text">
          The shop shows sizes in it.
        </div>
      )}
    </div>
  );
}

interface SizeFieldProps {
  id: string;
  label: string;
  system: ShopperSizeSystem;
  value: string;
  error: string | undefined;
  hint?: string;
  onChange: (value: string) => void;
}

/** A size typed in a system, the system beside it. */
function SizeField({ id, label, system, value, error, hint, onChange }: SizeFieldProps) {
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="col-12 col-sm-7">
      <label htmlFor={id} className="form-label">
        {label}
        <span className="visually-hidden"> ({system})</span>
      </label>
      <div className={`input-group${error ? ' has-validation' : ''}`}>
        <input
          id={id}
          className={`form-control${error ? ' is-invalid' : ''}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={system === 'EU' ? '44' : system === 'CM' ? '28' : '10'}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
        />
        <span className="input-group-text" aria-hidden="true">
          {system}
        </span>
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {fieldText(label, error)}
        </div>
      ) : hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/** The sizes per brand: a brand and its size each, added and removed one at a time. */
function BrandSizes({
  id,
  values,
  errors,
  onChange,
}: {
  id: string;
  values: FormValues;
  errors: FormErrors;
  onChange: (brands: BrandRow[]) => void;
}) {
  const used = new Set(values.brands.map((row) => row.brand));
  const free = BRANDS.filter((brand) => !used.has(brand));
  const replace = (index: number, row: Partial<BrandRow>) =>
    onChange(values.brands.map((current, at) => (at === index ? { ...current, ...row } : current)));
  return (
    <div className="my-sizes__brands">
      <fieldset>
        <legend className="my-sizes__legend">Sizes for some brands</legend>
        <p className="shop-note mb-2">Where a brand fits you differently: 10 in Nike, 10.5 in Adidas.</p>
        {values.brands.length > 0 ? (
          <ul className="list-unstyled my-sizes__brand-list">
            {values.brands.map((row, index) => (
              <li key={row.row} className="row g-2 align-items-start my-sizes__brand">
                <div className="col-12 col-sm-5">
                  <label htmlFor={`${id}-brand-${row.brand}`} className="form-label small mb-1">
                    Brand
                  </label>
                  <select
                    id={`${id}-brand-${row.brand}`}
                    className="form-select"
                    value={row.brand}
                    onChange={(event) => replace(index, { brand: event.target.value as Brand })}
                  >
                    {[row.brand, ...free].map((brand) => (
                      <option key={brand} value={brand}>
                        {capitalize(brand)}
                      </option>
                    ))}
                  </select>
                </div>
                <BrandSizeField
                  id={id}
                  row={row}
                  error={errors[`mySizes.brands.${row.brand}`]}
                  onChange={(value) => replace(index, { value })}
                  onRemove={() => onChange(values.brands.filter((_, at) => at !== index))}
                />
              </li>
            ))}
          </ul>
        ) : null}
        {free.length > 0 ? (
          <button
            type="button"
            className="btn btn-outline-dark btn-sm rounded-pill"
            onClick={() => {
              const brand = free[0];
              const row = Math.max(BRANDS.length, ...values.brands.map((current) => current.row + 1));
              if (brand) onChange([...values.brands, { row, brand, system: values.system, value: '' }]);
            }}
          >
            + Add a brand
          </button>
        ) : null}
      </fieldset>
    </div>
  );
}

function BrandSizeField({
  id,
  row,
  error,
  onChange,
  onRemove,
}: {
  id: string;
  row: BrandRow;
  error: string | undefined;
  onChange: (value: string) => void;
  onRemove: () => void;
}) {
  const field = `${id}-brand-${row.brand}-size`;
  const label = `${capitalize(row.brand)} size`;
  return (
    <div className="col-12 col-sm-7">
      <label htmlFor={field} className="form-label small mb-1">
        Size
        <span className="visually-hidden">
          {' '}
          in {row.brand} ({row.system})
        </span>
      </label>
      <div className="d-flex gap-2 align-items-start">
        <div className="flex-grow-1">
          <div className={`input-group${error ? ' has-validation' : ''}`}>
            <input
              id={field}
              className={`form-control${error ? ' is-invalid' : ''}`}
              inputMode="decimal"
              autoComplete="off"
              value={row.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${field}-error` : undefined}
              onChange={(event) => onChange(event.target.value)}
            />
            <span className="input-group-text" aria-hidden="true">
              {row.system}
            </span>
          </div>
          {error ? (
            <div id={`${field}-error`} className="invalid-feedback d-block">
              {fieldText(label, error)}
            </div>
          ) : null}
        </div>
        <button
          type="button"
          className="btn btn-outline-secondary my-sizes__remove"
          aria-label={`Remove the ${row.brand} size`}
          title="Remove"
          onClick={onRemove}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
    </div>
  );
}
