import type { UseFormRegister } from 'react-hook-form';
import type { CreateValues, SizeChoice } from './create-product-check';
import { errorId, FieldError } from './form-bits';

interface SizeChoicesProps {
  id: string;
  sizes: SizeChoice[];
  register: UseFormRegister<CreateValues>;
  error?: string | null;
  onChange: () => void;
}

/**
 * The create form's sizes (6 to 10.5): a box to offer each size, and beside it the units in stock. The
 * units field opens once its size is chosen.
 */
export function SizeChoices({ id, sizes, register, error, onChange }: SizeChoicesProps) {
  return (
    <fieldset className="admin-sizes" aria-describedby={`${id}-hint${error ? ` ${errorId(id)}` : ''}`}>
      <legend className="form-label">Sizes and units in stock</legend>
      <p id={`${id}-hint`} className="form-text mt-0 mb-2">
        Choose every size you sell and how many pairs of it you have.
      </p>
      <div className="admin-sizes__grid">
        {sizes.map((choice, index) => {
          const boxId = `${id}-${index}`;
          return (
            <div key={choice.size} className={`admin-sizes__tile${choice.on ? ' is-on' : ''}`}>
              <div className="form-check mb-1">
                <input
                  id={boxId}
                  type="checkbox"
                  className="form-check-input"
                  aria-invalid={error ? true : undefined}
                  {...register(`sizes.${index}.on`, { onChange })}
                />
                <label htmlFor={boxId} className="form-check-label fw-semibold">
                  Size {choice.size}
                </label>
              </div>
              <label htmlFor={`${boxId}-units`} className="visually-hidden">
                Units of size {choice.size}
              </label>
              <input
                id={`${boxId}-units`}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder="Units"
                className={`form-control form-control-sm${error && choice.on ? ' is-invalid' : ''}`}
                disabled={!choice.on}
                aria-invalid={error && choice.on ? true : undefined}
                {...register(`sizes.${index}.units`, { onChange })}
              />
            </div>
          );
        })}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}
