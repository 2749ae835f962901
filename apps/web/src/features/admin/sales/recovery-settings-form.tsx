import { RECOVERY_DELAY_MAX, RECOVERY_DELAY_MIN, type RecoverySettings } from '@shop/contracts';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api';
import { SettingsFormFoot, type SettingsOutcome } from '../roles/settings-form-foot';
import { QueryStatus } from '../shared/query-status';
import { StaffField } from '../shared/staff-form';
import { useRecoverySettings } from './api/get-recovery-settings';
import { useSaveRecoverySettings } from './api/save-recovery-settings';

type Field = 'enabled' | 'first' | 'second' | 'softOptIn';
type Problems = Partial<Record<Field, string>>;

/** The reminders' settings (settings.write), under the abandoned checkouts. */
export function RecoverySettingsForm() {
  const settings = useRecoverySettings();
  if (settings.isPending || settings.isError)
    return <QueryStatus query={settings} what="the reminder settings" spacing="py-4" dismissible />;
  return <ReminderForm saved={settings.data} />;
}

/** Why a delay is refused, or nothing: whole minutes from RECOVERY_DELAY_MIN to RECOVERY_DELAY_MAX. */
function minutesProblem(text: string): string | undefined {
  if (!/^\d+$/.test(text.trim())) return 'must be a whole number of minutes';
  const minutes = Number(text.trim());
  if (minutes < RECOVERY_DELAY_MIN) return `must be at least ${RECOVERY_DELAY_MIN} minute`;
  if (minutes > RECOVERY_DELAY_MAX) return `must be at most ${RECOVERY_DELAY_MAX} minutes (30 days)`;
  return undefined;
}

/** The delays' problems the form can tell itself: the second may be empty, else later than the first. */
function delayProblems(first: string, second: string): Problems {
  const found: Problems = { first: minutesProblem(first) };
  if (second.trim() === '') return found;
  found.second = minutesProblem(second);
  if (!found.first && !found.second && Number(second) <= Number(first))
    found.second = 'must be later than the first reminder';
  return found;
}

/** The server's reasons beside the form's fields ('delaysMinutes.1' is the second reminder's). */
function serverProblems(error: unknown, hasSecond: boolean): Problems {
  const found: Problems = {};
  if (!(error instanceof ApiError)) return found;
  const fields: Record<string, Field> = {
    enabled: 'enabled',
    softOptIn: 'softOptIn',
    'delaysMinutes.0': 'first',
    'delaysMinutes.1': 'second',
    delaysMinutes: hasSecond ? 'second' : 'first',
  };
  for (const [serverField, reason] of Object.entries(error.fields)) {
    const field = fields[serverField];
    if (field && !found[field]) found[field] = reason;
  }
  return found;
}

/** What the form holds that differs from the saved settings: the PUT names only those. */
function changesOf(saved: RecoverySettings, values: RecoverySettings): Partial<RecoverySettings> {
  const changes: Partial<RecoverySettings> = {};
  if (values.enabled !== saved.enabled) changes.enabled = values.enabled;
  if (values.delaysMinutes.join() !== saved.delaysMinutes.join())
    changes.delaysMinutes = values.delaysMinutes;
  if (values.softOptIn !== saved.softOptIn) changes.softOptIn = values.softOptIn;
  return changes;
}

const delayText = (minutes: number | undefined) => (minutes === undefined ? '' : String(minutes));

function ReminderForm({ saved }: { saved: RecoverySettings }) {
  const id = useId();
  const save = useSaveRecoverySettings();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [first, setFirst] = useState(delayText(saved.delaysMinutes[0]));
  const [second, setSecond] = useState(delayText(saved.delaysMinutes[1]));
  const [softOptIn, setSoftOptIn] = useState(saved.softOptIn);
  const [problems, setProblems] = useState<Problems>({});
  const [outcome, setOutcome] = useState<SettingsOutcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found = delayProblems(first, second);
    setProblems(found);
    if (found.first || found.second) return;
    const delaysMinutes = [first, second].filter((text) => text.trim() !== '').map(Number);
    const changes = changesOf(saved, { enabled, delaysMinutes, softOptIn });
    if (Object.keys(changes).length === 0) {
      setOutcome({ ok: true, text: 'Nothing to save: the reminder settings are as they were.' });
      return;
    }
    try {
      await save.mutateAsync(changes);
      setOutcome({ ok: true, text: 'The reminder settings were saved.' });
    } catch (error) {
      setProblems(serverProblems(error, delaysMinutes.length > 1));
      setOutcome({
        ok: false,
        text: `The reminder settings were not saved: ${errorText(error, 'Please try again.')}`,
      });
    }
  };

  return (
    <form
      className="admin-form sales-abandoned__settings"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h4 id={`${id}-title`} className="sales-abandoned__settings-title">
        Reminder e-mails
      </h4>
      <SettingCheck
        id={`${id}-enabled`}
        label="Send reminders of abandoned checkouts"
        checked={enabled}
        onChange={setEnabled}
        error={problems.enabled}
      />
      <div className="admin-fields my-3">
        <StaffField
          id={`${id}-first`}
          className="admin-field"
          label="First reminder after (minutes)"
          kind="whole"
          value={first}
          onChange={setFirst}
          error={problems.first}
          hint="After the shopper left the payment page: 60 is an hour, 1440 a day."
        />
        <StaffField
          id={`${id}-second`}
          className="admin-field"
          label="Second reminder after (minutes)"
          kind="whole"
          value={second}
          onChange={setSecond}
          error={problems.second}
          hint="Later than the first. Empty: one reminder only."
        />
      </div>
      <SettingCheck
        id={`${id}-soft`}
        label="Soft opt-in: also remind, and tell of price drops, customers who bought before and have not objected"
        checked={softOptIn}
        onChange={setSoftOptIn}
        error={problems.softOptIn}
        hint="Customers who consented to marketing e-mails are reminded either way."
      />
      <SettingsFormFoot
        outcome={outcome}
        onDismiss={() => setOutcome(null)}
        saving={save.isPending}
        label="Save reminder settings"
      />
    </form>
  );
}

interface SettingCheckProps {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  hint?: string;
}

/** A labelled checkbox with the server's reason and a hint under it. */
function SettingCheck({ id, label, checked, onChange, error, hint }: SettingCheckProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="form-check mb-2">
      <input
        id={id}
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
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
