import {
  type CartCheck,
  type CheckoutBody,
  fromCents,
  MAX_COUNT_OPTIONS,
  type Order,
  priceOrder,
  promotionKind,
  STORE_CREDIT,
  sizeKey,
  toCents,
} from '@shop/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import type { Publish } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import * as catalog from '../catalog';
import * as credit from '../credit';
import * as drops from '../drops';
import type { Jobs } from '../jobs';
import {
  approvePlacedOrder,
  cancelOrder,
  completedUrl,
  createPendingOrder,
  lockedPendingHoldings,
  type OrderDeps,
  paymentRequestFor,
  sendConfirmation,
  setPaymentPage,
  unitsHeldBy,
} from '../orders';
import { gatewayFor, PaymentProviderError, paymentNotStarted } from '../payments';
import * as promotions from '../promotions';
import type { RateLimitStore } from '../rate-limit';
import { consume } from '../rate-limit';
import * as shipping from '../shipping';
import * as tax from '../tax';
import * as users from '../users';
import { type CheckoutTaxPlan, checkoutTaxPlan } from './checkout-tax';

export interface CheckoutDeps extends OrderDeps {
  reservationMinutes: number;
  /** Unpaid orders, and units in them, one account may hold at once. */
  maxPendingOrders: number;
  maxPendingUnits: number;
  /** Verifies the waiting rooms' admission tokens. */
  dropSecret: string;
  /** Multiplies the checkout rate limit, as it does every other one. */
  rateLimitScale: number;
  rateLimits: RateLimitStore;
  jobs: Pick<Jobs, 'send'>;
  /** Works out the tax rates where the shop collects tax (TAX_PROVIDER; the rate table by default). */
  taxEngine: tax.TaxEngine;
}

/** Checkouts one account may start in a window: far above a shopper's, far below a hoarding script's. */
const CHECKOUTS_PER_ACCOUNT = { max: 20, windowSeconds: 10 * 60 };

export interface Line {
  productId: string;
  size: number;
  count: number;
  /** Index of the line in the request, to name the field of a refusal. */
  index: number;
}

/**
 * Same product and size twice in a cart counts as one line, and the count limit applies to the merged line:
 * three lines of 100 are one line of 300, refused.
 */
export function mergeLines(products: CheckoutBody['products']): Line[] {
  const lines: Line[] = [];
  products.forEach((product, index) => {
    const size = Number(product.size);
    const same = lines.find((line) => line.productId === product.id && line.size === size);
    if (same) same.count += product.count;
    else lines.push({ productId: product.id, size, count: product.count, index });
  });
  const over = lines.find((line) => line.count > MAX_COUNT_OPTIONS);
  if (over) {
    throw AppError.invalid(
      `products.${over.index}`,
      `asks for ${over.count} pairs of size ${sizeKey(over.size)} over several lines; at most ${MAX_COUNT_OPTIONS} of one size per order`,
    );
  }
  return lines;
}

/** Refuses a cart that would take the account past what it may hold unpaid, saying why and what to do. */
function refuseOverCap(
  deps: CheckoutDeps,
  held: { orders: number; units: number },
  units: number,
): AppError | undefined {
  const released = `they are released after ${deps.reservationMinutes} minutes`;
  if (held.orders >= deps.maxPendingOrders) {
    return new AppError(
      'TOO_MANY_PENDING',
      `You already have ${held.orders} unpaid orders holding units; pay or cancel one of them (${released})`,
    );
  }
  if (held.units + units <= deps.maxPendingUnits) return undefined;
  if (held.orders === 0) {
    return new AppError(
      'TOO_MANY_PENDING',
      `This order asks for ${units} pairs; one account may reserve at most ${deps.maxPendingUnits} at once, please buy fewer`,
    );
  }
  return new AppError(
    'TOO_MANY_PENDING',
    `Your unpaid orders already hold ${held.units} pairs and this one asks for ${units}; one account may reserve at most ${deps.maxPendingUnits} at once. Pay or cancel an unpaid order (${released}), or buy fewer`,
  );
}

/** Why a line could not be reserved: the size is gone, or fewer units are left than asked for. */
async function shortLine(tx: DbOrTx, line: Line): Promise<AppError> {
  const [info] = await catalog.stockLines(tx, [line]);
  const size = sizeKey(line.size);
  if (!info) {
    return new AppError('OUT_OF_STOCK', `This product is not sold in size ${size}`, {
      [`products.${line.index}`]: 'is not available any more',
    });
  }
  const reason = info.units > 0 ? `only ${info.units} left in size ${size}` : `sold out in size ${size}`;
  return new AppError('OUT_OF_STOCK', `${info.name}: ${reason}`, { [`products.${line.index}`]: reason });
}

