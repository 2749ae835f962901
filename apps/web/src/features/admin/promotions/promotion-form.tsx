import { type Promotion, promotionKind } from '@shop/contracts';
import { CheckField, ChoiceGroup } from '../shared/choice-group';
import { type FieldKind, StaffField, StaffFormFrame } from '../shared/staff-form';
import { localZone } from '../shared/typed-values';
import { EligibilityFields } from './eligibility-fields';
import { KIND_CHOICES } from './promotion-choices';
import type { PromotionFormField, PromotionFormValues } from './promotion-form-values';
import { usePromotionForm } from './use-promotion-form';

interface PromotionFormProps {
  /** The promotion being changed, or null for a new one. */
  promotion: Promotion | null;
  onSaved: (promotion: Promotion) => void;
  onCancel: () => void;
}

type TextField = Exclude<PromotionFormField, 'kind' | 'eligible' | 'appliesToDrops'> &
  keyof PromotionFormValues;

/** Times for the dates, whole numbers for the caps and a percentage, decimals for money, words for the code. */
function fieldKind(name: TextField, kind: PromotionFormValues['kind']): FieldKind {
  if (name === 'code') return 'text';
  if (name.endsWith('At')) return 'time';
  if (name === 'totalUses' || name === 'usesPerCustomer') return 'whole';
  if (name === 'value' && promotionKind(kind).field?.wholeNumber) return 'whole';
  return 'decimal';
}

/**
 * A new promotion or a change to one: the code, what it takes off, the minimum order, when it runs (typed
 * in the browser's time zone, sent in UTC, empty for no limit), its caps, which pairs it covers and
 * whether it applies to drops. The contracts' reasons show beside the fields before sending, the server's
 * after; its message above the buttons.
 */
export function PromotionForm({ promotion, onSaved, onCancel }: PromotionFormProps) {
  const form = usePromotionForm(promotion, onSaved);
  const { values, errors } = form;
  const zone = localZone();
  const valueField = promotionKind(values.kind).field;
  const field = (name: TextField, label: string, hint?: string) => (
    <StaffField {...form.bind(name)} label={label} hint={hint} kind={fieldKind(name, values.kind)} />
  );

  return (
    <StaffFormFrame
      form={form}
      title={promotion ? `Promotion ${promotion.code}` : 'New promotion'}
      className="admin-form admin-promotions__form"
      submitLabel={promotion ? 'Save changes' : 'Create the promotion'}
      onCancel={onCancel}
    >
      <div className="admin-fields">
        {field(
          'code',
          'Code',
          'What shoppers type at checkout: 3 to 32 letters, digits, dashes or underscores.',
        )}
        <ChoiceGroup
          {...form.bind('kind')}
          legend="What it takes off"
          errorLabel="Kind"
          choices={KIND_CHOICES}
          className="admin-field--wide"
          listClassName="admin-promotions__kinds"
          bold
        />
        {valueField ? field('value', valueField.label) : null}
        {field('minOrder', 'Minimum order ($)', 'Empty: any order.')}
        {field('startsAt', `Starts (${zone} time)`, 'Empty: as soon as it is saved.')}
        {field('endsAt', `Ends (${zone} time)`, 'Empty: it never ends.')}
        {field('totalUses', 'Total uses', 'Empty: no limit.')}
        {field('usesPerCustomer', 'Uses per customer', 'Empty: no limit.')}
        <EligibilityFields
          id={`${form.id}-eligible`}
          values={values}
          error={errors.eligible}
          inputRef={form.inputRef('eligible')}
          onChange={form.change}
        />
        <CheckField
          id={`${form.id}-drops`}
          label="Applies to drops"
          checked={values.appliesToDrops}
          onChange={(appliesToDrops) => form.change({ appliesToDrops })}
          hint="Off: pairs bought in a drop pay their full price."
          inputRef={form.inputRef('appliesToDrops')}
          bold
        />
      </div>
    </StaffFormFrame>
  );
}
