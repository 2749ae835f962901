import {
  CARRIER_LABELS,
  type Carrier,
  leftToShip,
  type Order,
  orderName,
  type Shipment,
  TRACKING_NUMBER_PATTERN,
} from '@shop/contracts';
import { useState } from 'react';
import { ApiError, errorText } from '../../../lib/api';
import { useShipOrder } from './api/ship-order';

/** A line still to ship, as the form offers it: whether it goes in this parcel, and how many units. */
export interface LinePick {
  key: string;
  productId: string;
  name: string;
  size: string;
  left: number;
  picked: boolean;
  count: number;
}

/** What is wrong with the form, by field: `carrier`, `trackingNumber`, `lines`, or a line's key. */
export type ShipErrors = Record<string, string>;

const lineKey = (line: { id: string; size: string }) => `${line.id}|${line.size}`;

function initialPicks(order: Order): LinePick[] {
  return leftToShip(order.products, order.shipments)
    .filter((line) => line.left > 0)
    .map((line) => ({
      key: lineKey(line),
      productId: line.id,
      name: line.name,
      size: line.size,
      left: line.left,
      picked: true,
      count: line.left,
    }));
}

/** The form's own checks, before anything is sent: the same rules the API applies. */
function check(picks: LinePick[], carrier: Carrier | '', trackingNumber: string): ShipErrors {
  const errors: ShipErrors = {};
  if (!picks.some((line) => line.picked)) errors.lines = 'Choose at least one line to ship.';
  if (!carrier) errors.carrier = 'Choose the carrier.';
  if (!TRACKING_NUMBER_PATTERN.test(trackingNumber.trim()))
    errors.trackingNumber = 'Enter the tracking number: 4 to 40 letters, digits, spaces or dashes.';
  return errors;
}

/** The API's refusal by field: `lines.N` and `lines.N.count` name the N-th line sent. */
function serverErrors(error: unknown, sent: LinePick[]): ShipErrors {
  if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0)
    return { form: `The order was not marked shipped: ${errorText(error)}` };
  const errors: ShipErrors = {};
  for (const [field, reason] of Object.entries(error.fields)) {
    const line = /^lines\.(\d+)/.exec(field);
    const target = line ? sent[Number(line[1])]?.key : undefined;
    if (target) errors[target] = `${sent[Number(line?.[1])]?.name}: ${reason}`;
    else
      errors[field === 'lines' || field === 'carrier' || field === 'trackingNumber' ? field : 'form'] =
        reason;
  }
  return errors;
}

/**
 * One order's "Mark shipped" form: the lines left to ship (all ticked, each for all its units), the
 * carrier and the tracking number. Checks them, sends them, and shows the API's refusals by field.
 */
export function useShipForm(order: Order, onShipped: (message: string) => void) {
  const [picks, setPicks] = useState(() => initialPicks(order));
  const [carrier, setCarrier] = useState<Carrier | ''>('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<ShipErrors>({});
  const ship = useShipOrder();

  const update = (key: string, change: Partial<Pick<LinePick, 'picked' | 'count'>>) =>
    setPicks((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));

  const submit = async (): Promise<boolean> => {
    const found = check(picks, carrier, trackingNumber);
    setErrors(found);
    if (Object.keys(found).length > 0 || !carrier) return false;
    const sent = picks.filter((line) => line.picked);
    let shipment: Shipment;
    try {
      shipment = await ship.mutateAsync({
        orderId: order._id,
        body: {
          lines: sent.map((line) => ({ productId: line.productId, size: line.size, count: line.count })),
          carrier,
          trackingNumber: trackingNumber.trim(),
        },
      });
    } catch (error) {
      setErrors(serverErrors(error, sent));
      return false;
    }
    const pairs = shipment.lines.reduce((sum, line) => sum + line.count, 0);
    onShipped(
      `Order ${orderName(order)} marked shipped: ${pairs} ${pairs === 1 ? 'pair' : 'pairs'} with ${CARRIER_LABELS[carrier]}, tracking number ${shipment.trackingNumber}. The buyer was e-mailed.`,
    );
    return true;
  };

  return {
    picks,
    carrier,
    trackingNumber,
    errors,
    busy: ship.isPending,
    setCarrier,
    setTrackingNumber,
    update,
    submit,
  };
}
