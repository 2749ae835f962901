import { BRANDS, CATEGORIES, GENDERS, RATINGS } from '@shop/contracts';
import type { RefObject } from 'react';
import Modal from 'react-bootstrap/Modal';
import { SelectOptions } from '../../components/select-options';
import { type CatalogFilters, capitalize, ratingLabel } from '../../lib/catalog/catalog-params';
import { type FilterField, useFilterForm } from './use-filter-form';

interface FilterModalProps {
  show: boolean;
  onHide: () => void;
  /** The filters in force; the form starts from them each time it opens. */
  filters: CatalogFilters;
  /** Called with the new filters (empty object for Clear); the modal closes itself afterwards. */
  onApply: (filters: CatalogFilters) => void;
}

/**
 * The catalogue's filter modal: category, gender, rating, brand, a price range and On sale, with Apply and
 * Clear.
 */
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

/** Each value as an option, its label capitalised. */
const capitalizedOptions = (values: readonly string[]) =>
  values.map((value) => ({ value, label: capitalize(value) }));

const RATING_OPTIONS = RATINGS.map((rating) => ({ value: String(rating), label: ratingLabel(rating) }));

function FilterForm({ filters, onHide, onApply }: Omit<FilterModalProps, 'show'>) {
  const { id, field, errors, minRef, maxRef, submit } = useFilterForm(filters, onApply);
  const formId = `${id}-form`;

  return (
    <>
      <Modal.Header closeButton>
        <Modal.Title id="filter-modal-title" as="h2" className="h5 fw-bold">
          Filters
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <form id={formId} onSubmit={submit} noValidate className="row g-3" aria-label="Filter products">
          <FilterSelect
            field={field('category')}
            label="Category"
            options={capitalizedOptions(CATEGORIES)}
            any="All categories"
          />
          <FilterSelect
            field={field('gender')}
            label="Gender"
            options={capitalizedOptions(GENDERS)}
            any="All genders"
          />
          <FilterSelect
            field={field('brand')}
            label="Brand"
            options={capitalizedOptions(BRANDS)}
            any="All brands"
          />
          <FilterSelect field={field('rating')} label="Rating" options={RATING_OPTIONS} any="Any rating" />
          <PriceInput
            field={field('priceMin')}
            label="Min price"
            placeholder="0"
            error={errors.priceMin}
            inputRef={minRef}
          />
          <PriceInput
            field={field('priceMax')}
            label="Max price"
            placeholder="Any"
            error={errors.priceMax}
            inputRef={maxRef}
          />
          <OnSaleCheckbox field={field('onSale')} />
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

/** "On sale": only products whose price is below their compare-at price. */
function OnSaleCheckbox({ field }: { field: FilterField }) {
  return (
    <div className="col-12">
      <div className="form-check">
        <input
          id={field.id}
          name={field.name}
          type="checkbox"
          className="form-check-input"
          checked={field.value === 'true'}
          onChange={(event) => field.onChange({ target: { value: event.target.checked ? 'true' : '' } })}
        />
        <label htmlFor={field.id} className="form-check-label">
          On sale
        </label>
      </div>
    </div>
  );
}

/** A choice among the options, '' (the first option, `any`) for no filter. */
function FilterSelect({
  field,
  label,
  options,
  any,
}: {
  field: FilterField;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  any: string;
}) {
  return (
    <div className="col-12 col-sm-6">
      <label htmlFor={field.id} className="form-label fw-semibold">
        {label}
      </label>
      <select className="form-select" {...field}>
        <option value="">{any}</option>
        <SelectOptions options={options} />
      </select>
    </div>
  );
}

/** A price in dollars, with its error under it. */
function PriceInput({
  field,
  label,
  placeholder,
  error,
  inputRef,
}: {
  field: FilterField;
  label: string;
  placeholder: string;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <div className="col-6">
      <label htmlFor={field.id} className="form-label fw-semibold">
        {label}
      </label>
      <div className="input-group has-validation">
        <span className="input-group-text" aria-hidden="true">
          $
        </span>
        <input
          {...field}
          ref={inputRef}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          placeholder={placeholder}
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${field.id}-error` : undefined}
        />
        {error && (
          <div id={`${field.id}-error`} className="invalid-feedback">
            {error}
          </div>
        )}
      </div>
    </div>
  );
}
