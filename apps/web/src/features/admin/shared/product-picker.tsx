import { useEffect, useState } from 'react';
import { useProductChoices } from './api/find-products';

/** How many found products the picker offers at once; a longer name narrows them. */
const SHOWN = 8;

/** A product as the picker offers it: its name, and its brand and picture for the tiles. */
export interface ProductChoice {
  id: string;
  name: string;
  brand?: string;
  card_picture?: string;
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

/** The picker's search: the words typed, and the products on sale whose name they find. */
export function useProductSearch() {
  const [text, setText] = useState('');
  const products = useProductChoices(useSettled(text.trim()));
  const found: ProductChoice[] = (products.data ?? []).map((product) => ({
    id: product._id,
    name: product.name,
    brand: product.brand,
    card_picture: product.card_picture,
  }));
  return { text, setText, products, found };
}

type ProductSearch = ReturnType<typeof useProductSearch>;

interface ProductPickerProps {
  /** The inputs' ids start with it: the search is `${id}-search`. */
  id: string;
  legend: string;
  className?: string;
  search: ProductSearch;
  /** The products chosen: offered first, even when the search does not find them. */
  chosen: ProductChoice[];
  /** Checkboxes for any number of products, or a radio group for one. */
  multiple: boolean;
  onToggle: (product: ProductChoice, on: boolean) => void;
  /** What the status line says once the search has answered: how many it found, how many are offered. */
  statusText: (found: number, offered: number) => string;
  /** Each product as a tile with its picture and brand, instead of its name to tick. */
  tiles?: boolean;
  /** Why the choice is refused, said after the legend. */
  error?: string;
  /** The chosen products only, without a search (what can no longer change). */
  readOnly?: boolean;
  /** The search box's ref, which takes the focus when the choice is refused. */
  searchRef?: (element: HTMLElement | null) => void;
}

/**
 * The products offered: the chosen ones first, then those found. With one choice, SHOWN in all; with
 * several, every one chosen and SHOWN more.
 */
function offered({ chosen, multiple, readOnly, search }: ProductPickerProps): ProductChoice[] {
  const isChosen = (choice: ProductChoice) => chosen.some((item) => item.id === choice.id);
  const others = readOnly ? [] : search.found.filter((choice) => !isChosen(choice));
  return multiple ? [...chosen, ...others.slice(0, SHOWN)] : [...chosen, ...others].slice(0, SHOWN);
}

/** What the search found, in words, for those who cannot see the choices change. */
function searchStatus({ search, statusText }: ProductPickerProps, offeredCount: number): string {
  const { products } = search;
  if (products.isError) return `We could not search the products: ${products.error.message}`;
  if (products.isPending) return 'Looking for products…';
  return statusText(search.found.length, offeredCount);
}

/** A search by name and the products found as a radio group or checkboxes, by name or as tiles. */
export function ProductPicker(props: ProductPickerProps) {
  const { id, legend, search, chosen, multiple, error, readOnly = false } = props;
  const choices = offered(props);
  const described = [error ? `${id}-error` : null, `${id}-found`].filter(Boolean).join(' ');
  return (
    <fieldset className={`admin-picker${props.className ? ` ${props.className}` : ''}`}>
      <legend className="admin-label">{legend}</legend>
      {readOnly ? null : (
        <>
          <label className="visually-hidden" htmlFor={`${id}-search`}>
            Find a product by name
          </label>
          <input
            ref={props.searchRef}
            id={`${id}-search`}
            type="search"
            className={`form-control${error ? ' is-invalid' : ''}`}
            placeholder="Find a product by name"
            value={search.text}
            onChange={(event) => search.setText(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
          />
          {error ? (
            <div id={`${id}-error`} className="invalid-feedback d-block">
              {legend} {error}
            </div>
          ) : null}
          <p id={`${id}-found`} className="form-text mb-2" role="status">
            {searchStatus(props, choices.length)}
          </p>
        </>
      )}
      <ul className={`${props.tiles ? 'admin-picker__tiles' : 'admin-picker__names'} list-unstyled`}>
        {choices.map((choice) => (
          <li key={choice.id} className={props.tiles ? undefined : 'form-check'}>
            <input
              id={`${id}-product-${choice.id}`}
              type={multiple ? 'checkbox' : 'radio'}
              name={multiple ? undefined : `${id}-product`}
              className={props.tiles ? 'admin-picker__input' : 'form-check-input'}
              checked={chosen.some((item) => item.id === choice.id)}
              onChange={(event) => props.onToggle(choice, event.target.checked)}
            />
            <label
              htmlFor={`${id}-product-${choice.id}`}
              className={props.tiles ? 'admin-picker__tile' : 'form-check-label'}
            >
              {props.tiles ? (
                <>
                  <img src={choice.card_picture} alt="" width={56} height={56} loading="lazy" />
                  <span className="admin-picker__name">{choice.name}</span>
                  <span className="admin-picker__brand">{choice.brand}</span>
                </>
              ) : (
                choice.name
              )}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
