import { PROMOTION_KIND_LABELS, PROMOTION_KINDS, type PromotionKind } from '@shop/contracts';
import type { HTMLInputTypeAttribute } from 'react';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  type?: HTMLInputTypeAttribute;
  inputMode?: 'numeric' | 'decimal';
  inputRef: (element: HTMLElement | null) => void;
  onChange: (value: string) => void;
}

/** The words of a field's label before any "(…)": "Ends" of "Ends (Europe/Paris time)". */
const shortLabel = (label: string) => label.replace(/ \(.*\)$/, '');

/** One labelled input with its reason (the label's words, then the reason) and a hint under it. */
export function PromotionField(props: FieldProps) {
  const { id, label, value, error, hint, type = 'text', inputMode, inputRef, onChange } = props;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div>
      <label className="form-label admin-promotions__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type={type}
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={value}
        inputMode={inputMode}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {shortLabel(label)} {error}
        </div>
      ) : null}
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

const KIND_HINTS: Record<PromotionKind, string> = {
  percent: 'A whole percentage off the eligible pairs.',
  amount: 'An amount off the eligible pairs, never more than they cost.',
  free_shipping: 'The order ships for free; nothing is taken off the pairs.',
};

interface KindChoiceProps {
  id: string;
  value: PromotionKind;
  error?: string;
  inputRef: (element: HTMLElement | null) => void;
  onChange: (kind: PromotionKind) => void;
}

/** Percentage off, amount off or free shipping, each with what it means. */
export function KindChoice({ id, value, error, inputRef, onChange }: KindChoiceProps) {
  return (
    <fieldset className="admin-promotions__field--wide" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="admin-promotions__label">What it takes off</legend>
      <div className="admin-promotions__kinds">
        {PROMOTION_KINDS.map((kind) => (
          <div key={kind} className="form-check">
            <input
              ref={kind === value ? inputRef : undefined}
              id={`${id}-${kind}`}
              type="radio"
              name={`${id}-kind`}
              className="form-check-input"
              checked={value === kind}
              onChange={() => onChange(kind)}
              aria-describedby={`${id}-${kind}-hint`}
            />
            <label className="form-check-label fw-semibold" htmlFor={`${id}-${kind}`}>
              {PROMOTION_KIND_LABELS[kind]}
            </label>
            <div id={`${id}-${kind}-hint`} className="form-text mt-0">
              {KIND_HINTS[kind]}
            </div>
          </div>
        ))}
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          Kind {error}
        </div>
      ) : null}
    </fieldset>
  );
}
