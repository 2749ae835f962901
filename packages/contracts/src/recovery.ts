import { cartItemSchema } from './cart';
import { pageQuerySchema } from './paging';
import { z } from './zod';

/**
 * Checkout recovery (issue 40): a signed-in shopper who reached the payment page and did not pay is
 * reminded by e-mail, at most twice, only on a basis for marketing (docs/decisions/0039).
 */

/** The reminders' delays after the checkout, in minutes, when the owner has set none: an hour, a day. */
export const RECOVERY_DELAYS_DEFAULT = [60, 1440];
/** At most this many reminders for one abandoned checkout. */
export const RECOVERY_EMAILS_MAX = 2;
/** A delay is at least a minute (so a journey can wait for it) and at most 30 days. */
export const RECOVERY_DELAY_MIN = 1;
export const RECOVERY_DELAY_MAX = 43_200;
/** How long a reminder's link restores the cart. */
export const RECOVERY_LINK_DAYS = 7;
/** Abandoned checkouts a page of the staff's list holds. */
export const ABANDONED_PAGE_SIZE = 25;

const delay = z
  .number({ error: 'must be a whole number of minutes' })
  .int({ error: 'must be a whole number of minutes' })
  .min(RECOVERY_DELAY_MIN, { error: `must be at least ${RECOVERY_DELAY_MIN} minute` })
  .max(RECOVERY_DELAY_MAX, { error: `must be at most ${RECOVERY_DELAY_MAX} minutes (30 days)` });

/**
 * `GET/PUT /api/settings/recovery`: whether reminders go out, their delays (one or two, the second later
 * than the first), and whether a customer who bought before may get them (and price drops) on the soft
 * opt-in until they object, besides those who consented.
 */
export const recoverySettingsSchema = z.object({
  enabled: z.boolean({ error: 'must be true or false' }),
  delaysMinutes: z
    .array(delay, { error: 'must be a list of one or two delays in minutes' })
    .min(1, { error: 'must hold one or two delays' })
    .max(RECOVERY_EMAILS_MAX, { error: `must hold at most ${RECOVERY_EMAILS_MAX} delays` })
    .refine((delays) => delays.every((minutes, index) => index === 0 || minutes > (delays[index - 1] ?? 0)), {
      error: 'each delay must be later than the one before',
    }),
  softOptIn: z.boolean({ error: 'must be true or false' }),
});
export type RecoverySettings = z.infer<typeof recoverySettingsSchema>;
/** A PUT changes the settings it names. */
export const recoverySettingsBodySchema = recoverySettingsSchema
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'must name a setting to change' });

/** `GET /api/cart/recover?token=`: the reminder's signed link. */
export const cartRecoverQuerySchema = z.object({
  token: z
    .string({ error: 'is required' })
    .min(1, { error: 'is required' })
    .max(400, { error: 'is too long' }),
});

/** Why a line of the abandoned checkout is not back in the cart. */
export const RECOVERY_GONE_REASONS = ['sold-out', 'unavailable'] as const;
export const recoveryGoneLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  size: z.string(),
  /** 'sold-out': that size has no pairs left (the shopper may ask to be told); 'unavailable': no longer sold. */
  reason: z.enum(RECOVERY_GONE_REASONS),
});
export type RecoveryGoneLine = z.infer<typeof recoveryGoneLineSchema>;

/**
 * The restored cart: the lines still to be had, as the browser keeps them (at the catalogue's price now,
 * and no more pairs than are left), and those that are not, with why.
 */
export const cartRecoverySchema = z.object({
  items: z.array(cartItemSchema),
  gone: z.array(recoveryGoneLineSchema),
});
export type CartRecovery = z.infer<typeof cartRecoverySchema>;

/**
 * Where an abandoned checkout stands: reminders still to come ('waiting'), reminded ('reminded'), bought
 * after a reminder ('recovered'), bought before any ('ordered'), or never reminded ('not-sent', `reason`
 * says why).
 */
export const ABANDONED_STATES = ['waiting', 'reminded', 'recovered', 'ordered', 'not-sent'] as const;
export type AbandonedState = (typeof ABANDONED_STATES)[number];
/** Why no reminder went: no basis for marketing, nothing left to buy, only a drop's products, turned off. */
export const NOT_SENT_REASONS = ['no-basis', 'nothing-left', 'drop', 'disabled'] as const;
export type NotSentReason = (typeof NOT_SENT_REASONS)[number];
export const NOT_SENT_LABELS: Record<NotSentReason, string> = {
  'no-basis': 'No consent to marketing',
  'nothing-left': 'Sold out since',
  drop: "A drop's products",
  disabled: 'Reminders turned off',
};

export const abandonedCheckoutSchema = z.object({
  id: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** When the shopper reached the payment page. */
  startedAt: z.string(),
  /** Pairs in the checkout, and its total then, in `currency`. */
  units: z.number().int(),
  value: z.number(),
  currency: z.string(),
  state: z.enum(ABANDONED_STATES),
  reason: z.enum(NOT_SENT_REASONS).nullable(),
  emailsSent: z.number().int(),
  lastEmailAt: z.string().nullable(),
  /** When the shopper followed a reminder's link back to their cart. */
  restoredAt: z.string().nullable(),
  /** The order bought after a reminder. */
  recoveredOrder: z.object({ id: z.string(), number: z.number().int(), total: z.number() }).nullable(),
});
export type AbandonedCheckout = z.infer<typeof abandonedCheckoutSchema>;

/** `GET /api/admin/abandoned-checkouts?page=` */
export const abandonedCheckoutsQuerySchema = z.object({ page: pageQuerySchema });

/** `GET /api/admin/abandoned-checkouts?page=`: newest first, with the figures of them all. */
export const abandonedCheckoutsPageSchema = z.object({
  items: z.array(abandonedCheckoutSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  summary: z.object({
    /** Abandoned checkouts kept (90 days), reminders sent, orders bought after one and their value. */
    checkouts: z.number().int(),
    emailsSent: z.number().int(),
    recoveredOrders: z.number().int(),
    recoveredValue: z.number(),
    currency: z.string(),
  }),
});
export type AbandonedCheckoutsPage = z.infer<typeof abandonedCheckoutsPageSchema>;
