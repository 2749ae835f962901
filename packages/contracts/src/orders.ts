import { productIdSchema, reviewSchema } from './catalog';
import {
  MAX_AMOUNT,
  MAX_COUNT_OPTIONS,
  ORDER_STATES,
  ORDERS_PAGE_MAX,
  ORDERS_PAGE_SIZE,
  ORDERS_SEARCH_MAX,
  PAYMENT_ENTRY_KINDS,
  PAYMENT_PROVIDER_PATTERN,
  SIZE_PATTERN,
  STORE_CREDIT,
} from './constants';
import { shipmentSchema } from './fulfilment';
import { FULFILMENT_STATES } from './fulfilment-rules';
import { pageQuerySchema } from './paging';
import { orderReturnSchema } from './returns';
import { shippingMethodIdSchema, shippingMethodSchema } from './shipping';
import { shipToSchema, userIdSchema } from './users';
import { z } from './zod';

export const paymentProviderSchema = z
  .string()
  .regex(PAYMENT_PROVIDER_PATTERN, { error: 'must be a payment provider id such as stripe' });
/** What paid an order: a payment provider, or the buyer's store credit. */
export const tenderSchema = z.union([paymentProviderSchema, z.literal(STORE_CREDIT)]);
export const orderStateSchema = z.enum(ORDER_STATES);
export const orderIdSchema = z.uuid({ error: 'must be an order id' });
export const orderIdParamsSchema = z.object({ id: orderIdSchema });

/** An amount the browser reports (the server prices from its own database): bounded like every amount. */
const reportedAmountSchema = z
  .number({ error: 'must be a number' })
  .nonnegative({ error: 'must be 0 or more' })
  .max(MAX_AMOUNT, { error: `must be ${MAX_AMOUNT} or less` });

/**
 * A cart line as the browser sends it (the spec's cart item). Only id, size and count are used: the server
 * prices every line from its own database; name, price and totals sent by the client are ignored.
 */
export const checkoutLineSchema = z.object({
  id: productIdSchema,
  size: z.string().regex(SIZE_PATTERN, { error: 'must be a shoe size such as 9 or 9.5' }),
  count: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(MAX_COUNT_OPTIONS, { error: `must be at most ${MAX_COUNT_OPTIONS}` }),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

/** The spec's payment payload: products, finalAmount, user; `provider` (default stripe) picks how to pay. */
export const checkoutBodySchema = z.object({
  provider: paymentProviderSchema.optional(),
  /** The shipping method; without it, the cheapest serving the buyer's country. */
  shippingMethodId: shippingMethodIdSchema.optional(),
  products: z
    .array(checkoutLineSchema)
    .min(1, { error: 'the cart is empty' })
    .max(50, { error: 'must have at most 50 lines' }),
  finalAmount: reportedAmountSchema.optional(),
  /** A first-come drop's admission token from its waiting room (`GET /api/drops/:id/queue/me`). */
  admission: z.string().max(2000, { error: 'is too long' }).optional(),
  /** A discount code: the server prices the order with it, or refuses the checkout saying why. */
  code: z
    .string({ error: 'must be text' })
    .trim()
    .max(32, { error: 'must be at most 32 characters' })
    .optional(),
  /** Pay what the account's store credit covers of the total; the provider is asked for the rest. */
  useCredit: z.boolean({ error: 'must be true or false' }).optional(),
  user: z
    .object({ uid: z.string().optional(), email: z.string().optional(), username: z.string().optional() })
    .optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/** Stripe: the browser is sent to `url`. */
export const stripeCheckoutResponseSchema = z.object({ url: z.string(), orderId: z.string() });
/** PayPal: the browser is sent to the link whose rel is 'approve'. */
export const paypalCheckoutResponseSchema = z.object({
  links: z.array(z.object({ href: z.string(), rel: z.string(), method: z.string() })),
  orderId: z.string(),
});

export const orderLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  /** The product's genders when it was bought: whose size chart labels the size (chartGenderOf). */
  gender: z.array(z.string()),
  card_picture: z.string(),
  img: z.string(),
  size: z.string(),
  count: z.number().int(),
  price: z.number(),
  totalPrice: z.number(),
  /** The discount code's amount off this line (all its units); what was paid is totalPrice less it. */
  discount: z.number(),
});

/** One entry of the order's payments ledger: what moved, by which tender, how much and when. */
export const paymentEntrySchema = z.object({
  kind: z.enum(PAYMENT_ENTRY_KINDS),
  tender: tenderSchema,
  amount: z.number(),
  /** The provider's reference for a capture or a refund (its payment's id). */
  reference: z.string().optional(),
  /** The return a refund or a give-back was for. */
  returnId: z.string().optional(),
  at: z.string(),
});
export type PaymentEntry = z.infer<typeof paymentEntrySchema>;

/** An order's tax as it was priced and frozen (decision 34); amounts in the order's currency. */
export const orderTaxSchema = z.object({
  /** All of it: the lines' and the shipping's. */
  total: z.number(),
  pricesIncludeTax: z.boolean(),
  /** Whose rates applied: a country ('FR') or a US state ('US-CA'); '' when none was collected. */
  jurisdiction: z.string(),
  collected: z.boolean(),
  /** Why none was collected ('no tax collected: not registered in Oregon'); '' when it was. */
  reason: z.string(),
  /** The rate table, or the table after a tax provider failed. */
  source: z.string(),
  /** Each line's: its category, rate (a percentage; null when none), the amount taxed and the tax. */
  lines: z.array(
    z.object({
      productId: z.string(),
      size: z.string(),
      category: z.string(),
      rate: z.number().nullable(),
      base: z.number(),
      amount: z.number(),
    }),
  ),
  shipping: z.object({ rate: z.number().nullable(), base: z.number(), amount: z.number() }),
});
export type OrderTax = z.infer<typeof orderTaxSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), username: z.string(), email: z.string(), image: z.string() }),
  date: z.string(),
  state: orderStateSchema,
  /** What it is paid with: a provider's id, or `store_credit` when the store credit paid it whole. */
  provider: tenderSchema,
  /** When staff refunded it (ISO); a refunded order is `cancelled`, and this tells it from an unpaid one. */
  refundedAt: z.string().nullable(),
  /** What the order came to: the lines less the discount, plus shipping, plus the tax when prices exclude it. */
  finalAmount: z.number(),
  /** The ISO 4217 code (EUR) its amounts are in: the shop's currency when it was placed, kept ever after. */
  currency: z.string(),
  tax: orderTaxSchema,
  /** The discount code used, and what it took off the lines. */
  code: z.string().nullable(),
  discount: z.number(),
  /** The part of finalAmount paid with store credit; the provider was asked for the rest. */
  creditUsed: z.number(),
  products: z.array(orderLineSchema),
  /** The order's number on its invoice and e-mails. */
  number: z.number().int(),
  shipping: z.object({ methodId: z.string().nullable(), name: z.string(), price: z.number() }),
  /** Where it ships: the buyer's profile address when it was placed (null for orders placed before). */
  shipTo: shipToSchema.nullable(),
  fulfilment: z.enum(FULFILMENT_STATES),
  shipments: z.array(shipmentSchema),
  returns: z.array(orderReturnSchema),
  /** Refunded so far, whole or in part: the sum of the ledger's refunds and give-backs. */
  refundedAmount: z.number(),
  /** The tax in what was refunded: all of it once the whole order was refunded (decision 34). */
  refundedTax: z.number(),
  /** The payments ledger of the order, oldest first: captures, refunds, credit spent and given back. */
  payments: z.array(paymentEntrySchema),
  /** A size exchange's replacement: the order it replaces pairs of. */
  replacementOf: z.string().nullable(),
  /** A replacement's origin, by number: the original order and the return whose exchange it is. */
  replaces: z
    .object({
      orderId: z.string(),
      orderNumber: z.number().int(),
      returnId: z.string(),
      returnNumber: z.string(),
    })
    .nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** An order as the packer sees it: its shipping method with the delivery estimate that method promises. */
