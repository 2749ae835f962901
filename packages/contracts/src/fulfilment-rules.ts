/** Fulfilment's states, carriers and tracking, free of zod so any page can import them cheaply. */

/** After the payment, beside the order's state: how much of it left the warehouse. */
export const FULFILMENT_STATES = ['unfulfilled', 'partially_shipped', 'shipped', 'delivered'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];
export const FULFILMENT_LABELS: Record<FulfilmentState, string> = {
  unfulfilled: 'Not shipped yet',
  partially_shipped: 'Partly shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

export const CARRIERS = ['ups', 'usps', 'fedex', 'dhl', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const CARRIER_LABELS: Record<Carrier, string> = {
  ups: 'UPS',
  usps: 'USPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  other: 'Other carrier',
};

const TRACKING_LINKS: Record<Exclude<Carrier, 'other'>, string> = {
  ups: 'https://www.ups.com/track?tracknum=',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr=',
  dhl: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=',
};

/** The carrier's tracking page for a parcel; null for a carrier the shop does not know. */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  return carrier === 'other' ? null : `${TRACKING_LINKS[carrier]}${encodeURIComponent(trackingNumber)}`;
}

export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9 -]{4,40}$/;
