import { BRANDS, type Brand, CATEGORIES, type Category } from '@shop/contracts';
import { ProductPicker } from './product-picker';
import type { PromotionFormValues } from './promotion-form-values';

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

interface CheckListProps<Item extends string> {
  id: string;
  legend: string;
  options: readonly Item[];
  value: Item[];
  onChange: (value: Item[]) => void;
}

/** A row of checkboxes under a legend: brands, or categories. */
function CheckList<Item extends string>({ id, legend, options, value, onChange }: CheckListProps<Item>) {
  return (
    <fieldset>
      <legend className="admin-promotions__label">{legend}</legend>
      <div className="admin-promotions__checks">
        {options.map((option) => (
          <div key={option} className="form-check form-check-inline">
            <input
              id={`${id}-${option}`}
              type="checkbox"
              className="form-check-input"
              checked={value.includes(option)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, option] : value.filter((item) => item !== option))
              }
            />
            <label htmlFor={`${id}-${option}`} className="form-check-label">
              {capitalize(option)}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

interface EligibilityProps {
  id: string;
  values: PromotionFormValues;
  error?: string;
  inputRef: (element: HTMLElement | null) => void;
  onChange: (patch: Partial<PromotionFormValues>) => void;
}

/**
 * Which pairs the promotion takes off: all products, or only those chosen by name, brand or category (a
 * pair counts when it matches any of them).
 */
export function EligibilityFields({ id, values, error, inputRef, onChange }: EligibilityProps) {
  const some = values.scope === 'some';
  return (
    <fieldset
      className="admin-promotions__field--wide admin-promotions__eligible"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="admin-promotions__label">Eligible products</legend>
      <div className="form-check">
        <input
          ref={some ? undefined : inputRef}
          id={`${id}-all`}
          type="radio"
          name={`${id}-scope`}
          className="form-check-input"
          checked={!some}
          onChange={() => onChange({ scope: 'all' })}
        />
        <label htmlFor={`${id}-all`} className="form-check-label">
          All products
        </label>
      </div>
      <div className="form-check">
        <input
          ref={some ? inputRef : undefined}
          id={`${id}-some`}
          type="radio"
          name={`${id}-scope`}
          className="form-check-input"
          checked={some}
          onChange={() => onChange({ scope: 'some' })}
          aria-describedby={`${id}-some-hint`}
        />
        <label htmlFor={`${id}-some`} className="form-check-label">
          Only some products
        </label>
        <div id={`${id}-some-hint`} className="form-text mt-0">
          A pair counts when it is one of the products chosen, or of a brand or category ticked.
        </div>
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          Eligible products {error}
        </div>
      ) : null}
      {some ? (
        <div className="admin-promotions__scope">
          <ProductPicker
            id={`${id}-products`}
            value={values.productIds}
            onChange={(productIds) => onChange({ productIds })}
          />
          <CheckList<Brand>
            id={`${id}-brand`}
            legend="Brands"
            options={BRANDS}
            value={values.brands}
            onChange={(brands) => onChange({ brands })}
          />
          <CheckList<Category>
            id={`${id}-category`}
            legend="Categories"
            options={CATEGORIES}
            value={values.categories}
            onChange={(categories) => onChange({ categories })}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
