import { AlertError } from '../../../components/alert-error';
import { LoadingSpinner } from '../../../components/loading-cards';
import { ShopCard } from '../../../components/shop-card';
import { useSecurity } from '../api/security';
import { PasskeysCard } from './passkeys-card';
import { TotpSetup } from './totp-setup';
import { TwoFactorOn } from './two-factor-on';
import './security.css';

/**
 * /account/security, for every signed-in person: two-factor sign-in with an authenticator app (and its
 * recovery codes), and passkeys (decision 36).
 */
export function SecurityTab() {
  const security = useSecurity();
  if (security.isPending) return <LoadingSpinner label="Loading your security settings" className="py-5" />;
  if (security.isError)
    return (
      <AlertError
        message={`We could not load your security settings: ${security.error.message}`}
        dismissible={false}
        onRetry={() => security.refetch()}
      />
    );
  const status = security.data;
  return (
    <div className="row g-4">
      <div className="col-12 col-lg-7 d-grid gap-4 align-content-start">
        <ShopCard
          headingId="two-factor-heading"
          title="Two-factor sign-in"
          titleClassName="account-card__title"
        >
          <p className="account-card__lead">
            After your password, signing in asks for a code from an authenticator app on your phone.
          </p>
          {status.twoFactorEnabled ? (
            <TwoFactorOn hasPassword={status.hasPassword} codesLeft={status.recoveryCodesLeft} />
          ) : (
            <TotpSetup hasPassword={status.hasPassword} />
          )}
        </ShopCard>
      </div>
      <div className="col-12 col-lg-5 d-grid gap-4 align-content-start">
        <PasskeysCard passkeys={status.passkeys} />
      </div>
    </div>
  );
}
