import type { FilterChip } from '../../lib/catalog/catalog-params';

/** The filters in force as chips, each removed by a press, and Clear all when there are several. */
export function ActiveFilters({
  chips,
  onRemove,
  onClearAll,
}: {
  chips: FilterChip[];
  onRemove: (keys: FilterChip['keys']) => void;
  onClearAll: () => void;
}) {
  return (
    <section aria-label="Active filters" className="mb-3">
      <ul className="list-unstyled d-flex flex-wrap align-items-center gap-2 mb-0">
        {chips.map((chip) => (
          <li key={chip.label}>
            <button
              type="button"
              className="btn btn-sm rounded-pill filter-chip"
              onClick={() => onRemove(chip.keys)}
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
