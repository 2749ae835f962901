import {
  BRANDS,
  CATEGORIES,
  COLORS,
  GENDERS,
  type Product,
  RELEASE_YEAR_MAX,
  RELEASE_YEAR_MIN,
  SIZE_SHIFTS,
  TAX_CATEGORIES,
} from '@shop/contracts';
import { useId } from 'react';
import { AlertError } from '../../../components/alert-error';
import type { CreateTextField } from './create-product-check';
import {
  CREATE_LABELS,
  DescriptionField,
  RadioChoiceField,
  SelectField,
  TextInputField,
} from './create-product-fields';
import { CreateProductFooter } from './create-product-footer';
import { PictureUpload } from './picture-upload';
import { EDIT_HINTS, optionLabel } from './product-edit-fields';
import { SizeChoices } from './size-choices';
import { UnchartedSizes } from './uncharted-sizes';
import { useCreateProductForm } from './use-create-product-form';

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
  const form = useCreateProductForm(onCreated);
  const { errorOf, registration } = form;
  /** A field's id, label, message and registration, as its control takes them. */
  const field = (name: Exclude<CreateTextField, 'description'>) => ({
    id: `${id}-${name}`,
    label: CREATE_LABELS[name],
    error: errorOf(name),
    registration: registration(name),
  });

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label="New product">
      <div className="modal-body">
        <div className="row g-3">
          <div className="col-12 col-md-6">
            <TextInputField {...field('name')} autoComplete="off" maxLength={200} />
          </div>
          <div className="col-6 col-md-3">
            <SelectField {...field('brand')} options={BRANDS} />
          </div>
          <div className="col-6 col-md-3">
            <SelectField {...field('color')} options={COLORS} />
          </div>
          <div className="col-12 col-md-6">
            <RadioChoiceField {...field('gender')} options={GENDERS} />
          </div>
          <div className="col-12 col-md-6">
            <RadioChoiceField {...field('category')} options={CATEGORIES} />
          </div>
          <div className="col-6">
            <TextInputField
              {...field('release_date')}
              type="date"
              min={`${RELEASE_YEAR_MIN}-01-01`}
              max={`${RELEASE_YEAR_MAX}-12-31`}
            />
          </div>
          <div className="col-6">
            <TextInputField {...field('price')} inputMode="decimal" placeholder="129.99" />
          </div>
          <div className="col-12 col-md-6">
            <TextInputField
              {...field('compareAtPrice')}
              inputMode="decimal"
              hint={EDIT_HINTS.compareAtPrice}
            />
          </div>
          <div className="col-12 col-md-6">
            <SelectField
              {...field('taxCategory')}
              options={TAX_CATEGORIES}
              hint={EDIT_HINTS.taxCategory}
              choose={false}
            />
          </div>
          <div className="col-12 col-md-6">
            <SelectField
              {...field('sizeShift')}
              options={SIZE_SHIFTS.map(String)}
              labelOf={(option) => optionLabel('sizeShift', option)}
              hint={EDIT_HINTS.sizeShift}
              choose={false}
            />
          </div>
          <div className="col-12 col-md-6">
            <TextInputField {...field('gtin')} inputMode="numeric" hint={EDIT_HINTS.gtin} />
          </div>
          <div className="col-12">
            <DescriptionField
              id={`${id}-description`}
              error={errorOf('description')}
              registration={registration('description')}
              length={form.values.description.length}
            />
          </div>
          <div className="col-12">
            <SizeChoices
              id={`${id}-stock`}
              sizes={form.values.sizes}
              register={form.register}
              error={errorOf('stock')}
              onChange={() => form.clear('stock')}
            />
            <UnchartedSizes
              brand={form.values.brand}
              genders={[form.values.gender]}
              sizes={form.values.sizes.filter((choice) => choice.on).map((choice) => choice.size)}
              className="mt-2"
            />
          </div>
          <div className="col-12">
            <PictureUpload
              onTouched={form.markPicture}
              id={`${id}-picture`}
              label="Image"
              pictures={form.pictures}
              onUploaded={form.onUploaded}
              onBusyChange={form.setUploading}
              error={errorOf('picture')}
            />
          </div>
        </div>
        {form.formError ? (
          <AlertError message={form.formError} onClose={form.dismissError} className="mt-3 mb-0" />
        ) : null}
      </div>
      <CreateProductFooter
        id={`${id}-pending`}
        pending={form.pending}
        singleSpace={form.singleSpace}
        blocked={form.blocked}
        sending={form.sending}
        onCancel={onCancel}
      />
    </form>
  );
}
