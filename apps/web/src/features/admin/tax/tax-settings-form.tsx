import type { TaxSettings } from '@shop/contracts';
import { useRef, useState } from 'react';
import { AlertSuccess } from '../../../components/alert-success';
import { CheckField, ChoiceGroup } from '../shared/choice-group';
import { StaffField, StaffFormFrame } from '../shared/staff-form';
import { StaffSelect } from '../shared/staff-select';
import { useStaffForm } from '../shared/use-staff-form';
import { useSaveTaxSettings } from './api/tax-settings';
import { COUNTRY_OPTIONS, STATE_OPTIONS } from './tax-places';
import {
  changedSettings,
  settingsValuesOf,
  TAX_SETTINGS_RULES,
  type TaxSettingsValues,
} from './tax-settings-values';

const YES_NO = [
  { value: 'yes', label: 'Yes: prices shown include tax' },
  { value: 'no', label: 'No: tax is added at checkout' },
] as const;
const FALLBACKS = [
  { value: 'table', label: 'Use the rate table' },
  { value: 'refuse', label: 'Refuse the checkout' },
] as const;

/**
 * What changing the shop's currency does, said before it is saved: the amounts stay as they are, in the new
 * currency, and orders keep the currency they were placed in.
 */
function CurrencyChangeWarning({ from, to }: { from: string; to: string }) {
  const next = to.trim().toUpperCase();
  if (next === '' || next === from.toUpperCase()) return null;
  return (
    <div role="status" className="alert alert-warning admin-field--wide mb-0">
      Prices are not converted: every price keeps its amount and is shown in {next} instead of {from}. Orders
      already placed keep {from}; orders placed after saving are in {next}.
    </div>
  );
}

/**
 * The shop's tax settings, always open: Save sends only the fields changed since they were last saved, and
 * the server's reasons show under their fields. It takes no focus when the tab opens.
 */
export function TaxSettingsForm({ settings }: { settings: TaxSettings }) {
  const save = useSaveTaxSettings();
  const [saved, setSaved] = useState<TaxSettingsValues>(() => settingsValuesOf(settings));
  const [done, setDone] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useStaffForm({
    initial: saved,
    ...TAX_SETTINGS_RULES,
    bodyOf: (values: TaxSettingsValues) => ({ body: changedSettings(saved, values) }),
    save: async (body) => {
      setDone(null);
      return Object.keys(body).length === 0 ? null : save.mutateAsync(body);
    },
    saving: save.isPending,
    onSaved: (answer) => {
      if (!answer) return setDone('Nothing to save: no setting was changed.');
      const values = settingsValuesOf(answer);
      setSaved(values);
      form.change(values);
      setDone('Tax settings saved');
    },
    notSaved: 'The tax settings were not saved',
    messageOnlyWithoutFields: true,
  });
  const { values, errors } = form;

  return (
    <>
      <StaffFormFrame
        form={{ ...form, heading }}
        title="Settings"
        className="admin-form admin-tax__form"
        heading={{ level: 'h3', className: 'admin-tax__form-title' }}
        submitLabel="Save settings"
        cancelLabel="Undo changes"
        onCancel={() => {
          setDone(null);
          form.change(saved);
        }}
      >
        <div className="admin-fields admin-tax__fields">
          <StaffField
            {...form.bind('currency')}
            label="Currency"
            hint="An ISO 4217 code of two decimals, such as USD, EUR or GBP; a new currency applies to new orders only."
          />
          <CurrencyChangeWarning from={saved.currency} to={values.currency} />
          <StaffField
            {...form.bind('eurRate')}
            label="Euro rate"
            kind="decimal"
            hint="Euros for one unit of the shop's currency, for the EU's EUR 10,000 threshold."
          />
          <ChoiceGroup
            id={`${form.id}-pricesIncludeTax`}
            legend="Prices include tax"
            className="admin-field--wide"
            itemClassName="form-check-inline"
            choices={YES_NO}
            value={values.pricesIncludeTax ? 'yes' : 'no'}
            onChange={(choice) => form.change({ pricesIncludeTax: choice === 'yes' })}
            error={errors.pricesIncludeTax}
            inputRef={form.inputRef('pricesIncludeTax')}
          />
          <StaffSelect {...form.bind('homeCountry')} label="Home country" options={COUNTRY_OPTIONS} />
          {values.homeCountry === 'US' ? (
            <StaffSelect
              {...form.bind('homeRegion')}
              label="Home US state"
              options={STATE_OPTIONS}
              empty="None"
            />
          ) : null}
          <StaffField
            {...form.bind('vatNumber')}
            label="VAT number"
            hint="Letters and digits, such as FR40303265045. Empty: none."
          />
          <CheckField
            id={`${form.id}-oss`}
            label="One-Stop-Shop"
            checked={values.oss}
            onChange={(oss) => form.change({ oss })}
            hint="Registered for the EU's One-Stop-Shop: EU buyers pay their own country's VAT."
            error={errors.oss}
            inputRef={form.inputRef('oss')}
          />
          <CheckField
            id={`${form.id}-taxShipping`}
            label="Tax shipping"
            checked={values.taxShipping}
            onChange={(taxShipping) => form.change({ taxShipping })}
            hint="Shipping is taxed at the rate of its method's tax category there."
            error={errors.taxShipping}
            inputRef={form.inputRef('taxShipping')}
          />
          <ChoiceGroup
            id={`${form.id}-fallback`}
            legend="When a tax service fails"
            className="admin-field--wide"
            itemClassName="form-check-inline"
            choices={FALLBACKS}
            value={values.fallback}
            onChange={(fallback) => form.change({ fallback })}
            error={errors.fallback}
            inputRef={form.inputRef('fallback')}
          />
        </div>
      </StaffFormFrame>
      {done ? (
        <AlertSuccess key={done} message={done} onClose={() => setDone(null)} className="mt-3" />
      ) : null}
    </>
  );
}
