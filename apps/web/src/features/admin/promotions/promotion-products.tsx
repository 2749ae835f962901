import { type ProductChoice, ProductPicker, useProductSearch } from '../shared/product-picker';
import { useProductNames } from './api/get-product-names';

/** What the picker's status line says once the search has answered: how many products are chosen. */
function pickerStatus(chosen: number) {
  return (found: number) => {
    const count = chosen === 1 ? '1 product chosen.' : `${chosen} products chosen.`;
    return found === 0 ? `No product on sale matches that name. ${count}` : count;
  };
}

interface PromotionProductsProps {
  id: string;
  value: string[];
  onChange: (productIds: string[]) => void;
}

/**
 * The products a promotion names, as checkboxes: the chosen ones by name once known (from the search,
 * or read one by one), even when the search does not find them.
 */
export function PromotionProducts({ id, value, onChange }: PromotionProductsProps) {
  const search = useProductSearch();
  const known = new Map(search.found.map((choice) => [choice.id, choice.name]));
  const names = useProductNames(value.filter((productId) => !known.has(productId)));
  const chosen: ProductChoice[] = value.map((productId) => ({
    id: productId,
    name: known.get(productId) ?? names.get(productId) ?? `Product ${productId.slice(0, 8)}`,
  }));
  return (
    <ProductPicker
      id={id}
      legend="Products"
      search={search}
      chosen={chosen}
      multiple
      onToggle={(product, on) =>
        onChange(on ? [...value, product.id] : value.filter((item) => item !== product.id))
      }
      statusText={pickerStatus(value.length)}
    />
  );
}
