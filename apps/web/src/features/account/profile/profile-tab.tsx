import { useAccount } from '../account-context';
import { ChangePassword } from './change-password';
import { DeleteAccount } from './delete-account';
import { ProfileForm } from './profile-form';

/** /account/profile: the editable profile (the staff's variant for an admin), the password and leaving the shop. */
export function ProfileTab() {
  const { user, dashboard } = useAccount();
  const variant = dashboard.roles[0] === 'admin' ? 'admin' : 'user';
  return (
    <div className="row g-4">
      <div className="col-12 col-lg-7">
        <ProfileForm uid={user.uid} dashboard={dashboard} variant={variant} />
      </div>
      <div className="col-12 col-lg-5 d-grid gap-4 align-content-start">
        <ChangePassword />
        <DeleteAccount />
      </div>
    </div>
  );
}
