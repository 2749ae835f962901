import { useId } from 'react';
import { QueryStatus } from '../shared/query-status';
import { StaffPage } from '../shared/staff-page';
import { useTaxSettings } from './api/tax-settings';
import { RatesSection } from './rates-section';
import { RegistrationsSection } from './registrations-section';
import { ReportSection } from './report-section';
import { TaxSettingsForm } from './tax-settings-form';
import { ThresholdsSection } from './thresholds-section';
import '../shared/admin.css';
import './tax.css';

/**
 * /account/tax (admins): the shop's tax settings, the places where it collects tax and its rate table
 * (docs/decisions/0034). Each change applies to new orders only: placed orders keep the tax they were charged.
 */
export function AdminTaxTab() {
  const id = useId();
  const settings = useTaxSettings();
  return (
    <StaffPage
      id={id}
      className="admin-tax"
      title="Tax"
      intro="How prices show tax, where the shop collects it and at which rates. Orders keep the tax they were charged."
    >
      <section className="admin-tax__section" aria-label="Tax settings">
        {settings.isPending || settings.isError ? (
          <QueryStatus query={settings} what="the tax settings" spacing="py-4" dismissible />
        ) : (
          <TaxSettingsForm settings={settings.data} />
        )}
      </section>
      <RegistrationsSection />
      <RatesSection homeCountry={settings.data?.homeCountry} />
      <ReportSection />
      <ThresholdsSection />
    </StaffPage>
  );
}