export const packingOrderSchema = orderSchema.extend({
  shipping: orderSchema.shape.shipping.extend({ estimateDays: shippingMethodSchema.shape.estimateDays }),
});
export type PackingOrder = z.infer<typeof packingOrderSchema>;

/**
 * `GET /api/payments/providers`: every tender by the name people read: the registered providers (and
 * whether each can take a payment now), then store credit.
 */
export const paymentProvidersSchema = z.array(
  z.object({ id: tenderSchema, label: z.string(), available: z.boolean() }),
);
export type PaymentProviderInfo = z.infer<typeof paymentProvidersSchema>[number];

const orderSortValueSchema = z
  .object({
    date: z.union([z.literal(1), z.literal(-1)]),
    finalAmount: z.union([z.literal(1), z.literal(-1)]),
    state: z.union([z.literal(1), z.literal(-1)]),
  })
  .partial()
  .strict();
export type OrdersSort = z.infer<typeof orderSortValueSchema>;

/**
 * A day or an instant the database can compare with: PostgreSQL has no year 0, and past 9999 JavaScript
 * writes a date the database cannot read (a `to` day also reaches into the next day).
 */
const isoDayOrInstant = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'must be an ISO date such as 2026-01-31 or 2026-01-31T12:00:00Z',
  })
  .refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 1 && year <= 9998;
    },
    { error: 'must be between the years 0001 and 9998' },
  );

