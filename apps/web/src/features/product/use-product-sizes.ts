import {
  chartGenderOf,
  type ProductDetail,
  type ProductSize,
  rowForKey,
  type ShopperSize,
  type ShopperSizeSystem,
  type SizeChartRow,
  sameSize,
  shiftedKey,
  sizeLabel,
  sizeNumber,
  sizeText,
} from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import type { SizeOption, SizeTileText } from '../../components/size-picker';
import { errorText } from '../../lib/api';
import { useHydrated } from '../../lib/hydrated';
import { myKeys, mySizeFor, useSizeChart, useSizePrefs } from '../../lib/sizes';

type SizeRow = Pick<ProductSize, 'key'> & Partial<ProductSize>;

/** The shopper's size written in `system` through the chart ('EU 44' as 'US 10'), or as they gave it. */
function sizeInSystem(
  rows: readonly SizeChartRow[] | undefined,
  size: ShopperSize,
  system: ShopperSizeSystem,
): string {
  if (size.system === system) return sizeText(system, size.value);
  const wanted = sizeNumber(size.value);
  const row = rows?.find((candidate) => sameSize(sizeNumber(candidate[size.system]), wanted));
  return row ? sizeText(system, row[system]) : sizeText(size.system, size.value);
}

/**
 * A product's sizes as the shopper reads them: in their system (US until the page is live), their size
 * for the product's brand and the keys that fit it (through the brand's chart and the model's shift), and
 * the ways to change the system and to save a size as theirs.
 */
export function useProductSizes(product: ProductDetail) {
  const hydrated = useHydrated();
  const prefs = useSizePrefs();
  const { system } = prefs;
  const rows = useSizeChart(product.brand, chartGenderOf(product.gender), hydrated)?.rows;
  const mine = prefs.known ? mySizeFor(prefs.mySizes, product.brand) : undefined;
  const [failure, setFailure] = useState<string | null>(null);

  /** The key in every system: the product's own labels, else its brand's chart, else the key alone. */
  const row = (key: string): SizeRow =>
    product.sizes?.find((size) => size.key === key) ?? (rows && rowForKey(rows, key)) ?? { key };
  /** 'EU 44 (US 10)', or 'US 10' where the chart does not give it. */
  const label = (key: string) => sizeLabel(row(key), system);
  /** A key as a sentence writes it: 'EU 44', or 'US 10' where the chart does not give it. */
  const text = (key: string) => {
    const value = system === 'US' ? key : row(key)[system];
    return value ? sizeText(system, value) : sizeText('US', key);
  };
  /** What assistive technology says of a tile: the key in US (as before), else the label. */
  const name = (key: string) => (system === 'US' ? key : label(key));
  const tile = ({ size }: SizeOption): SizeTileText => {
    const value = system === 'US' ? undefined : row(size)[system];
    if (system === 'US') return { text: size, name: size };
    return value
      ? { text: value, note: `US ${size}`, name: name(size) }
      : { text: size, note: 'US', name: name(size) };
  };

  /** The shopper's foot size that this key fits, in the system shown (the model's shift undone). */
  const footSize = (key: string): ShopperSize | null => {
    const chartKey = shiftedKey(key, product.sizeShift);
    if (chartKey === null) return null;
    if (system === 'US') return { system, value: chartKey };
    const value =
      (rows && rowForKey(rows, chartKey)?.[system]) ?? (product.sizeShift === 0 ? row(key)[system] : null);
    return value ? { system, value } : null;
  };

  return {
    system,
    known: prefs.known,
    /** Shows the sizes in `next` from now on; says so when the profile does not keep it. */
    chooseSystem: (next: ShopperSizeSystem) => {
      setFailure(null);
      prefs
        .chooseSystem(next)
        .catch((error: unknown) =>
          setFailure(`${next} was not kept as your size system: ${errorText(error)}`),
        );
    },
    /** Why the last system chosen was not kept. */
    failure,
    label,
    text,
    name,
    tile,
    /** The shopper's size for the brand, if they gave one. */
    mine,
    /** ... written in the system shown: 'EU 44'. */
    mineText: mine ? sizeInSystem(rows, mine, system) : null,
    /** The product's keys that fit the shopper's size (none until their size and the chart are known). */
    myKeys: myKeys(rows, mine, product.sizeShift),
    footSize,
    /** Keeps `size` as the shopper's size (for every brand without a size of its own). */
    saveMySize: (size: ShopperSize) => prefs.saveMySizes({ ...prefs.mySizes, default: size }),
  };
}

export type ProductSizes = ReturnType<typeof useProductSizes>;

/**
 * Chooses the first of `keys` that `options` have in stock, once, unless a size was chosen first (by the
 * shopper, or tapped before the app ran).
 */
export function usePreselect(
  keys: string[],
  options: SizeOption[],
  chosen: string | null,
  choose: (size: string) => void,
) {
  const settled = useRef(false);
  const key = keys.find((candidate) =>
    options.some((option) => option.size === candidate && option.units > 0),
  );
  useEffect(() => {
    if (settled.current) return;
    if (chosen !== null) settled.current = true;
    else if (key) {
      settled.current = true;
      choose(key);
    }
  }, [key, chosen, choose]);
}
