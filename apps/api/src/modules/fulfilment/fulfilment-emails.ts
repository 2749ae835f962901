import { type Order, orderName } from '@shop/contracts';
import { type MailMessage, type OrderLine, type OrderReader, orderEmail } from '../mail';

/** A parcel as its e-mail tells it: the carrier's name, the tracking number and its page, what is in it. */
export interface ParcelNotice {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  lines: { productId: string; size: string; count: number }[];
}

/** The order's lines in a parcel, each with the parcel's count of it. */
function parcelLines(order: Order, parcel: ParcelNotice): OrderLine[] {
  return parcel.lines.flatMap((line) => {
    const bought = order.products.find((item) => item.id === line.productId && item.size === line.size);
    return bought ? [{ ...bought, count: line.count, totalPrice: bought.price * line.count }] : [];
  });
}

/** A parcel left for the buyer: what is in it, with whom, and where to follow it. */
export function orderShippedEmail(order: Order, parcel: ParcelNotice, reader: OrderReader): MailMessage {
  const number = orderName(order);
  const all = order.fulfilment === 'shipped' || order.fulfilment === 'delivered';
  return orderEmail({
    order,
    subject: `Sneaker Shop: order ${number} shipped`,
    heading: all ? 'Your order is on its way' : 'Part of your order is on its way',
    intro: `${all ? 'the pairs' : 'these pairs'} of order ${number} left our warehouse with ${parcel.carrier}.`,
    lines: parcelLines(order, parcel),
    detail: {
      label: `${parcel.carrier} tracking number`,
      value: parcel.trackingNumber,
      href: parcel.trackingUrl,
    },
    note: all ? undefined : 'We will write again when the rest of your order ships.',
    ...reader,
  });
}

/** Every parcel of the order arrived. */
export function orderDeliveredEmail(order: Order, reader: OrderReader): MailMessage {
  const number = orderName(order);
  return orderEmail({
    order,
    subject: `Sneaker Shop: order ${number} delivered`,
    heading: 'Your order was delivered',
    intro: `every pair of order ${number} was delivered. Enjoy them!`,
    lines: order.products,
    ...reader,
  });
}
