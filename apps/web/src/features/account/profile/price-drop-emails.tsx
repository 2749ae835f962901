import { MARKETING_QUESTION, type MarketingConsent, type UserDashboard } from '@shop/contracts';
import { useState } from 'react';
import { ShopCard } from '../../../components/shop-card';
import { errorText } from '../../../lib/api';
import { formatDay } from '../../../lib/dates';
import { type ProfileSave, useUpdateProfile } from '../api/update-profile';

const SOURCES: Record<NonNullable<MarketingConsent['source']>, string> = {
  'sign-up': 'when you signed up',
  profile: 'in your profile',
  unsubscribe: "from an e-mail's unsubscribe link",
};

/** What the person last said and where ("You said yes on 4 Dec 2026 when you signed up."), or nothing. */
function consentNote(marketing: MarketingConsent): string {
  if (marketing.state === 'not_asked' || !marketing.updatedAt || !marketing.source) return '';
  const said = marketing.state === 'subscribed' ? 'yes' : 'no';
  return `You said ${said} on ${formatDay(marketing.updatedAt)} ${SOURCES[marketing.source]}.`;
}

/**
 * The profile's e-mails (issue 40): marketing consent ("E-mail me price drops and offers", unticked until
 * the person ticks it), and within it the price drops of their favourites. Each is saved when ticked or
 * cleared; order, shipment and return e-mails, and the alerts they asked for, come whatever they choose.
 */
export function PriceDropEmails({ uid, dashboard }: { uid: string; dashboard: UserDashboard }) {
  const update = useUpdateProfile(uid);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const subscribed = dashboard.marketing.state === 'subscribed';

  const save = async (change: ProfileSave, saved: string) => {
    setStatus(null);
    try {
      await update.mutateAsync(change);
      setStatus({ ok: true, text: saved });
    } catch (error) {
      setStatus({ ok: false, text: `Your choice was not saved: ${errorText(error)}` });
    }
  };

  return (
    <ShopCard headingId="emails-heading" title="E-mails" titleClassName="account-card__title">
      <div className="form-check">
        <input
          id="marketing-emails"
          type="checkbox"
          className="form-check-input"
          checked={subscribed}
          disabled={update.isPending}
          aria-describedby="marketing-emails-note emails-status"
          onChange={(event) =>
            void save(
              { marketing: event.target.checked ? 'subscribed' : 'unsubscribed' },
              event.target.checked
                ? 'Saved: we may e-mail you price drops and offers.'
                : 'Saved: no more price drops or offers.',
            )
          }
        />
        <label htmlFor="marketing-emails" className="form-check-label">
          {MARKETING_QUESTION}
        </label>
        <p id="marketing-emails-note" className="form-text mb-2">
          {consentNote(dashboard.marketing)} Every such e-mail has a one-click unsubscribe.
        </p>
      </div>
      <div className="form-check">
        <input
          id="price-drop-emails"
          type="checkbox"
          className="form-check-input"
          checked={subscribed && dashboard.priceDropEmails}
          disabled={update.isPending || !subscribed}
          aria-describedby="price-drop-emails-note emails-status"
          onChange={(event) =>
            void save(
              { priceDropEmails: event.target.checked },
              event.target.checked
                ? 'Saved: we e-mail you when a favourite gets cheaper.'
                : 'Saved: no more price-drop e-mails.',
            )
          }
        />
        <label htmlFor="price-drop-emails" className="form-check-label">
          E-mail me when a favourite's price drops
        </label>
        <p id="price-drop-emails-note" className="form-text mb-0">
          {subscribed
            ? 'Part of the price drops and offers above.'
            : 'Tick the price drops and offers first.'}{' '}
          Order, shipment and return e-mails, and the alerts you ask for, always come.
        </p>
      </div>
      <p
        id="emails-status"
        aria-live="polite"
        className={`small mt-2 mb-0${status && !status.ok ? ' account-card__error' : ''}`}
      >
        {status?.text}
      </p>
    </ShopCard>
  );
}
