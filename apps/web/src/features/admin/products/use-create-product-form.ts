import type { Product, ProductPictures } from '@shop/contracts';
import { type FormEvent, useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, errorText } from '../../../lib/api';
import {
  CREATE_TEXT_FIELDS,
  type CreateErrors,
  type CreateField,
  type CreateTextField,
  type CreateValues,
  checkCreate,
  createFieldOf,
  emptyCreateValues,
} from './create-product-check';
import { useCreateProduct } from './products-api';

const FIELD_ORDER: CreateField[] = [...CREATE_TEXT_FIELDS, 'stock', 'picture'];

/** The server's field refusals, one message per field of the form (the first one given). */
function refusedFields(failure: unknown): CreateErrors {
  const fields: CreateErrors = {};
  if (failure instanceof ApiError)
    for (const [path, message] of Object.entries(failure.fields)) {
      const field = createFieldOf(path);
      if (field && !fields[field]) fields[field] = message;
    }
  return fields;
}

/**
 * The create form's state: its values, the picture, which messages show (once a field has been touched,
 * and the server's until their field changes), what is still to complete, and Send.
 */
export function useCreateProductForm(onCreated: (product: Product) => void) {
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
  /** What `register` gives for a field whose server message goes once it changes. */
  const registration = (field: CreateTextField) => register(field, { onChange: () => clear(field) });
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
      setServer(refusedFields(failure));
      setFormError(`Your product was not saved: ${errorText(failure)}`);
    }
  };

  return {
    register,
    registration,
    values,
    pictures,
    errorOf,
    clear,
    markPicture,
    onUploaded,
    setUploading,
    pending,
    singleSpace: check.singleSpace,
    blocked,
    sending: create.isPending,
    onSubmit,
    formError,
    dismissError: () => setFormError(null),
  };
}
