interface QuantityPickerProps {
  /** The size chosen. */
  size: string;
  count: number;
  /** The most that may be added at once. */
  maxCount: number;
  /** Units left in the size. */
  units: number;
  onChange: (count: number) => void;
}

/** How many pairs of the chosen size to add, and how many are left. */
export function QuantityPicker({ size, count, maxCount, units, onChange }: QuantityPickerProps) {
  return (
    <div className="product__count mt-3">
      <label htmlFor="product-count" className="form-label fw-semibold mb-1">
        Quantity
      </label>
      <div className="d-flex align-items-center gap-3">
        <select
          id="product-count"
          className="form-select"
          value={count}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          {Array.from({ length: maxCount }, (_, i) => i + 1).map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
        <span className="small text-muted">
          {units <= 5 ? `Only ${units} left in size ${size}` : `${units} in stock`}
        </span>
      </div>
    </div>
  );
}
