import { SIZES, sizeKey } from '@shop/contracts';
import { useEffect, useState } from 'react';
import { describe, FieldError } from './form-bits';
import { isLineChanged, type StockLine, stockLineError } from './product-edit-fields';

interface StockEditorProps {
  id: string;
  lines: StockLine[];
  /** The stored units per size (to mark what changed). */
  stock: Record<string, number>;
  /** The server's refusals by size. */
  serverErrors: Record<string, string>;
  disabled: boolean;
  onChange: (lines: StockLine[]) => void;
}

/**
 * The stock per size of the Product Details modal: the sizes the product has, each with its units, and a
 * way to add any other size from 3.5 to 18. A size cannot be taken off the shop's list once stored; 0
 * units stops its sale (the line says 'sold out').
 */
export function StockEditor({ id, lines, stock, serverErrors, disabled, onChange }: StockEditorProps) {
  const free = SIZES.map(sizeKey).filter((size) => !lines.some((line) => line.size === size));
  const [adding, setAdding] = useState(free[0] ?? '');
  const [focusSize, setFocusSize] = useState<string | null>(null);
  const unitsId = (size: string) => `${id}-${size.replace('.', '-')}`;

  // Keep the 'add' choice on a size that is still free.
  useEffect(() => {
    if (!free.includes(adding)) setAdding(free[0] ?? '');
  }, [free, adding]);
  // A size just added gets the cursor in its units.
  useEffect(() => {
    if (!focusSize) return;
    document.getElementById(unitsId(focusSize))?.focus();
    setFocusSize(null);
  });

  const setUnits = (size: string, units: string) =>
    onChange(lines.map((line) => (line.size === size ? { ...line, units } : line)));
  const add = () => {
    if (!adding) return;
    const next = [...lines, { size: adding, units: '', added: true }];
    onChange(next.sort((a, b) => Number(a.size) - Number(b.size)));
    setFocusSize(adding);
  };
  const remove = (size: string) => {
    onChange(lines.filter((line) => line.size !== size));
    document.getElementById(`${id}-add`)?.focus();
  };

  const total = lines.reduce((sum, line) => sum + (Number(line.units) || 0), 0);

  return (
    <section className="admin-stock" aria-labelledby={`${id}-title`}>
      <div className="admin-stock__head">
        <h3 id={`${id}-title`} className="admin-stock__title">
          Stock per size
        </h3>
        <p className="admin-stock__total">{total} units in all</p>
      </div>
      {lines.length === 0 ? <p className="text-muted">This product has no sizes yet.</p> : null}
      <ul className="admin-stock__list">
        {lines.map((line) => {
          const inputId = unitsId(line.size);
          const error = serverErrors[line.size] ?? stockLineError(line);
          const changed = isLineChanged(line, stock);
          return (
            <li key={line.size} className={`admin-stock__line${changed ? ' is-changed' : ''}`}>
              <label htmlFor={inputId} className="admin-stock__size">
                Size {line.size}
                <span className="visually-hidden"> units</span>
              </label>
              <input
                id={inputId}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
                value={line.units}
                disabled={disabled}
                onChange={(event) => setUnits(line.size, event.target.value)}
                {...describe(inputId, error)}
              />
              {line.added ? (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={`Remove size ${line.size}`}
                  disabled={disabled}
                  onClick={() => remove(line.size)}
                >
                  Remove
                </button>
              ) : changed ? (
                <span className="badge rounded-pill text-bg-warning">changed</span>
              ) : stock[line.size] === 0 ? (
                <span className="badge rounded-pill text-bg-secondary">sold out</span>
              ) : null}
              <FieldError id={inputId} message={error} />
            </li>
          );
        })}
      </ul>
      {free.length > 0 ? (
        <div className="admin-stock__add">
          <label htmlFor={`${id}-add`} className="form-label mb-0">
            Add a size
          </label>
          <select
            id={`${id}-add`}
            className="form-select form-select-sm"
            value={adding}
            disabled={disabled}
            onChange={(event) => setAdding(event.target.value)}
          >
            {free.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-sm btn-outline-dark" disabled={disabled} onClick={add}>
            Add size
          </button>
        </div>
      ) : null}
    </section>
  );
}
