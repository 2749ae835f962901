import type { Promotion } from '@shop/contracts';
import { useId } from 'react';
import { AlertError } from '../../../components/alert-error';
import { BusyLabel } from '../busy-label';
import { EligibilityFields } from './eligibility-fields';
import { KindChoice, PromotionField } from './promotion-fields';
import type { PromotionFormField, PromotionFormValues } from './promotion-form-values';
import { localZone } from './promotions-view';
import { usePromotionForm } from './use-promotion-form';

interface PromotionFormProps {
  /** The promotion being changed, or null for a new one. */
  promotion: Promotion | null;
  onSaved: (promotion: Promotion) => void;
  onCancel: () => void;
}

type TextField = Exclude<PromotionFormField, 'kind' | 'eligible' | 'appliesToDrops'> &
  keyof PromotionFormValues;

/** Whole numbers for the caps and a percentage, decimals for money, the keyboard's own for the rest. */
function inputModeOf(name: TextField, kind: PromotionFormValues['kind']): 'numeric' | 'decimal' | undefined {
  if (name === 'code' || name.endsWith('At')) return undefined;
  if (name === 'totalUses' || name === 'usesPerCustomer' || (name === 'value' && kind === 'percent'))
    return 'numeric';
  return 'decimal';
}

const VALUE_LABELS = { percent: 'Percentage off (%)', amount: 'Amount off ($)' } as const;

/**
 * A new promotion or a change to one: the code, what it takes off, the minimum order, when it runs (typed
 * in the browser's time zone, sent in UTC, empty for no limit), its caps, which pairs it covers and
 * whether it applies to drops. The contracts' reasons show beside the fields before sending, the server's
 * after; its message above the buttons.
 */
export function PromotionForm({ promotion, onSaved, onCancel }: PromotionFormProps) {
  const id = useId();
  const form = usePromotionForm(promotion, onSaved);
  const { values, errors } = form;
  const zone = localZone();
  const field = (name: TextField, label: string, hint?: string) => (
    <PromotionField
      id={`${id}-${name}`}
      label={label}
      type={name.endsWith('At') ? 'datetime-local' : 'text'}
      inputMode={inputModeOf(name, values.kind)}
      value={values[name]}
      error={errors[name]}
      hint={hint}
      inputRef={form.inputRef(name)}
      onChange={(value) => form.change({ [name]: value })}
    />
  );

  return (
    <form
      className="admin-promotions__form"
      noValidate
      onSubmit={form.submit}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} ref={form.heading} tabIndex={-1} className="admin-promotions__title">
        {promotion ? `Promotion ${promotion.code}` : 'New promotion'}
      </h2>
      <div className="admin-promotions__fields">
        {field(
          'code',
          'Code',
          'What shoppers type at checkout: 3 to 32 letters, digits, dashes or underscores.',
        )}
        <KindChoice
          id={`${id}-kind`}
          value={values.kind}
          error={errors.kind}
          inputRef={form.inputRef('kind')}
          onChange={(kind) => form.change({ kind })}
        />
        {values.kind === 'free_shipping' ? null : field('value', VALUE_LABELS[values.kind])}
        {field('minOrder', 'Minimum order ($)', 'Empty: any order.')}
        {field('startsAt', `Starts (${zone} time)`, 'Empty: as soon as it is saved.')}
        {field('endsAt', `Ends (${zone} time)`, 'Empty: it never ends.')}
        {field('totalUses', 'Total uses', 'Empty: no limit.')}
        {field('usesPerCustomer', 'Uses per customer', 'Empty: no limit.')}
        <EligibilityFields
          id={`${id}-eligible`}
          values={values}
          error={errors.eligible}
          inputRef={form.inputRef('eligible')}
          onChange={form.change}
        />
        <div className="form-check admin-promotions__field--wide">
          <input
            ref={form.inputRef('appliesToDrops')}
            id={`${id}-drops`}
            type="checkbox"
            className="form-check-input"
            checked={values.appliesToDrops}
            onChange={(event) => form.change({ appliesToDrops: event.target.checked })}
            aria-describedby={`${id}-drops-hint`}
          />
          <label htmlFor={`${id}-drops`} className="form-check-label fw-semibold">
            Applies to drops
          </label>
          <div id={`${id}-drops-hint`} className="form-text mt-0">
            Off: pairs bought in a drop pay their full price.
          </div>
        </div>
      </div>
      {form.failure ? (
        <AlertError message={form.failure} onClose={form.dismissFailure} className="mt-3 mb-0" />
      ) : null}
      <div className="admin-promotions__form-actions">
        <button type="submit" className="btn btn-dark" disabled={form.saving}>
          <BusyLabel busy={form.saving} busyText="Saving…">
            {promotion ? 'Save changes' : 'Create the promotion'}
          </BusyLabel>
        </button>
        <button type="button" className="btn btn-outline-dark" onClick={onCancel} disabled={form.saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
