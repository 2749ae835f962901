/** A filter in force as its chip: what it says, and what removing it does. */
export interface ActiveChip {
  label: string;
  onRemove: () => void;
}

/** The filters in force as chips, each removed by a press, and Clear all when there are several. */
export function ActiveFilters({ chips, onClearAll }: { chips: ActiveChip[]; onClearAll: () => void }) {
  return (
    <section aria-label="Active filters" className="mb-3">
      <ul className="list-unstyled d-flex flex-wrap align-items-center gap-2 mb-0">
        {chips.map((chip) => (
          <li key={chip.label}>
            <button
              type="button"
              className="btn btn-sm rounded-pill filter-chip"
              onClick={chip.onRemove}
              aria-label={`Remove filter ${chip.label}`}
            >
              {chip.label}
              <span aria-hidden="true" className="filter-chip__x">
                ✕
              </span>
            </button>
          </li>
        ))}
        {chips.length > 1 && (
          <li>
            <button type="button" className="btn btn-sm btn-link text-reset" onClick={onClearAll}>
              Clear all
            </button>
          </li>
        )}
      </ul>
    </section>
  );
}