/** Where the order goes: the buyer's profile as it is now (the order keeps it as it was). */
async function shipToOf(tx: DbOrTx, buyerId: string): Promise<NonNullable<Order['shipTo']>> {
  const shipTo = await users.shipToOf(tx, buyerId);
  if (!shipTo) throw new AppError('UNAUTHORIZED', 'Please sign in again');
  return shipTo;
}

interface OrderRequest {
  buyer: CurrentUser;
  provider: string;
  body: CheckoutBody;
  lines: Line[];
  units: number;
  /** The tax plan for the address the order ships to, worked out before the transaction. */
  taxPlan: CheckoutTaxPlan;
}

/** The cart's lines as the catalogue prices them now; a line short of units refuses the cart. */
async function itemsOf(tx: Tx, lines: Line[], held: Map<number, unknown>) {
  const stock = await catalog.stockLines(tx, lines);
  const items = [];
  for (const line of lines) {
    const info = stock.find((row) => row.productId === line.productId && row.size === line.size);
    // A draw winner's pair is already held for them: it is not among the units on sale.
    if (!info || (!held.has(line.index) && info.units < line.count)) throw await shortLine(tx, line);
    items.push({
      productId: line.productId,
      name: info.name,
      brand: info.brand,
      genders: info.genders,
      categories: info.categories,
      picture: info.cardPicture,
      size: line.size,
      count: line.count,
      unitPriceCents: info.priceCents,
      taxCategory: info.taxCategory,
    });
  }
  return items;
}

type Item = Awaited<ReturnType<typeof itemsOf>>[number];

/**
 * The order's price from the one pricing function: the lines, the shipping method serving the buyer's
 * address, the discount code (refused in words when it does not apply) and the store credit on hand.
 */
async function priceItems(
  tx: Tx,
  request: { buyer: CurrentUser; body: CheckoutBody; gate: drops.CheckoutGate; taxPlan: CheckoutTaxPlan },
  items: Item[],
) {
  const { buyer, body, gate } = request;
  // A draw winner's order ships to the address the entry was made from.
  const shipTo = gate.shipTo ?? (await shipToOf(tx, buyer.id));
  const method = await shipping.methodForOrder(tx, {
    methodId: body.shippingMethodId,
    country: shipTo.country,
  });
  const applied = body.code?.trim()
    ? await promotions.applyCode(tx, { code: body.code, buyerId: buyer.id, lines: items })
    : undefined;
  const creditCents = body.useCredit ? await credit.balanceCentsOf(tx, buyer.id) : 0;
  const plan = await request.taxPlan(tx, shipTo);
  const priced = items.map((item, index) => ({ ...item, eligible: applied?.eligible[index] ?? true }));
  const price = priceOrder(priced, method, {
    discount: applied?.discount,
    creditCents,
    tax: tax.orderTaxRates(
      plan,
      items.map((item) => item.taxCategory),
      method.taxCategory,
      items.map(tax.lineReference),
    ),
  });
  // Free shipping's worth is what the method would have charged: it counts in the promotion's figures.
  const shippingSaved =
    applied && promotionKind(applied.discount.kind).freeShipping
      ? priceOrder(priced, method).shippingCents
      : 0;
  return { shipTo, method, applied, price, shippingSaved, plan };
}

/** The order's tax as priced, frozen on it (decision 34). */
function frozenTax(priced: Awaited<ReturnType<typeof priceItems>>) {
  const { plan, price } = priced;
  const { jurisdiction } = plan;
  return {
    taxCents: price.taxCents,
    pricesIncludeTax: price.pricesIncludeTax,
    taxCollected: plan.collected,
    taxReason: plan.reason ?? '',
    taxJurisdiction: jurisdiction
      ? [jurisdiction.country, jurisdiction.region].filter(Boolean).join('-')
      : '',
    taxSource: plan.source,
    shippingTaxRatePcm: price.shippingTax.ratePcm,
    shippingTaxCents: price.shippingTax.tax,
  };
}

/** The order takes its code's use and spends the credit it is paid with, or the checkout is refused. */
async function takeUseAndCredit(
  tx: Tx,
  order: { id: string; number: number; userId: string },
  priced: Awaited<ReturnType<typeof priceItems>>,
) {
  const { applied, price } = priced;
  if (applied) {
    await promotions.takeUse(tx, applied, {
      orderId: order.id,
      userId: order.userId,
      discountCents: price.discountCents + priced.shippingSaved,
      orderTotalCents: price.totalCents,
    });
  }
  const spent = await credit.spendCredit(tx, {
    userId: order.userId,
    orderId: order.id,
    orderNumber: order.number,
    cents: price.creditCents,
  });
  if (!spent) {
    throw new AppError(
      'CONFLICT',
      'Your store credit changed while you were checking out (another order used it); please check out again',
      { useCredit: 'the balance changed' },
    );
  }
}

