import type { AuditKind } from '@shop/contracts';
import { KIND_GROUPS, KIND_LABELS } from './activity-describe';

interface KindFilterProps {
  /** The list's id. */
  id: string;
  kind: AuditKind | undefined;
  /** The kind chosen; '' for every kind. */
  onChange: (kind: string) => void;
}

/** 'Kind of action': every kind the audit trail knows, in groups, or all of them. */
export function KindFilter({ id, kind, onChange }: KindFilterProps) {
  return (
    <div className="activity-filter">
      <label htmlFor={id} className="activity-filter__label">
        Kind of action
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={kind ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">All actions</option>
        {KIND_GROUPS.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.kinds.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
