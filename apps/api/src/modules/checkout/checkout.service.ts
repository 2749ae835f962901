import {
  type CartCheck,
  type CheckoutBody,
  fromCents,
  type PaymentProvider,
  sizeKey,
  toCents,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../auth/session';
import * as catalog from '../catalog/catalog.service';
import {
  cancelOrder,
  createPendingOrder,
  type OrderDeps,
  setProviderReference,
} from '../orders/orders.service';
import { PaymentProviderError } from '../payments/gateway';
import { gatewayFor } from '../payments/payments';

export interface CheckoutDeps extends OrderDeps {
  currency: string;
  reservationMinutes: number;
}

interface Line {
  productId: string;
  size: number;
  count: number;
  /** Index of the line in the request, to name the field of a refusal. */
  index: number;
}

/** Same product and size twice in a cart counts as one line. */
function mergeLines(products: CheckoutBody['products']): Line[] {
  const lines: Line[] = [];
  products.forEach((product, index) => {
    const size = Number(product.size);
    const same = lines.find((line) => line.productId === product.id && line.size === size);
    if (same) same.count += product.count;
    else lines.push({ productId: product.id, size, count: product.count, index });
  });
  return lines;
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

/**
 * Buys the cart: prices every line from the database (client prices and totals are ignored), creates a
 * pending order and reserves its units in one transaction with conditional updates, then asks the
 * provider for its payment page. A short line refuses the whole cart and reserves nothing.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  buyer: CurrentUser,
  provider: PaymentProvider,
  body: CheckoutBody,
): Promise<{ orderId: string; redirectUrl: string }> {
  if (body.user?.uid && body.user.uid !== buyer.id)
    throw new AppError('FORBIDDEN', 'You can only buy for yourself');
  const gateway = gatewayFor(deps.gateways, provider);
  const lines = mergeLines(body.products);
  const reservedUntil = new Date(Date.now() + deps.reservationMinutes * 60_000);

  const { order, items } = await deps.db.transaction(async (tx) => {
    const items = [];
    for (const line of lines) {
      const reserved = await catalog.reserveUnits(tx, line.productId, line.size, line.count);
      if (!reserved) throw await shortLine(tx, line);
      items.push({
        productId: line.productId,
        name: reserved.name,
        brand: reserved.brand,
        picture: reserved.cardPicture,
        size: line.size,
        count: line.count,
        unitPriceCents: reserved.priceCents,
      });
    }
    const order = await createPendingOrder(tx, {
      userId: buyer.id,
      provider,
      currency: deps.currency,
      reservedUntil,
      items,
    });
    return { order, items };
  });
  deps.catalogCache.clear();

  if (body.finalAmount !== undefined && toCents(body.finalAmount) !== order.totalCents) {
    deps.log.info(
      { orderId: order.id, sent: body.finalAmount, total: fromCents(order.totalCents) },
      'client total ignored',
    );
  }

  try {
    const page = await gateway.createPayment({
      orderId: order.id,
      currency: deps.currency,
      customerEmail: buyer.email,
      totalCents: order.totalCents,
      lines: items.map((item) => ({
        name: item.name,
        size: sizeKey(item.size),
        count: item.count,
        unitPriceCents: item.unitPriceCents,
      })),
      successUrl: `${deps.siteUrl}/order-completed?provider=${provider}&order=${order.id}`,
      cancelUrl: `${deps.siteUrl}/order-canceled?provider=${provider}&order=${order.id}`,
      expiresAt: reservedUntil,
    });
    await setProviderReference(deps.db, order.id, page.reference);
    return { orderId: order.id, redirectUrl: page.redirectUrl };
  } catch (error) {
    await cancelOrder(deps, order.id);
    if (error instanceof PaymentProviderError) {
      deps.log.error({ err: error, orderId: order.id }, 'payment provider failed');
      throw new AppError(
        'PAYMENT_FAILED',
        `${provider === 'stripe' ? 'The card payment' : 'PayPal'} could not be started, please try again`,
      );
    }
    throw error;
  }
}

/** Today's price and units for each cart line, for the cart page's refresh. */
export async function checkCart(
  deps: Pick<CheckoutDeps, 'db'>,
  pairs: { id: string; size: string }[],
): Promise<CartCheck> {
  const stock = await catalog.stockLines(
    deps.db,
    pairs.map((pair) => ({ productId: pair.id, size: Number(pair.size) })),
  );
  return {
    lines: pairs.map((pair) => {
      const info = stock.find((row) => row.productId === pair.id && row.size === Number(pair.size));
      return info
        ? {
            id: pair.id,
            size: pair.size,
            available: info.units > 0,
            price: fromCents(info.priceCents),
            units: info.units,
          }
        : { id: pair.id, size: pair.size, available: false, price: null, units: 0 };
    }),
  };
}
