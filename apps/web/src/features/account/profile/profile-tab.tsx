import { useAccount } from '../account-context';
import { ChangePassword } from './change-password';
import { DeleteAccount } from './delete-account';
import { MySizes } from './my-sizes';
import { PriceDropEmails } from './price-drop-emails';
import { ProfileForm } from './profile-form';
import { StoreCredit } from './store-credit';
import { YourData } from './your-data';

/**
 * /account/profile: the editable profile (the staff's variant for an admin), the store credit and its
 * history, the shopper's sizes, the price-drop e-mails, the password, a copy of their data and leaving
 * the shop.
 */
export function ProfileTab() {
  const { user, dashboard } = useAccount();
  const variant = dashboard.roles[0] === 'admin' ? 'admin' : 'user';
  return (
    <div className="row g-4">
      <div className="col-12 col-lg-7 d-grid gap-4 align-content-start">
        <ProfileForm uid={user.uid} dashboard={dashboard} variant={variant} />
        <StoreCredit uid={user.uid} />
      </div>
      <div className="col-12 col-lg-5 d-grid gap-4 align-content-start">
        <MySizes />
        <PriceDropEmails uid={user.uid} dashboard={dashboard} />
        <ChangePassword />
        <YourData />
        <DeleteAccount />
      </div>
    </div>
  );
}
