import { SHOPPER_SIZE_SYSTEMS, type ShopperSizeSystem } from '@shop/contracts';
import { useEffect, useId } from 'react';
import { takeEarlyChoice } from '../lib/early-choices';
import './size-picker.css';

export interface SizeOption {
  size: string;
  units: number;
}

/** How a size reads on its tile: its text, a small note under it ('US 10') and its name for assistive technology. */
export interface SizeTileText {
  text: string;
  note?: string;
  name: string;
}

/** The product's stock map as size tiles, sorted numerically ("6.5" before "10"). */
export function sizeOptions(stock: Record<string, number>): SizeOption[] {
  return Object.entries(stock)
    .map(([size, units]) => ({ size, units }))
    .sort((a, b) => Number(a.size) - Number(b.size) || a.size.localeCompare(b.size));
}

interface SizePickerProps {
  options: SizeOption[];
  value: string | null;
  onChange: (size: string) => void;
  describedBy?: string;
  /** The group's name; the shop's sizes are US sizes. */
  legend?: string;
  /** A line under each size, e.g. the pairs a drop releases in it. */
  caption?: (option: SizeOption) => string;
  /** How each size reads, e.g. in the shopper's system; the size itself when not given. */
  label?: (option: SizeOption) => SizeTileText;
  /** The system the tiles are written in, named after the legend ('US' when not given). */
  system?: ShopperSizeSystem;
  /** Given, a chooser of the system (US, UK, EU, CM) sits beside the legend and calls it. */
  onSystemChange?: (system: ShopperSizeSystem) => void;
}

/**
 * Size tiles as a radio group; sold-out sizes are disabled and announced as sold out. With
 * `onSystemChange`, the shopper chooses the system the tiles are written in beside the group's legend.
 */
export function SizePicker({ system = 'US', onSystemChange, ...props }: SizePickerProps) {
  if (!onSystemChange) return <SizeTiles system={system} {...props} />;
  return (
    <div className="size-picker-box">
      <SizeSystemChooser value={system} onChange={onSystemChange} className="size-picker-box__systems" />
      <SizeTiles system={system} {...props} />
    </div>
  );
}

function SizeTiles({
  options,
  value,
  onChange,
  describedBy,
  legend = 'Select size',
  caption,
  label,
  system,
}: Omit<SizePickerProps, 'onSystemChange'> & { system: ShopperSizeSystem }) {
  const id = useId();
  const name = `${id}-size`;
  // A size tapped on the server-rendered page before the app was running.
  // biome-ignore lint/correctness/useExhaustiveDependencies: adopted once, when the app takes the page over
  useEffect(() => {
    const early = takeEarlyChoice(name);
    if (value === null && options.some((option) => option.size === early && option.units > 0))
      onChange(early as string);
  }, []);
  return (
    <fieldset className="size-picker" aria-describedby={describedBy}>
      <legend className="size-picker__legend">
        {legend} <span className="text-muted fw-normal">({system})</span>
      </legend>
      <div className="size-picker__grid">
        {options.map((option) => {
          const { size, units } = option;
          const soldOut = units <= 0;
          const inputId = `${id}-${size}`;
          const tile = label?.(option);
          const spoken = tile?.name ?? size;
          return (
            <div key={size} className="size-picker__cell">
              <input
                type="radio"
                className="btn-check"
                name={name}
                id={inputId}
                value={size}
                checked={value === size}
                disabled={soldOut}
                onChange={() => onChange(size)}
                aria-label={soldOut ? `${spoken}, sold out` : tile ? spoken : undefined}
              />
              <label
                htmlFor={inputId}
                className={`btn size-tile${soldOut ? ' size-tile--sold-out' : ''}`}
                title={soldOut ? 'Sold out' : undefined}
              >
                {tile?.text ?? size}
                {tile?.note ? <span className="size-tile__note">{tile.note}</span> : null}
                {caption ? <span className="size-tile__caption">{caption(option)}</span> : null}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

const isSystem = (value: string | undefined): value is ShopperSizeSystem =>
  (SHOPPER_SIZE_SYSTEMS as readonly (string | undefined)[]).includes(value);

/**
 * The size systems a shopper may read sizes in (US, UK, EU, CM) as a small segmented radio group. A
 * system tapped on the server-rendered page before the app ran is adopted once the app runs.
 */
export function SizeSystemChooser({
  value,
  onChange,
  className,
}: {
  value: ShopperSizeSystem;
  onChange: (system: ShopperSizeSystem) => void;
  className?: string;
}) {
  const id = useId();
  const name = `${id}-system`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: adopted once, when the app takes the page over
  useEffect(() => {
    const early = takeEarlyChoice(name);
    if (isSystem(early) && early !== value) onChange(early);
  }, []);
  return (
    <fieldset className={`size-system${className ? ` ${className}` : ''}`}>
      <legend className="visually-hidden">Show sizes in</legend>
      {SHOPPER_SIZE_SYSTEMS.map((system) => (
        <span key={system} className="size-system__cell">
          <input
            type="radio"
            className="btn-check"
            name={name}
            id={`${id}-system-${system}`}
            value={system}
            checked={value === system}
            onChange={() => onChange(system)}
          />
          <label htmlFor={`${id}-system-${system}`} className="size-system__option">
            {system}
          </label>
        </span>
      ))}
    </fieldset>
  );
}