/**
 * The checkout's transaction: the buyer's holdings counted under their lock, the drops' rules (a release
 * not started, a draw's held pair, a waiting room's admission, the per-person limit), the lines priced from
 * the catalogue with the discount code and the store credit, the pending order written with its code's use
 * and its credit spent, and its units reserved. An order the credit pays whole is paid there and then.
 */
async function placeOrder(deps: CheckoutDeps, tx: Tx, publish: Publish, request: OrderRequest) {
  const { buyer, body, lines, units, taxPlan } = request;
  const refusal = refuseOverCap(deps, await lockedPendingHoldings(tx, buyer.id), units);
  if (refusal) throw refusal;
  // Under the lock an erasure takes: an account erased (or suspended) since the session was read buys nothing.
  const account = await users.findUser(tx, buyer.id);
  if (!account || account.banned) throw new AppError('UNAUTHORIZED', 'You must be logged in');
  const gate = await drops.gateCheckout(deps.dropSecret, tx, {
    buyerId: buyer.id,
    lines,
    admission: body.admission,
    heldByBuyer: (productIds) => unitsHeldBy(tx, buyer.id, productIds),
  });
  const normalEnd = Date.now() + deps.reservationMinutes * 60_000;
  const reservedUntil = new Date(Math.min(normalEnd, gate.holdUntil?.getTime() ?? normalEnd));
  // Priced from the catalogue and written first, reserved last: a size's stock row (in a drop, every
  // buyer's) is locked from its reservation to the commit only, not while the order is written as well.
  const items = await itemsOf(tx, lines, gate.held);
  const priced = await priceItems(tx, { buyer, body, gate, taxPlan }, items);
  const { price } = priced;
  const order = await createPendingOrder(tx, {
    userId: buyer.id,
    // Store credit paying it all is what pays it: no provider takes part.
    provider: price.chargeCents === 0 && price.creditCents > 0 ? STORE_CREDIT : request.provider,
    // The shop's currency when it is placed (the tax settings'); a later change leaves this order's alone.
    currency: priced.plan.currency.toLowerCase(),
    reservedUntil,
    items: items.map(({ categories: _categories, ...item }, index) => ({
      ...item,
      discountCents: price.lineDiscountsCents[index] ?? 0,
      taxRatePcm: price.lineTaxes[index]?.ratePcm ?? null,
      taxCents: price.lineTaxes[index]?.tax ?? 0,
    })),
    tax: frozenTax(priced),
    shipping: { methodId: priced.method.id, name: priced.method.name, cents: price.shippingCents },
    shipTo: priced.shipTo,
    totalCents: price.totalCents,
    discountCents: price.discountCents,
    promotionCode: priced.applied?.row.code ?? null,
    creditUsedCents: price.creditCents,
  });
  await takeUseAndCredit(tx, order, priced);
  if (priced.plan.source === 'fallback') await publish({ type: 'tax.fell-back', orderId: order.id });
  await drops.takeHeldPairs(tx, gate, order.id);
  // One conditional update a line, in the catalogue's lock order so crossing carts cannot deadlock: a
  // line whose units went meanwhile refuses the whole cart, and the order goes with the rollback.
  const toReserve = lines.filter((line) => !gate.held.has(line.index));
  for (const line of catalog.inLockOrder(toReserve)) {
    if (!(await catalog.reserveUnits(tx, line.productId, line.size, line.count)))
      throw await shortLine(tx, line);
  }
  await publish({
    type: 'units.reserved',
    lines: lines.map((line) => ({ productId: line.productId, size: line.size })),
  });
  // Checkout recovery hears of a checkout the shopper is to pay at a provider's page (not one credit pays).
  if (price.chargeCents > 0)
    await publish({
      type: 'checkout.started',
      orderId: order.id,
      userId: buyer.id,
      lines: lines.map(({ productId, size, count }) => ({ productId, size, count })),
      totalCents: price.totalCents,
      currency: priced.plan.currency.toLowerCase(),
    });
  const paid = price.chargeCents === 0 && (await approvePlacedOrder(tx, publish, order.id));
  return { order, items, reservedUntil, paid };
}

