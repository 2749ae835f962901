import {
  BRANDS,
  CATEGORIES,
  COLORS,
  DESCRIPTION_MAX,
  GENDERS,
  type Product,
  type ProductPictures,
  RELEASE_YEAR_MAX,
  RELEASE_YEAR_MIN,
} from '@shop/contracts';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AlertError } from '../../../components/alert-error';
import { ApiError, errorText } from '../../../lib/api';
import {
  CREATE_TEXT_FIELDS,
  type CreateErrors,
  type CreateField,
  type CreateValues,
  checkCreate,
  createFieldOf,
  emptyCreateValues,
} from './create-product-check';
import { capitalize, describe, FieldError } from './form-bits';
import { PictureUpload } from './picture-upload';
import { useCreateProduct } from './products-api';
import { SizeChoices } from './size-choices';

const LABELS: Record<CreateField, string> = {
  name: 'Name',
  brand: 'Brand',
  color: 'Color',
  gender: 'Gender',
  category: 'Category',
  release_date: 'Release date',
  price: 'Price',
  description: 'Description',
  stock: 'Sizes',
  picture: 'Picture',
};
const FIELD_ORDER: CreateField[] = [...CREATE_TEXT_FIELDS, 'stock', 'picture'];

interface CreateProductFormProps {
  onCreated: (product: Product) => void;
  onCancel: () => void;
}

/**
 * The spec's product create form. Messages show once a field has been touched; Send stays disabled while
 * any message exists or any field is a single space, and the server's own field refusals show beside
 * their fields until they are changed.
 */
