import {
  cartCheckBodySchema,
  cartCheckResponseSchema,
  checkoutBodySchema,
  executePaymentQuerySchema,
  orderSchema,
  paypalCheckoutResponseSchema,
  stripeCheckoutResponseSchema,
  taxQuoteBodySchema,
  taxQuoteSchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../lib/refusals';
import { currentUser, requireUser, requireVerifiedUser } from '../../plugins/session';
import { confirmProviderReturn } from '../orders';
import { checkProvider } from '../payments';
import { type CheckoutDeps, checkCart, startCheckout } from './checkout.service';
import { quoteTax } from './tax-quote';

/** A checkout can be refused by the rules (4xx) or by the payment provider (502, 503). */
/** A discount code the shop does not know is a 404, one that does not apply a 422 (decision 31). */
const checkoutRefusals = refusals(400, 401, 403, 404, 409, 422, 502, 503);

export const checkoutRoutes: FastifyPluginAsyncZod<{ deps: CheckoutDeps }> = async (app, { deps }) => {
  app.post(
    '/api/checkouts',
    {
      schema: {
        tags: ['checkout'],
        summary:
          "Pay by card (Stripe), or with the `provider` named: reserves the cart as a pending order and answers the payment page URL. `code` prices it with a discount code (refused with its PROMOTION_* reason), `useCredit` pays what the account's store credit covers; an order the credit pays whole is paid at once and the URL is its confirmation page",
        body: checkoutBodySchema,
        response: { 200: stripeCheckoutResponseSchema, ...checkoutRefusals },
      },
    },
    async (request) => {
      const buyer = await requireVerifiedUser(request);
      const provider = checkProvider(deps.gateways, request.body.provider ?? 'stripe');
      const { orderId, redirectUrl } = await startCheckout(deps, buyer, provider.id, request.body);
      return { url: redirectUrl, orderId };
    },
  );

  app.post(
    '/api/paypal/create-payment',
    {
      schema: {
        tags: ['checkout'],
        summary:
          "Pay with PayPal: reserves the cart as a pending order and answers PayPal's approve link; `code` and `useCredit` as for /api/checkouts (the link is the confirmation page when the credit pays it all)",
        body: checkoutBodySchema.omit({ provider: true }),
        response: { 200: paypalCheckoutResponseSchema, ...checkoutRefusals },
      },
    },
    async (request) => {
      const buyer = await requireVerifiedUser(request);
      const { orderId, redirectUrl } = await startCheckout(deps, buyer, 'paypal', request.body);
      return { links: [{ href: redirectUrl, rel: 'approve', method: 'GET' }], orderId };
    },
  );

  app.get(
    '/api/paypal/execute-payment',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Back from PayPal: captures the approved payment server-side (once) and answers the order',
        querystring: executePaymentQuerySchema,
        response: { 200: orderSchema, ...refusals(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const viewer = await requireUser(request);
      return confirmProviderReturn(deps, 'paypal', request.query.token, request.query.order, viewer);
    },
  );

  app.post(
    '/api/cart/check',
    {
      schema: {
        tags: ['checkout'],
        summary: "Today's price and units in stock for each cart line",
        body: cartCheckBodySchema,
        response: { 200: cartCheckResponseSchema, ...refusals(400) },
      },
    },
    async (request) => checkCart(deps, request.body.products, (await currentUser(request))?.id),
  );

  app.post(
    '/api/tax/quote',
    {
      schema: {
        tags: ['tax'],
        summary:
          "The checkout's pricing of a cart for a destination (a country, a US state, and the postal code a tax engine rates by), tax included: each line's net, tax and gross, shipping's, the total, whether the shop collects tax there (`reason` says why not) and who worked out the rates (`source`: table, an engine, or fallback). 503 TAX_UNAVAILABLE when the engine fails and the settings refuse. Reserves nothing",
        body: taxQuoteBodySchema,
        response: { 200: taxQuoteSchema, ...refusals(400, 404, 422, 503) },
      },
    },
    async (request) => quoteTax(deps, request.body),
  );
};
