import { BRANDS, type Brand, CATEGORIES, type Category } from '@shop/contracts';
import { ChoiceGroup } from '../shared/choice-group';
import type { PromotionFormValues } from './promotion-form-values';
import { PromotionProducts } from './promotion-products';

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const checksOf = <Item extends string>(items: readonly Item[]) =>
  items.map((item) => ({ value: item, label: capitalize(item) }));

const SCOPES = [
  { value: 'all' as const, label: 'All products' },
  {
    value: 'some' as const,
    label: 'Only some products',
    hint: 'A pair counts when it is one of the products chosen, or of a brand or category ticked.',
  },
];
const BRAND_CHECKS = checksOf<Brand>(BRANDS);
const CATEGORY_CHECKS = checksOf<Category>(CATEGORIES);

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
  return (
    <ChoiceGroup
      id={id}
      legend="Eligible products"
      choices={SCOPES}
      value={values.scope}
      onChange={(scope) => onChange({ scope })}
      error={error}
      inputRef={inputRef}
      className="admin-field--wide"
    >
      {values.scope === 'some' ? (
        <div className="admin-promotions__scope">
          <PromotionProducts
            id={`${id}-products`}
            value={values.productIds}
            onChange={(productIds) => onChange({ productIds })}
          />
          <ChoiceGroup
            id={`${id}-brand`}
            legend="Brands"
            choices={BRAND_CHECKS}
            multiple
            value={values.brands}
            onChange={(brands) => onChange({ brands })}
            itemClassName="form-check-inline"
          />
          <ChoiceGroup
            id={`${id}-category`}
            legend="Categories"
            choices={CATEGORY_CHECKS}
            multiple
            value={values.categories}
            onChange={(categories) => onChange({ categories })}
            itemClassName="form-check-inline"
          />
        </div>
      ) : null}
    </ChoiceGroup>
  );
}
