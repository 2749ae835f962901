import { directionLabels, SORT_LABELS, type SortDirection, type SortField } from './order-sort';

interface OrdersSortControlsProps {
  /** Prefix of the two selects' ids. */
  id: string;
  field: SortField;
  direction: SortDirection;
  onChange: (field: SortField, direction: SortDirection) => void;
}

/** Sort by (date, final amount, state) and its direction, worded for the field. */
export function OrdersSortControls({ id, field, direction, onChange }: OrdersSortControlsProps) {
  const directions = directionLabels(field);
  return (
    <fieldset className="orders-sort">
      <legend className="visually-hidden">Sort orders</legend>
      <label htmlFor={`${id}-field`} className="orders-sort__label">
        Sort by
      </label>
      <select
        id={`${id}-field`}
        className="form-select form-select-sm"
        value={field}
        onChange={(event) => onChange(event.target.value as SortField, direction)}
      >
        {Object.entries(SORT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-direction`} className="visually-hidden">
        Sort direction
      </label>
      <select
        id={`${id}-direction`}
        className="form-select form-select-sm"
        value={direction}
        onChange={(event) => onChange(field, event.target.value as SortDirection)}
      >
        <option value="desc">{directions.desc}</option>
        <option value="asc">{directions.asc}</option>
      </select>
    </fieldset>
  );
}
