import { useState } from 'react';
import { Link } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { BellIcon } from '../../../components/icons';
import { LoadingSpinner } from '../../../components/loading-cards';
import { errorText } from '../../../lib/api';
import { formatDay } from '../../../lib/dates';
import { useSizeLabels } from '../../../lib/size-labels';
import { AccountSection } from '../account-section';
import { useDeleteStockAlert } from '../api/delete-stock-alert';
import { useStockAlerts } from '../api/get-stock-alerts';

export const NO_ALERTS_TEXT = "You have no back-in-stock alerts. On a sold-out size, choose 'Notify me'.";

/** The user's back-in-stock alerts: each product, size and picture, a link to it, and 'Cancel'. */
export function StockAlerts({ uid }: { uid: string }) {
  const alerts = useStockAlerts(uid);
  const cancel = useDeleteStockAlert(uid);
  const [failure, setFailure] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const labelOf = useSizeLabels(
    (alerts.data ?? []).map((alert) => ({
      id: alert.product._id,
      brand: alert.product.brand,
      genders: alert.product.gender,
    })),
  );

  const onCancel = async (id: string) => {
    setFailure(null);
    setCancelling(id);
    try {
      await cancel.mutateAsync(id);
    } catch (error) {
      setFailure(`The alert was not cancelled: ${errorText(error)}`);
    } finally {
      setCancelling(null);
    }
  };

  return (
    <AccountSection name="alerts" title="Back-in-stock alerts">
      <p className="text-muted small">We e-mail you once when a sold-out size is on sale again.</p>
      {failure ? <AlertError message={failure} onClose={() => setFailure(null)} /> : null}
      {alerts.isPending ? (
        <LoadingSpinner label="Loading your alerts" className="py-4" spinnerClassName="spinner-border-sm" />
      ) : alerts.isError ? (
        <AlertError
          message={`We could not load your alerts: ${alerts.error.message}`}
          dismissible={false}
          onRetry={() => alerts.refetch()}
        />
      ) : alerts.data.length === 0 ? (
        <p className="account-alerts__empty">
          <BellIcon className="me-2" />
          {NO_ALERTS_TEXT}
        </p>
      ) : (
        <ul className="account-alerts list-unstyled mb-0" aria-label="Your back-in-stock alerts">
          {alerts.data.map((alert) => (
            <li key={alert._id} className="account-alert">
              <img
                src={alert.product.card_picture}
                alt=""
                width={96}
                height={72}
                loading="lazy"
                className="account-alert__img"
              />
              <div className="account-alert__body">
                <p className="account-alert__brand">{alert.product.brand}</p>
                <Link to={`/home/${alert.product._id}`} className="account-alert__name link-dark">
                  {alert.product.name}
                </Link>
                <p className="account-alert__meta">
                  Size {labelOf(alert.product._id, alert.size)} · asked on {formatDay(alert.createdAt)}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-outline-dark btn-sm"
                disabled={cancelling === alert._id}
                aria-label={`Cancel the alert for ${alert.product.name}, size ${alert.size}`}
                onClick={() => onCancel(alert._id)}
              >
                {cancelling === alert._id ? 'Cancelling…' : 'Cancel'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
