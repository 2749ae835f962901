/** Orders' names, free of zod so any page can import them cheaply. */

/**
 * The one name an order goes by on every screen, document and e-mail: its number, as "#12" ("order #12",
 * "Order #12"). The long id stays in URLs only.
 */
export function orderName(order: { number: number }): string {
  return `#${order.number}`;
}
