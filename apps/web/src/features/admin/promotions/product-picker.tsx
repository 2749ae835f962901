import { useEffect, useState } from 'react';
import { useProductNames, usePromotionProducts } from './api/find-products';

/** How many found products the picker offers at once; a longer name narrows them. */
const SHOWN = 8;

interface Choice {
  id: string;
  name: string;
}

/** The search text once typing has paused, so each key does not ask the server. */
function useSettled(text: string, delay = 300): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return settled;
}

/**
 * The products offered: the chosen ones first (by name once known, even when the search does not find
 * them), then those found.
 */
function useChoices(search: string, chosen: string[]) {
  const products = usePromotionProducts(useSettled(search.trim()));
  const found = (products.data ?? []).map((product) => ({ id: product._id, name: product.name }));
  const known = new Map(found.map((choice) => [choice.id, choice.name]));
  const names = useProductNames(chosen.filter((id) => !known.has(id)));
  const chosenChoices = chosen.map((id) => ({
    id,
    name: known.get(id) ?? names.get(id) ?? `Product ${id.slice(0, 8)}`,
  }));
  const others = found.filter((choice) => !chosen.includes(choice.id)).slice(0, SHOWN);
  return { products, choices: [...chosenChoices, ...others] as Choice[] };
}

/** What the search found, in words, for those who cannot see the choices change. */
function foundText(products: ReturnType<typeof usePromotionProducts>, chosen: number): string {
  if (products.isError) return `We could not search the products: ${products.error.message}`;
  if (products.isPending) return 'Looking for products…';
  const count = chosen === 1 ? '1 product chosen.' : `${chosen} products chosen.`;
  return (products.data ?? []).length === 0 ? `No product on sale matches that name. ${count}` : count;
}

interface ProductPickerProps {
  id: string;
  value: string[];
  onChange: (productIds: string[]) => void;
}

/** The products a promotion names: a search by name and the products found as checkboxes. */
export function ProductPicker({ id, value, onChange }: ProductPickerProps) {
  const [search, setSearch] = useState('');
  const { products, choices } = useChoices(search, value);
  const toggle = (productId: string, on: boolean) =>
    onChange(on ? [...value, productId] : value.filter((item) => item !== productId));
  return (
    <fieldset className="admin-promotions__picker">
      <legend className="admin-promotions__label">Products</legend>
      <label className="visually-hidden" htmlFor={`${id}-search`}>
        Find a product by name
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className="form-control"
        placeholder="Find a product by name"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-describedby={`${id}-found`}
      />
      <p id={`${id}-found`} className="form-text mb-2" role="status">
        {foundText(products, value.length)}
      </p>
      <ul className="admin-promotions__choices list-unstyled">
        {choices.map((choice) => (
          <li key={choice.id} className="form-check">
            <input
              id={`${id}-product-${choice.id}`}
              type="checkbox"
              className="form-check-input"
              checked={value.includes(choice.id)}
              onChange={(event) => toggle(choice.id, event.target.checked)}
            />
            <label htmlFor={`${id}-product-${choice.id}`} className="form-check-label">
              {choice.name}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
