import { ERASURE_HOLD_DAYS_MAX, type PrivacySettings } from '@shop/contracts';
import { type FormEvent, useId, useState } from 'react';
import { errorText } from '../../../lib/api';
import { QueryStatus } from '../shared/query-status';
import { StaffField } from '../shared/staff-form';
import { usePrivacySettings, useSavePrivacySettings } from './api/privacy-settings';
import { SettingsFormFoot, type SettingsOutcome } from './settings-form-foot';

/** People's data (settings.write): how long an erasure waits after the person's last order, and retention. */
export function PrivacySettingsForm() {
  const settings = usePrivacySettings();
  if (settings.isPending || settings.isError)
    return <QueryStatus query={settings} what="the privacy settings" spacing="py-4" dismissible />;
  return <HoldForm saved={settings.data} />;
}

/** Why a number of days is refused, or nothing: whole days from `min` to ERASURE_HOLD_DAYS_MAX. */
function wholeDays(text: string, min: number): string | undefined {
  const value = Number(text.trim());
  return /^\d+$/.test(text.trim()) && value >= min && value <= ERASURE_HOLD_DAYS_MAX
    ? undefined
    : `must be a whole number of days from ${min} to ${ERASURE_HOLD_DAYS_MAX}`;
}

function HoldForm({ saved }: { saved: PrivacySettings }) {
  const id = useId();
  const save = useSavePrivacySettings();
  const [days, setDays] = useState(String(saved.erasureHoldDays));
  const [unverified, setUnverified] = useState(String(saved.unverifiedAccountDays));
  const [checkouts, setCheckouts] = useState(String(saved.recoveryRecordDays));
  const [problems, setProblems] = useState<{ hold?: string; unverified?: string; checkouts?: string }>({});
  const [outcome, setOutcome] = useState<SettingsOutcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found = {
      hold: wholeDays(days, 0),
      unverified: wholeDays(unverified, 1),
      checkouts: wholeDays(checkouts, 1),
    };
    setProblems(found);
    if (found.hold || found.unverified || found.checkouts) return;
    try {
      await save.mutateAsync({
        erasureHoldDays: Number(days),
        unverifiedAccountDays: Number(unverified),
        recoveryRecordDays: Number(checkouts),
      });
      setOutcome({ ok: true, text: 'The privacy settings were saved.' });
    } catch (error) {
      setOutcome({
        ok: false,
        text: `The privacy settings were not saved: ${errorText(error, 'Please try again.')}`,
      });
    }
  };

  return (
    <form
      className="admin-form admin-roles__settings"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="admin-form__title">
        People's data
      </h3>
      <div className="admin-fields">
        <StaffField
          id={`${id}-hold`}
          className="admin-field"
          label="Days an erasure waits after the last order"
          kind="whole"
          value={days}
          onChange={setDays}
          error={problems.hold}
          hint="0: at once, once no order is open and no return in progress. Card payments can be disputed for up to 180 days."
        />
        <StaffField
          id={`${id}-unverified`}
          className="admin-field"
          label="Days an unverified account is kept"
          kind="whole"
          value={unverified}
          onChange={setUnverified}
          error={problems.unverified}
          hint="An account whose e-mail is never verified is erased after this many days."
        />
        <StaffField
          id={`${id}-checkouts`}
          className="admin-field"
          label="Days an abandoned checkout is kept"
          kind="whole"
          value={checkouts}
          onChange={setCheckouts}
          error={problems.checkouts}
          hint="Its reminders and what came of them, in the Sales tab; deleted after this many days."
        />
      </div>
      <SettingsFormFoot
        outcome={outcome}
        onDismiss={() => setOutcome(null)}
        saving={save.isPending}
        label="Save privacy settings"
      />
    </form>
  );
}