export function CreateProductForm({ onCreated, onCancel }: CreateProductFormProps) {
  const id = useId();
  const create = useCreateProduct();
  const { register, watch, formState } = useForm<CreateValues>({
    defaultValues: emptyCreateValues(),
  });
  const values = watch();
  const [pictures, setPictures] = useState<ProductPictures | null>(null);
  const [pictureSeen, setPictureSeen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [server, setServer] = useState<CreateErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const check = checkCreate(values, pictures);
  const { touchedFields, dirtyFields } = formState;
  const seen = (field: CreateField): boolean => {
    if (field === 'picture') return pictureSeen;
    if (field === 'stock')
      return [...(touchedFields.sizes ?? []), ...(dirtyFields.sizes ?? [])].some((size) =>
        Boolean(size?.on || size?.units),
      );
    return Boolean(touchedFields[field] || dirtyFields[field]);
  };
  const errorOf = (field: CreateField) => server[field] ?? (seen(field) ? check.errors[field] : undefined);
  const clear = (field: CreateField) =>
    setServer((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  const markPicture = useCallback(() => setPictureSeen(true), []);
  const onUploaded = useCallback((stored: ProductPictures) => {
    setPictures(stored);
    setPictureSeen(true);
    setServer(({ picture: _gone, ...rest }) => rest);
  }, []);

  const pending = FIELD_ORDER.filter((field) => check.errors[field] || server[field]);
  const blocked = !check.body || pending.length > 0 || uploading || create.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked || !check.body) return;
    setFormError(null);
    try {
      onCreated(await create.mutateAsync(check.body));
    } catch (failure) {
      const fields: CreateErrors = {};
      if (failure instanceof ApiError)
        for (const [path, message] of Object.entries(failure.fields)) {
          const field = createFieldOf(path);
          if (field && !fields[field]) fields[field] = message;
        }
      setServer(fields);
      setFormError(`Your product was not saved: ${errorText(failure)}`);
    }
  };

  const text = (field: 'name' | 'release_date' | 'price', props: Record<string, unknown> = {}) => {
    const error = errorOf(field);
    const inputId = `${id}-${field}`;
    return (
      <>
        <label htmlFor={inputId} className="form-label">
          {LABELS[field]}
        </label>
        <input
          id={inputId}
          className={`form-control${error ? ' is-invalid' : ''}`}
          {...describe(inputId, error)}
          {...props}
          {...register(field, { onChange: () => clear(field) })}
        />
        <FieldError id={inputId} message={error} />
      </>
    );
  };

  const select = (field: 'brand' | 'color', options: readonly string[]) => {
    const error = errorOf(field);
    const inputId = `${id}-${field}`;
    return (
      <>
        <label htmlFor={inputId} className="form-label">
          {LABELS[field]}
        </label>
        <select
          id={inputId}
          className={`form-select${error ? ' is-invalid' : ''}`}
          {...describe(inputId, error)}
          {...register(field, { onChange: () => clear(field) })}
        >
          <option value="">Choose…</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {capitalize(option)}
            </option>
          ))}
        </select>
        <FieldError id={inputId} message={error} />
      </>
    );
  };

  const choices = (field: 'gender' | 'category', options: readonly string[]) => {
    const error = errorOf(field);
    const groupId = `${id}-${field}`;
    return (
      <fieldset aria-describedby={error ? `${groupId}-error` : undefined}>
        <legend className="form-label">{LABELS[field]}</legend>
        <div className="admin-choices">
          {options.map((option) => (
            <div key={option} className="form-check form-check-inline">
              <input
                id={`${groupId}-${option}`}
                type="radio"
                value={option}
                className={`form-check-input${error ? ' is-invalid' : ''}`}
                aria-invalid={error ? true : undefined}
                {...register(field, { onChange: () => clear(field) })}
              />
              <label htmlFor={`${groupId}-${option}`} className="form-check-label">
                {capitalize(option)}
              </label>
            </div>
          ))}
        </div>
        <FieldError id={groupId} message={error} />
      </fieldset>
    );
  };

  const descriptionId = `${id}-description`;
  const descriptionError = errorOf('description');

  return (
    <form noValidate onSubmit={onSubmit} aria-label="New product">
      <div className="modal-body">
        <div className="row g-3">
          <div className="col-12 col-md-6">{text('name', { autoComplete: 'off', maxLength: 200 })}</div>
          <div className="col-6 col-md-3">{select('brand', BRANDS)}</div>
          <div className="col-6 col-md-3">{select('color', COLORS)}</div>
          <div className="col-12 col-md-6">{choices('gender', GENDERS)}</div>
          <div className="col-12 col-md-6">{choices('category', CATEGORIES)}</div>
          <div className="col-6">
            {text('release_date', {
              type: 'date',
              min: `${RELEASE_YEAR_MIN}-01-01`,
              max: `${RELEASE_YEAR_MAX}-12-31`,
            })}
          </div>
          <div className="col-6">{text('price', { inputMode: 'decimal', placeholder: '129.99' })}</div>
          <div className="col-12">
            <label htmlFor={descriptionId} className="form-label">
              Description
            </label>
            <textarea
              id={descriptionId}
              rows={5}
              className={`form-control${descriptionError ? ' is-invalid' : ''}`}
              {...describe(descriptionId, descriptionError, `${descriptionId}-count`)}
              {...register('description', { onChange: () => clear('description') })}
            />
            <div id={`${descriptionId}-count`} className="form-text">
              {values.description.length} / {DESCRIPTION_MAX} characters
            </div>
            <FieldError id={descriptionId} message={descriptionError} />
          </div>
          <div className="col-12">
            <SizeChoices
              id={`${id}-stock`}
              sizes={values.sizes}
              register={register}
              error={errorOf('stock')}
              onChange={() => clear('stock')}
            />
          </div>
          <div className="col-12">
            <PictureUpload
              onTouched={markPicture}
              id={`${id}-picture`}
              label="Image"
              pictures={pictures}
              onUploaded={onUploaded}
              onBusyChange={setUploading}
              error={errorOf('picture')}
            />
          </div>
        </div>
        {formError ? (
          <AlertError message={formError} onClose={() => setFormError(null)} className="mt-3 mb-0" />
        ) : null}
      </div>
      <div className="modal-footer admin-form-footer">
        <p id={`${id}-pending`} className="admin-form-footer__pending">
          {pending.length > 0
            ? `Still to complete: ${pending.map((field) => LABELS[field]).join(', ')}.`
            : check.singleSpace
              ? 'A field holds only a space.'
              : 'Everything is ready to send.'}
        </p>
        <button type="button" className="btn btn-outline-dark" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-dark" disabled={blocked} aria-describedby={`${id}-pending`}>
          {create.isPending ? (
            <>
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              Sending…
            </>
          ) : (
            'Send'
          )}
        </button>
      </div>
    </form>
  );
}