/**
 * Buys the cart: prices every line from the database and the shipping from the shop's methods (client
 * prices and totals are ignored), creates a pending order and reserves its units in one transaction with conditional updates, then asks the
 * provider for its payment page. A short line refuses the whole cart and reserves nothing, and so does an
 * account that already holds as much unpaid as it may.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  buyer: CurrentUser,
  provider: string,
  body: CheckoutBody,
): Promise<{ orderId: string; redirectUrl: string }> {
  if (body.user?.uid && body.user.uid !== buyer.id)
    throw new AppError('FORBIDDEN', 'You can only buy for yourself');
  const gateway = gatewayFor(deps.gateways, provider);
  const lines = mergeLines(body.products);
  const units = lines.reduce((sum, line) => sum + line.count, 0);
  await consume(deps.rateLimits, `checkout:${buyer.id}`, {
    ...CHECKOUTS_PER_ACCOUNT,
    max: Math.ceil(CHECKOUTS_PER_ACCOUNT.max * deps.rateLimitScale),
  });
  // The tax engine is asked before the transaction, never in it (it may take seconds, or fail).
  const taxPlan = await checkoutTaxPlan(deps, buyer, { ...body, lines });
  // Retried when PostgreSQL aborts it for a deadlock or a serialization failure: it only touches the
  // database, so a rolled-back attempt leaves nothing behind.
  const { order, items, reservedUntil, paid } = await deps.events.transaction(deps.db, (tx, publish) =>
    placeOrder(deps, tx, publish, { buyer, provider, body, lines, units, taxPlan }),
  );
  // Store credit paid it all: no payment page, the buyer goes straight to the order's confirmation.
  if (paid) {
    await sendConfirmation(deps, order.id);
    return { orderId: order.id, redirectUrl: completedUrl(deps.siteUrl, order) };
  }
  // The reservation ends on time even if this instance stops: a job any instance runs when it is due
  // (a second past the end, so the order is due by then). The minutely sweep covers a job not queued.
  await deps.jobs
    .send(
      'reservationExpiry',
      { orderId: order.id },
      { key: `reservation-expiry:${order.id}`, startAfter: new Date(reservedUntil.getTime() + 1000) },
    )
    .catch((error: unknown) =>
      deps.log.error({ err: error, orderId: order.id }, 'could not queue the reservation expiry'),
    );

  if (body.finalAmount !== undefined && toCents(body.finalAmount) !== order.totalCents) {
    deps.log.info(
      { orderId: order.id, sent: body.finalAmount, total: fromCents(order.totalCents) },
      'client total ignored',
    );
  }

  try {
    const page = await gateway.createPayment(
      paymentRequestFor(deps.siteUrl, order, items, buyer.email, `checkout-${order.id}`),
    );
    await setPaymentPage(deps.db, order.id, { reference: page.reference, url: page.redirectUrl });
    return { orderId: order.id, redirectUrl: page.redirectUrl };
  } catch (error) {
    await cancelOrder(deps, order.id);
    if (error instanceof PaymentProviderError) {
      deps.log.error({ err: error, orderId: order.id }, 'payment provider failed');
      throw paymentNotStarted(deps.gateways, provider);
    }
    throw error;
  }
}

/**
 * Today's price and units for each cart line, for the cart page's refresh. A draw's winner (`viewerId`)
 * sees the pair held for them as one unit of their size: it is not among the units on sale to others. A
 * drop's product carries what its per-person limit still allows the viewer, and why.
 */
export async function checkCart(
  deps: Pick<CheckoutDeps, 'db'>,
  pairs: { id: string; size: string }[],
  viewerId?: string,
): Promise<CartCheck> {
  const wanted = pairs.map((pair) => ({ productId: pair.id, size: Number(pair.size) }));
  const [stock, held, limits] = await Promise.all([
    catalog.stockLines(deps.db, wanted),
    viewerId ? drops.pairsHeldFor(deps.db, viewerId, wanted) : Promise.resolve([]),
    drops.purchaseLimits(
      deps.db,
      wanted.map((pair) => pair.productId),
      async (productIds) => (viewerId ? unitsHeldBy(deps.db, viewerId, productIds) : new Map()),
    ),
  ]);
  return {
    lines: pairs.map((pair) => {
      const limit = limits.get(pair.id) ?? null;
      const info = stock.find((row) => row.productId === pair.id && row.size === Number(pair.size));
      if (!info) return { id: pair.id, size: pair.size, available: false, price: null, units: 0, limit };
      const mine = held.filter(
        (line) => line.productId === pair.id && line.size === Number(pair.size),
      ).length;
      const units = info.units + mine;
      const price = fromCents(info.priceCents);
      return { id: pair.id, size: pair.size, available: units > 0, price, units, limit };
    }),
  };
}
