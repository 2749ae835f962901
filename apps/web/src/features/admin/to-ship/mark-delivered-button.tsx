import type { Shipment } from '@shop/contracts';
import { useState } from 'react';
import { errorText } from '../../../lib/api';
import { BusyButton } from '../shared/busy-label';
import { useMarkDelivered } from './api/mark-delivered';

/** "Mark delivered" for a parcel on its way; a parcel that arrived says when instead. */
export function MarkDeliveredButton({ orderId, shipment }: { orderId: string; shipment: Shipment }) {
  const deliver = useMarkDelivered();
  const [failure, setFailure] = useState<string | null>(null);
  if (shipment.deliveredAt) return null;
  const onClick = async () => {
    setFailure(null);
    try {
      await deliver.mutateAsync({ orderId, shipmentId: shipment.id });
    } catch (error) {
      setFailure(`Not marked delivered: ${errorText(error)}`);
    }
  };
  return (
    <>
      <BusyButton
        className="btn btn-outline-dark btn-sm"
        onClick={onClick}
        aria-label={`Mark delivered: parcel ${shipment.trackingNumber}`}
        busy={deliver.isPending}
        busyText="Saving…"
      >
        Mark delivered
      </BusyButton>
      {failure ? (
        <p className="to-ship__error mb-0" role="alert">
          {failure}
        </p>
      ) : null}
    </>
  );
}
