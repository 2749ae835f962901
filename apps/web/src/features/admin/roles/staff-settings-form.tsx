import { GRACE_DAYS_MAX, type StaffRole, type StaffSettings } from '@shop/contracts';
import { type FormEvent, useId, useState } from 'react';
import { errorText } from '../../../lib/api';
import { QueryStatus } from '../shared/query-status';
import { StaffField } from '../shared/staff-form';
import { useSaveStaffSettings, useStaffSettings } from './api/staff-roles';
import { SettingsFormFoot, type SettingsOutcome } from './settings-form-foot';

/** The staff settings (settings.write): second factor per role, its grace days, the credit grant cap. */
export function StaffSettingsForm({ roles }: { roles: StaffRole[] | undefined }) {
  const settings = useStaffSettings();
  if (settings.isPending || settings.isError)
    return <QueryStatus query={settings} what="the staff settings" spacing="py-4" dismissible />;
  return <SettingsForm saved={settings.data} roles={roles} />;
}

function SettingsForm({ saved, roles }: { saved: StaffSettings; roles: StaffRole[] | undefined }) {
  const id = useId();
  const save = useSaveStaffSettings();
  const [required, setRequired] = useState(new Set(saved.requireTwoFactor));
  const [graceDays, setGraceDays] = useState(String(saved.graceDays));
  const [limit, setLimit] = useState(saved.creditGrantLimit === null ? '' : String(saved.creditGrantLimit));
  const [problems, setProblems] = useState<{ graceDays?: string; limit?: string }>({});
  const [outcome, setOutcome] = useState<SettingsOutcome>(null);
  const names = roles?.map((role) => role.name) ?? [...saved.requireTwoFactor];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const days = Number(graceDays);
    const cap = limit.trim() === '' ? null : Number(limit);
    const found = {
      graceDays:
        /^\d+$/.test(graceDays) && days <= GRACE_DAYS_MAX
          ? undefined
          : `must be a whole number of days from 0 to ${GRACE_DAYS_MAX}`,
      limit:
        cap === null || (Number.isFinite(cap) && cap >= 0)
          ? undefined
          : 'must be an amount, or empty for no cap',
    };
    setProblems(found);
    if (found.graceDays || found.limit) return;
    try {
      await save.mutateAsync({ requireTwoFactor: [...required], graceDays: days, creditGrantLimit: cap });
      setOutcome({ ok: true, text: 'The staff settings were saved.' });
    } catch (error) {
      setOutcome({
        ok: false,
        text: `The staff settings were not saved: ${errorText(error, 'Please try again.')}`,
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
        Security and limits
      </h3>
      <fieldset className="mb-3">
        <legend className="form-label">Roles that must sign in with a second factor</legend>
        <div className="admin-roles__checks">
          {names.map((name) => (
            <div key={name} className="form-check">
              <input
                id={`${id}-2fa-${name}`}
                className="form-check-input"
                type="checkbox"
                checked={required.has(name)}
                onChange={(event) => {
                  const next = new Set(required);
                  if (event.target.checked) next.add(name);
                  else next.delete(name);
                  setRequired(next);
                }}
              />
              <label className="form-check-label" htmlFor={`${id}-2fa-${name}`}>
                {name}
              </label>
            </div>
          ))}
        </div>
        <p className="form-text">
          A member of such a role without a second factor can only set one up, once the grace days have
          passed.
        </p>
      </fieldset>
      <div className="admin-fields">
        <StaffField
          id={`${id}-grace`}
          className="admin-field"
          label="Grace days"
          kind="whole"
          value={graceDays}
          onChange={setGraceDays}
          error={problems.graceDays}
          hint="Days a member may go without the second factor after it is required of them."
        />
        <StaffField
          id={`${id}-limit`}
          className="admin-field"
          label="Most store credit one grant may give"
          kind="decimal"
          value={limit}
          onChange={setLimit}
          error={problems.limit}
          hint="For every member but an admin. Empty: no cap."
        />
      </div>
      <SettingsFormFoot
        outcome={outcome}
        onDismiss={() => setOutcome(null)}
        saving={save.isPending}
        label="Save settings"
      />
    </form>
  );
}
