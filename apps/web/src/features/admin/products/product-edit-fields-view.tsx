import type { ProductPictures } from '@shop/contracts';
import { EditField } from './edit-field';
import { PictureUpload } from './picture-upload';
import { EDIT_FIELDS, type EditValues, type EditField as Field } from './product-edit-fields';

interface ProductEditFieldsProps {
  /** The modal's id: each field's id starts with it. */
  id: string;
  hidden: boolean;
  values: EditValues;
  /** The field open behind its pencil, if any. */
  editing: Field | null;
  changed: (field: Field) => boolean;
  fieldError: (field: Field) => string | null;
  fieldWarning: (field: Field) => string | null;
  /** While saving, nothing can be unlocked. */
  disabled: boolean;
  onToggle: (field: Field) => void;
  onChange: (field: Field, value: string) => void;
  /** A picture uploaded but not saved yet. */
  pictures: ProductPictures | null;
  onUploaded: (pictures: ProductPictures) => void;
  onUploadBusyChange: (busy: boolean) => void;
  pictureError: string | undefined;
}

/** Product Details' fields view: each field behind its pencil, then 'Change picture'. */
export function ProductEditFields({
  id,
  hidden,
  values,
  editing,
  changed,
  fieldError,
  fieldWarning,
  disabled,
  onToggle,
  onChange,
  pictures,
  onUploaded,
  onUploadBusyChange,
  pictureError,
}: ProductEditFieldsProps) {
  return (
    <div className="row g-3" hidden={hidden}>
      {EDIT_FIELDS.map((field) => (
        <div
          key={field}
          className={field === 'name' || field === 'description' ? 'col-12' : 'col-12 col-sm-6'}
        >
          <EditField
            id={`${id}-${field}`}
            field={field}
            value={values[field]}
            editing={editing === field}
            changed={changed(field)}
            error={fieldError(field)}
            warning={fieldWarning(field)}
            disabled={disabled}
            onToggle={() => onToggle(field)}
            onChange={(value) => onChange(field, value)}
          />
        </div>
      ))}
      <div className="col-12">
        <PictureUpload
          id={`${id}-picture`}
          label="Change picture"
          pictures={pictures}
          onUploaded={onUploaded}
          onBusyChange={onUploadBusyChange}
          error={pictureError}
          preview={false}
        />
      </div>
    </div>
  );
}
