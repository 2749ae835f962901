import { useEffect, useState } from 'react';
import type { AdminProduct } from '../products/products-api';
import { useDropProducts } from './api/find-products';
import type { DropProductChoice } from './drop-form-values';

/** How many found products the picker offers at once; a longer name narrows them. */
const SHOWN = 8;

const choiceOf = (product: AdminProduct): DropProductChoice => ({
  id: product._id,
  name: product.name,
  brand: product.brand,
  card_picture: product.card_picture,
});

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
 * The products offered: the chosen one first (even when the search does not find it), then those found;
 * only the chosen one when the drop can no longer change.
 */
function useChoices(search: string, value: DropProductChoice | null, readOnly: boolean) {
  const products = useDropProducts(useSettled(search.trim()));
  const found = readOnly
    ? []
    : (products.data ?? []).map(choiceOf).filter((choice) => choice.id !== value?.id);
  const choices = [...(value ? [value] : []), ...found].slice(0, SHOWN);
  return { products, choices };
}

/** What the search found, in words, for those who cannot see the choices change. */
function foundText(
  products: ReturnType<typeof useDropProducts>,
  shown: number,
  value: DropProductChoice | null,
): string {
  if (products.isError) return `We could not search the products: ${products.error.message}`;
  if (products.isPending) return 'Looking for products…';
  if (shown === 0) return 'No product on sale matches that name.';
  return value ? `Chosen: ${value.name}.` : 'Pick the product to release.';
}

interface ProductPickerProps {
  id: string;
  value: DropProductChoice | null;
  error?: string;
  /** A started drop: its product only, no search. */
  readOnly: boolean;
  searchRef: (element: HTMLElement | null) => void;
  onChange: (product: DropProductChoice) => void;
}

/** The product to release: a search by name and the products found as a radio group, pictures shown. */
export function ProductPicker({ id, value, error, readOnly, searchRef, onChange }: ProductPickerProps) {
  const [search, setSearch] = useState('');
  const { products, choices } = useChoices(search, value, readOnly);
  const described = [error ? `${id}-error` : null, `${id}-found`].filter(Boolean).join(' ');
  return (
    <fieldset className="admin-drops__picker admin-drops__field--wide">
      <legend className="admin-drops__label">Product</legend>
      {readOnly ? null : (
        <>
          <label className="visually-hidden" htmlFor={`${id}-search`}>
            Find a product by name
          </label>
          <input
            ref={searchRef}
            id={`${id}-search`}
            type="search"
            className={`form-control${error ? ' is-invalid' : ''}`}
            placeholder="Find a product by name"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
          />
          {error ? (
            <div id={`${id}-error`} className="invalid-feedback d-block">
              Product {error}
            </div>
          ) : null}
          <p id={`${id}-found`} className="form-text mb-2" role="status">
            {foundText(products, choices.length, value)}
          </p>
        </>
      )}
      <ul className="admin-drops__choices list-unstyled">
        {choices.map((choice) => (
          <li key={choice.id}>
            <input
              id={`${id}-product-${choice.id}`}
              type="radio"
              name={`${id}-product`}
              className="admin-drops__choice-input"
              checked={value?.id === choice.id}
              onChange={() => onChange(choice)}
            />
            <label htmlFor={`${id}-product-${choice.id}`} className="admin-drops__choice">
              <img src={choice.card_picture} alt="" width={56} height={56} loading="lazy" />
              <span className="admin-drops__choice-name">{choice.name}</span>
              <span className="admin-drops__choice-brand">{choice.brand}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
