import {
  BRANDS,
  type Brand,
  CATEGORIES,
  type Category,
  GENDERS,
  type Gender,
  MAX_AMOUNT,
  RATINGS,
} from '@shop/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { type CatalogFilters, capitalize, ratingLabel } from '../../lib/catalog/catalog-params';

interface FilterModalProps {
  show: boolean;
  onHide: () => void;
  /** The filters in force; the form starts from them each time it opens. */
  filters: CatalogFilters;
  /** Called with the new filters (empty object for Clear); the modal closes itself afterwards. */
  onApply: (filters: CatalogFilters) => void;
}

/** The catalogue's filter modal: category, gender, rating, brand and a price range, with Apply and Clear. */
export function FilterModal({ show, onHide, filters, onApply }: FilterModalProps) {
  return (
    <Modal show={show} onHide={onHide} centered fullscreen="sm-down" aria-labelledby="filter-modal-title">
      {/* Mounted only while open, so the form starts from the filters in force each time. */}
      {show && (
        <FilterForm
          filters={filters}
          onHide={onHide}
          onApply={(next) => {
            onApply(next);
            onHide();
          }}
        />
      )}
    </Modal>
  );
}

interface FormValues {
  category: string;
  gender: string;
  rating: string;
  brand: string;
  priceMin: string;
  priceMax: string;
}

type PriceErrors = Partial<Record<'priceMin' | 'priceMax', string>>;

const toValues = (filters: CatalogFilters): FormValues => ({
  category: filters.category ?? '',
  gender: filters.gender ?? '',
  rating: filters.rating === undefined ? '' : String(filters.rating),
  brand: filters.brand ?? '',
  priceMin: filters.priceMin === undefined ? '' : String(filters.priceMin),
  priceMax: filters.priceMax === undefined ? '' : String(filters.priceMax),
});

function parsePrice(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 && value <= MAX_AMOUNT ? value : 'invalid';
}

export function validatePrices(values: Pick<FormValues, 'priceMin' | 'priceMax'>): {
  errors: PriceErrors;
  priceMin?: number;
  priceMax?: number;
} {
  const errors: PriceErrors = {};
  const priceMin = parsePrice(values.priceMin);
  const priceMax = parsePrice(values.priceMax);
  const range = `between 0 and ${MAX_AMOUNT.toLocaleString('en-US')}`;
  if (priceMin === 'invalid') errors.priceMin = `Enter a minimum price ${range}.`;
  if (priceMax === 'invalid') errors.priceMax = `Enter a maximum price ${range}.`;
  if (typeof priceMin === 'number' && typeof priceMax === 'number' && priceMin > priceMax) {
    errors.priceMax = 'The maximum price must be at least the minimum price.';
  }
  return {
    errors,
    priceMin: typeof priceMin === 'number' ? priceMin : undefined,
    priceMax: typeof priceMax === 'number' ? priceMax : undefined,
  };
}

function FilterForm({ filters, onHide, onApply }: Omit<FilterModalProps, 'show'>) {
  const id = useId();
  const formId = `${id}-form`;
  const [values, setValues] = useState<FormValues>(() => toValues(filters));
  const [errors, setErrors] = useState<PriceErrors>({});
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);

  const field = (name: keyof FormValues) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (name === 'priceMin' || name === 'priceMax') setErrors({});
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validatePrices(values);
    setErrors(checked.errors);
    if (checked.errors.priceMin) return minRef.current?.focus();
    if (checked.errors.priceMax) return maxRef.current?.focus();
    const next: CatalogFilters = {};
    if (values.category) next.category = values.category as Category;
    if (values.gender) next.gender = values.gender as Gender;
    if (values.rating !== '') next.rating = Number(values.rating);
    if (values.brand) next.brand = values.brand as Brand;
    if (checked.priceMin !== undefined) next.priceMin = checked.priceMin;
    if (checked.priceMax !== undefined) next.priceMax = checked.priceMax;
    onApply(next);
  };

  const select = (
    name: 'category' | 'gender' | 'brand' | 'rating',
    label: string,
    options: ReadonlyArray<{ value: string; label: string }>,
    any: string,
  ) => (
    <div className="col-12 col-sm-6">
      <label htmlFor={`${id}-${name}`} className="form-label fw-semibold">
        {label}
      </label>
      <select className="form-select" {...field(name)}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  const priceInput = (name: 'priceMin' | 'priceMax', label: string, ref: typeof minRef) => {
    const error = errors[name];
    return (
      <div className="col-6">
        <label htmlFor={`${id}-${name}`} className="form-label fw-semibold">
          {label}
        </label>
        <div className="input-group has-validation">
          <span className="input-group-text" aria-hidden="true">
            $
          </span>
          <input
            {...field(name)}
            ref={ref}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder={name === 'priceMin' ? '0' : 'Any'}
            className={`form-control${error ? ' is-invalid' : ''}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-${name}-error` : undefined}
          />
          {error && (
            <div id={`${id}-${name}-error`} className="invalid-feedback">
              {error}
            </div>
          )}
        </div>
      </div>
    );
  };

  const options = (values: readonly string[]) => values.map((value) => ({ value, label: capitalize(value) }));

  return (
    <>
      <Modal.Header closeButton>
        <Modal.Title id="filter-modal-title" as="h2" className="h5 fw-bold">
          Filters
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <form id={formId} onSubmit={submit} noValidate className="row g-3" aria-label="Filter products">
          {select('category', 'Category', options(CATEGORIES), 'All categories')}
          {select('gender', 'Gender', options(GENDERS), 'All genders')}
          {select('brand', 'Brand', options(BRANDS), 'All brands')}
          {select(
            'rating',
            'Rating',
            RATINGS.map((rating) => ({ value: String(rating), label: ratingLabel(rating) })),
            'Any rating',
          )}
          {priceInput('priceMin', 'Min price', minRef)}
          {priceInput('priceMax', 'Max price', maxRef)}
        </form>
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <button type="button" className="btn btn-outline-dark" onClick={() => onApply({})}>
          Clear
        </button>
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-link text-reset" onClick={onHide}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-dark px-4">
            Apply
          </button>
        </div>
      </Modal.Footer>
    </>
  );
}
