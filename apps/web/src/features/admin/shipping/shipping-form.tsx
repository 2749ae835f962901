import type { StaffShippingMethod } from '@shop/contracts';
import { CheckField } from '../shared/choice-group';
import { type FieldKind, StaffField, StaffFormFrame } from '../shared/staff-form';
import { StaffSelect, TAX_CATEGORY_OPTIONS } from '../shared/staff-select';
import { useStaffForm } from '../shared/use-staff-form';
import { useSaveShippingMethod } from './api/shipping-methods';
import {
  EMPTY_SHIPPING_FORM,
  formValuesOf,
  SHIPPING_FORM_RULES,
  type ShippingFormField,
} from './shipping-form-values';

interface ShippingFormProps {
  /** The method being changed, or null to add one. */
  method: StaffShippingMethod | null;
  onSaved: (method: StaffShippingMethod, added: boolean) => void;
  onCancel: () => void;
}

interface FieldExtra {
  hint?: string;
  kind?: FieldKind;
  className?: string;
}

/** Add or change a shipping method; the server's reasons show under their fields. */
export function ShippingForm({ method, onSaved, onCancel }: ShippingFormProps) {
  const save = useSaveShippingMethod();
  const form = useStaffForm({
    initial: method ? formValuesOf(method) : EMPTY_SHIPPING_FORM,
    ...SHIPPING_FORM_RULES,
    save: (body) => save.mutateAsync({ id: method?.id ?? null, body }),
    saving: save.isPending,
    onSaved: (saved) => onSaved(saved, method === null),
    notSaved: 'The method was not saved',
    messageOnlyWithoutFields: true,
  });
  const { values, errors } = form;

  const field = (
    name: Exclude<ShippingFormField, 'active' | 'taxCategory'>,
    label: string,
    extra: FieldExtra = {},
  ) => <StaffField {...form.bind(name)} label={label} {...extra} />;

  return (
    <StaffFormFrame
      form={form}
      title={method ? `Change "${method.name}"` : 'Add a shipping method'}
      className="admin-form admin-shipping__form"
      heading={{ level: 'h3', className: 'admin-shipping__form-title' }}
      submitLabel={method ? 'Save changes' : 'Add method'}
      onCancel={onCancel}
    >
      <div className="admin-fields admin-shipping__fields">
        {field('name', 'Name', { className: 'admin-field--wide' })}
        {field('price', 'Price ($)', { kind: 'decimal' })}
        {field('freeAbove', 'Free above ($)', {
          kind: 'decimal',
          hint: 'Orders whose pairs come to this much ship free. Empty: never free.',
        })}
        {field('countries', 'Countries', {
          className: 'admin-field--wide',
          hint: 'ISO codes separated by commas, such as US, CA, MX. Empty: every country.',
        })}
        {field('minDays', 'Delivery from (days)', { kind: 'whole' })}
        {field('maxDays', 'Delivery up to (days)', { kind: 'whole' })}
        <StaffSelect
          {...form.bind('taxCategory')}
          label="Tax category"
          options={TAX_CATEGORY_OPTIONS}
          hint="The rate its charge is taxed at, when the tax settings tax shipping."
        />
        <CheckField
          id={`${form.id}-active`}
          label="Offered at checkout"
          checked={values.active}
          onChange={(active) => form.change({ active })}
          hint="Turn it off to stop offering it without deleting it."
          error={errors.active}
          inputRef={form.inputRef('active')}
        />
      </div>
    </StaffFormFrame>
  );
}
