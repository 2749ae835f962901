import type { UserDashboard } from '@shop/contracts';
import { useState } from 'react';
import { ShopCard } from '../../../components/shop-card';
import { errorText } from '../../../lib/api';
import { useUpdateProfile } from '../api/update-profile';

/** "E-mail me when a favourite's price drops": saved with the profile as soon as it is ticked or cleared. */
export function PriceDropEmails({ uid, dashboard }: { uid: string; dashboard: UserDashboard }) {
  const update = useUpdateProfile(uid);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const onChange = async (checked: boolean) => {
    setStatus(null);
    try {
      await update.mutateAsync({ priceDropEmails: checked });
      setStatus({
        ok: true,
        text: checked
          ? 'Saved: we e-mail you when a favourite gets cheaper.'
          : 'Saved: no more price-drop e-mails.',
      });
    } catch (error) {
      setStatus({ ok: false, text: `Your choice was not saved: ${errorText(error)}` });
    }
  };

  return (
    <ShopCard headingId="emails-heading" title="E-mails" titleClassName="account-card__title">
      <div className="form-check">
        <input
          id="price-drop-emails"
          type="checkbox"
          className="form-check-input"
          checked={dashboard.priceDropEmails}
          disabled={update.isPending}
          aria-describedby="price-drop-emails-status"
          onChange={(event) => void onChange(event.target.checked)}
        />
        <label htmlFor="price-drop-emails" className="form-check-label">
          E-mail me when a favourite's price drops
        </label>
      </div>
      <p
        id="price-drop-emails-status"
        aria-live="polite"
        className={`small mt-2 mb-0${status && !status.ok ? ' account-card__error' : ''}`}
      >
        {status?.text}
      </p>
    </ShopCard>
  );
}
