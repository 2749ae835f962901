import { useEffect, useId } from 'react';
import { takeEarlyChoice } from '../lib/early-choices';
import './size-picker.css';

export interface SizeOption {
  size: string;
  units: number;
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
}

/** Size tiles as a radio group; sold-out sizes are disabled and announced as sold out. */
export function SizePicker({
  options,
  value,
  onChange,
  describedBy,
  legend = 'Select size',
  caption,
}: SizePickerProps) {
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
        {legend} <span className="text-muted fw-normal">(US)</span>
      </legend>
      <div className="size-picker__grid">
        {options.map(({ size, units }) => {
          const soldOut = units <= 0;
          const inputId = `${id}-${size}`;
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
                aria-label={soldOut ? `${size}, sold out` : undefined}
              />
              <label
                htmlFor={inputId}
                className={`btn size-tile${soldOut ? ' size-tile--sold-out' : ''}`}
                title={soldOut ? 'Sold out' : undefined}
              >
                {size}
                {caption ? <span className="size-tile__caption">{caption({ size, units })}</span> : null}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
