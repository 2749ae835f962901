/** Returns' reasons, states and limits, free of zod so any page can import them cheaply. */

/** Days after delivery (or shipping, when no delivery was marked) a buyer may open a return: RETURN_DAYS. */
export const RETURN_DAYS_DEFAULT = 30;

export const RETURN_REASONS = [
  'too_small',
  'too_large',
  'not_as_pictured',
  'damaged',
  'changed_mind',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  too_small: 'Too small',
  too_large: 'Too large',
  not_as_pictured: 'Not as pictured',
  damaged: 'Arrived damaged',
  changed_mind: 'Changed my mind',
  other: 'Other',
};

export const RETURN_STATES = ['requested', 'approved', 'rejected', 'received', 'cancelled'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];
export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Requested',
  approved: 'Approved: send it back',
  rejected: 'Rejected',
  received: 'Received',
  cancelled: 'Cancelled',
};
/** Where a return's refund goes: back to how the order was paid, or as store credit. */
export const RETURN_REFUND_TO = ['original', 'credit'] as const;
export type ReturnRefundTo = (typeof RETURN_REFUND_TO)[number];
export const RETURN_RESOLUTIONS = ['refund', 'exchange'] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];

export const RETURN_COMMENT_MAX = 500;
export const RETURN_MESSAGE_MAX = 500;