export const ordersQuerySchema = z.object({
  /** JSON such as {"date":-1} (newest first, the default). */
  ordersSort: z
    .string()
    .transform((raw, ctx): OrdersSort => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON such as {"date":-1}' });
        return z.NEVER;
      }
      const result = orderSortValueSchema.safeParse(parsed);
      if (!result.success) {
        ctx.addIssue({ code: 'custom', message: 'must sort by date, finalAmount or state with 1 or -1' });
        return z.NEVER;
      }
      return result.data;
    })
    .optional(),
  /** A user's id: that user's orders (an admin may ask for anyone's; a user only for their own). */
  _id: userIdSchema.optional(),
  /**
   * The staff's search: the order whose number it is ("12" or "#12"), and the orders of the accounts whose
   * e-mail or name holds it (any case, as plain text). Blank means no search.
   */
  search: z
    .string({ error: 'must be text' })
    .trim()
    .max(ORDERS_SEARCH_MAX, { error: `must be at most ${ORDERS_SEARCH_MAX} characters` })
    .transform((search) => search || undefined)
    .optional(),
  /** Only the orders in this state. */
  state: orderStateSchema.optional(),
  /** Only the orders placed on or after this day (YYYY-MM-DD, UTC) or instant (ISO with offset). */
  from: isoDayOrInstant.optional(),
  /** Only the orders placed on or before this day (the whole day, UTC) or before this instant. */
  to: isoDayOrInstant.optional(),
  /** 1-based page of `limit` orders; a page shorter than `limit` is the last. */
  page: pageQuerySchema,
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(ORDERS_PAGE_MAX, { error: `must be at most ${ORDERS_PAGE_MAX}` })
    .default(ORDERS_PAGE_SIZE),
});

/**
 * `GET /api/orders/export.csv` (admin): the admin list's filters (one user's orders, a state, dates) with
 * the same rules, without its paging and sorting: every matching order, oldest first, one row per line.
 */
export const ordersExportQuerySchema = ordersQuerySchema.pick({
  _id: true,
  state: true,
  from: true,
  to: true,
});
export type OrdersExportQuery = z.infer<typeof ordersExportQuerySchema>;

/** `POST /api/orders/:id/pay`: the payment page of the buyer's own pending order, to pay it after all. */
export const orderPaymentLinkSchema = z.object({ url: z.string() });

/**
 * `GET /api/users/bought/:id` (self or admin): one entry per product of the user's aprobed orders, newest
 * purchase first, with the user's review of it when there is one (the Bought tab).
 */
export const boughtItemSchema = z.object({
  product: z.object({
    _id: z.string(),
    name: z.string(),
    brand: z.string(),
    card_picture: z.string(),
  }),
  /** When the latest aprobed order holding it was placed (ISO). */
  date: z.string(),
  review: reviewSchema.nullable(),
});
export type BoughtItem = z.infer<typeof boughtItemSchema>;
export const boughtListSchema = z.array(boughtItemSchema);

/** `PUT /api/orders/:id`: the spec's voucher. Approval only happens once the provider confirms payment. */
export const orderUpdateBodySchema = z.object({
  voucher: z.object({ state: z.enum(['aprobed', 'cancelled']) }),
});

/** `PUT /api/success-order`: the spec's payload; the server confirms the buyer's pending order with the provider. */
export const successOrderBodySchema = z.object({
  user: z.object({
    email: z.string().optional(),
    username: z.string().optional(),
    uid: z.string().optional(),
  }),
  products: z.array(z.unknown()).optional(),
  finalAmount: reportedAmountSchema.optional(),
});

/** `GET /api/paypal/execute-payment`: PayPal's return query (`token` is PayPal's order id). */
export const executePaymentQuerySchema = z.object({
  token: z.string().min(1).max(64),
  PayerID: z.string().max(64).optional(),
  order: orderIdSchema.optional(),
});

/** `POST /api/cart/check`: today's price and stock for each cart line. */
export const cartCheckBodySchema = z.object({
  products: z.array(checkoutLineSchema.pick({ id: true, size: true })).max(50),
});
export const cartCheckResponseSchema = z.object({
  lines: z.array(
    z.object({
      id: z.string(),
      size: z.string(),
      /** false when the product left the catalogue or never had this size. */
      available: z.boolean(),
      price: z.number().nullable(),
      units: z.number().int(),
      /**
       * A drop's per-person limit, for the viewer (a guest holds none): the pairs of this product they may
       * still buy, and the reason the cart gives for refusing more. Null when the product has no limit.
       */
      limit: z.object({ pairs: z.number().int(), reason: z.string() }).nullable(),
    }),
  ),
});
export type CartCheck = z.infer<typeof cartCheckResponseSchema>;

/** The built-in test-mode payment page's view of a payment. */
export const testPaymentSchema = z.object({
  reference: z.string(),
  provider: paymentProviderSchema,
  status: z.enum(['open', 'paid', 'cancelled', 'expired']),
  amount: z.number(),
  currency: z.string(),
  email: z.string(),
  lines: z.array(z.object({ name: z.string(), size: z.string(), count: z.number(), price: z.number() })),
  /** The shipping charged, as its own amount (null on a payment made before shipping was charged). */
  shipping: z.object({ name: z.string(), price: z.number() }).nullable(),
  /** The discount code's amount off, and the store credit paid (both 0 when none). */
  discount: z.object({ code: z.string().nullable(), amount: z.number() }),
  credit: z.number(),
  /** The order's tax (0 when none): added to the amount, or included in the prices. */
  tax: z.object({ amount: z.number(), included: z.boolean() }),
});
export type TestPayment = z.infer<typeof testPaymentSchema>;
export const testPaymentDecisionSchema = z.object({ redirectUrl: z.string() });
