import type { AdminUser } from '@shop/contracts';
import { AlertBox } from '../../../components/alert-box';
import { AlertError } from '../../../components/alert-error';
import { errorText } from '../../../lib/api';
import { useExportUser } from './api/export-user';

/** The success alert's words once a copy of `email`'s data is on its way. */
export const exportStartedText = (email: string) =>
  `The archive of ${email} is being prepared: the link will be e-mailed to you.`;

/**
 * "Export data" on a user's card (users.read): a copy of the person's data (what their own "Download my
 * data" gives them) is prepared, and its link e-mailed to the member of staff. Says so, or why not.
 */
export function ExportUser({ user }: { user: AdminUser }) {
  const exporting = useExportUser(user._id);
  return (
    <>
      {exporting.isSuccess ? (
        <AlertBox
          tone="success"
          title="Data export started"
          message={exportStartedText(user.email)}
          onDismiss={() => exporting.reset()}
          className="admin-user-card__alert mb-0"
        />
      ) : null}
      {exporting.isError ? (
        <AlertError
          message={`The data of ${user.email} was not exported: ${errorText(exporting.error, 'Please try again.')}`}
          onClose={() => exporting.reset()}
          className="admin-user-card__alert mb-0"
        />
      ) : null}
      <button
        type="button"
        className="btn btn-outline-dark btn-sm admin-user-card__export"
        disabled={exporting.isPending}
        aria-label={`Export the data of ${user.email}`}
        onClick={() => exporting.mutate()}
      >
        Export data
      </button>
    </>
  );
}
