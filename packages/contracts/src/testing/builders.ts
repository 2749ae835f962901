/**
 * One builder per entity, in the contracts' own shapes, for the API's and the web's tests
 * (`@shop/contracts/testing`). Each answers a valid object with plain defaults; a test names only what it
 * is about in `overrides`. Test code only: nothing the shop runs imports this.
 */
import type { RegisterInput } from '../auth';
import type { Product, ProductDetail } from '../catalog';
import type { Shipment } from '../fulfilment';
import type { Order } from '../orders';
import type { OrderReturn } from '../returns';
import type { UserDashboard } from '../users';

/** The default ids: a user, an order and a product (UUIDs, as the API's params require). */
export const TEST_IDS: Readonly<
  Record<'user' | 'order' | 'product' | 'shippingMethod' | 'shipment' | 'return', string>
> = {
  user: '0b9d1c1e-5a5b-4c1e-9a3e-1f2a3b4c5d6e',
  order: '7f3e2d1c-0b9a-4877-8665-544332211000',
  product: '11111111-1111-4111-8111-111111111111',
  shippingMethod: '5a1e5a1e-5a1e-45a1-85a1-5a1e5a1e5a1e',
  shipment: '5b1b5b1b-5b1b-45b1-85b1-5b1b5b1b5b1b',
  return: '3e7e3e7e-3e7e-43e7-83e7-3e7e3e7e3e7e',
};

/** The password every built registration has: it meets the shop's password rules. */
export const TEST_PASSWORD = 'Sneakers#2024';

/** A sneaker as lists and pages show it: size 9 in stock, its pictures named after its id. */
export function buildProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides._id ?? TEST_IDS.product;
  return {
    _id: id,
    name: 'Test Runner',
    brand: 'nike',
    price: 120,
    compareAtPrice: null,
    priorPrice: null,
    rating: 4,
    card_picture: `/uploads/${id}-card.webp`,
    detail_picture: `/uploads/${id}-detail.webp`,
    original_picture: `/uploads/${id}.webp`,
    description: 'A shoe used only by these tests, with a long enough description.',
    gender: ['men'],
    category: ['basketball'],
    color: 'Red',
    collection: 'Test',
    release_date: '2024-01-01',
    stock: { '9': 3 },
    taxCategory: 'standard',
    sizeShift: 0,
    gtin: null,
    ...overrides,
  };
}

/** How a product fits when nobody has said yet: no answers, no exchanges. */
export const NO_FIT: ProductDetail['fit'] = {
  small: null,
  true: null,
  large: null,
  answers: 0,
  advice: null,
  bySize: null,
  exchangedUp: 0,
  exchangedDown: 0,
  bought: 0,
  exchangeNote: null,
};

/**
 * A product's own page: the product and its reviews (none unless given), its sizes (each stocked key, US
 * only unless given) and its fit (nobody has said unless given).
 */
export function buildProductDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  const product = buildProduct(overrides);
  const sizes = Object.entries(product.stock).map(([key, units]) => ({
    key,
    US: key,
    UK: null,
    EU: null,
    CM: null,
    JP: null,
    available: units > 0,
  }));
  return {
    ...product,
    reviews: overrides.reviews ?? [],
    sizes: overrides.sizes ?? sizes,
    fit: overrides.fit ?? NO_FIT,
  };
}

/** What signing up sends: a valid username, e-mail and password. */
export function buildRegistration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  return { username: 'demo_user', email: 'demo@shop.test', password: TEST_PASSWORD, ...overrides };
}

/** A verified shopper's account area with a complete profile, no favourites and no reviews. */
export function buildUserDashboard(overrides: Partial<UserDashboard> = {}): UserDashboard {
  const { username, email } = buildRegistration();
  return {
    _id: TEST_IDS.user,
    username,
    email,
    emailVerified: true,
    fullName: 'Demo User',
    phone: '5551234567',
    address: '742 Evergreen Terrace',
    city: 'Springfield',
    state: 'Oregon',
    postalCode: '97477',
    country: 'United States',
    image: '',
    priceDropEmails: true,
    marketing: { state: 'not_asked', basis: null, source: null, updatedAt: null },
    sizeSystem: 'US',
    mySizes: { brands: {} },
    credit: 0,
    status: true,
    roles: ['user'],
    permissions: [],
    twoFactorDue: null,
    favourites: [],
    productsFavourites: [],
    reviews: [],
    ...overrides,
  };
}

export type OrderLine = Order['products'][number];

/** One line of an order: one pair of the built product in size 9; its total follows price and count. */
export function buildOrderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  const product = buildProduct();
  const price = overrides.price ?? product.price;
  const count = overrides.count ?? 1;
  return {
    id: product._id,
    name: product.name,
    brand: product.brand,
    gender: product.gender,
    card_picture: product.card_picture,
    img: product.card_picture,
    size: '9',
    count,
    price,
    totalPrice: price * count,
    discount: 0,
    ...overrides,
  };
}

/**
 * A paid (`aprobed`) card order of the built user, of one built line unless given, shipped free by the
 * standard method and not shipped yet; its amount the lines' sum plus shipping.
 */
export function buildOrder(overrides: Partial<Order> = {}): Order {
  const { _id, username, email, image } = buildUserDashboard();
  const products = overrides.products ?? [buildOrderLine()];
  const shipping = overrides.shipping ?? {
    methodId: TEST_IDS.shippingMethod,
    name: 'Standard shipping',
    price: 0,
  };
  const finalAmount = products.reduce((sum, line) => sum + line.totalPrice - line.discount, shipping.price);
  const date = '2024-05-17T10:20:30.000Z';
  return {
    _id: TEST_IDS.order,
    user: { _id, username, email, image },
    date,
    state: 'aprobed',
    provider: 'stripe',
    refundedAt: null,
    finalAmount,
    currency: 'USD',
    // No tax collected, as in a shop registered nowhere (decision 34).
    tax: {
      total: 0,
      pricesIncludeTax: false,
      jurisdiction: '',
      collected: false,
      reason: 'no tax collected: not registered in Oregon',
      source: 'table',
      lines: products.map((line) => ({
        productId: line.id,
        size: line.size,
        category: 'standard',
        rate: null,
        base: line.totalPrice - line.discount,
        amount: 0,
      })),
      shipping: { rate: null, base: shipping.price, amount: 0 },
    },
    code: null,
    discount: 0,
    creditUsed: 0,
    products,
    number: 1001,
    shipping,
    shipTo: {
      fullName: 'Demo User',
      name: username,
      phone: '5551234567',
      address: '1 Main Street',
      city: 'Springfield',
      state: 'Oregon',
      postalCode: '97477',
      country: 'United States',
    },
    fulfilment: 'unfulfilled',
    shipments: [],
    returns: [],
    refundedAmount: 0,
    refundedTax: 0,
    payments: [
      { kind: 'capture', tender: 'stripe', amount: finalAmount, reference: 'cs_test_built', at: date },
    ],
    replacementOf: null,
    replaces: null,
    ...overrides,
  };
}

/** A UPS shipment of the built order's line (one pair of size 9), shipped the day after it was placed. */
export function buildShipment(overrides: Partial<Shipment> = {}): Shipment {
  const trackingNumber = overrides.trackingNumber ?? '1Z999AA10123456784';
  return {
    id: TEST_IDS.shipment,
    carrier: 'ups',
    trackingNumber,
    trackingUrl: `https://www.ups.com/track?tracknum=${trackingNumber}`,
    lines: [{ productId: TEST_IDS.product, size: '9', count: 1 }],
    shippedAt: '2024-05-18T09:00:00.000Z',
    deliveredAt: null,
    ...overrides,
  };
}

export type OrderReturnLine = OrderReturn['lines'][number];

/** One returned line: one pair of the built product in size 9, for a refund, not received yet. */
export function buildReturnLine(overrides: Partial<OrderReturnLine> = {}): OrderReturnLine {
  return {
    productId: TEST_IDS.product,
    name: buildProduct().name,
    size: '9',
    count: 1,
    resolution: 'refund',
    exchangeSize: null,
    reason: 'too_small',
    restock: null,
    ...overrides,
  };
}

/** A return the buyer just opened on the built order (R-1, too small, one line to refund unless given). */
export function buildOrderReturn(overrides: Partial<OrderReturn> = {}): OrderReturn {
  return {
    id: TEST_IDS.return,
    number: 'R-1',
    orderId: TEST_IDS.order,
    state: 'requested',
    reason: 'too_small',
    comment: '',
    message: '',
    lines: [buildReturnLine()],
    refundedAmount: 0,
    refundedTax: 0,
    refundParts: [],
    refundTo: 'original',
    exchangeOrderId: null,
    exchangeOrderNumber: null,
    createdAt: '2024-05-25T14:00:00.000Z',
    decidedAt: null,
    receivedAt: null,
    ...overrides,
  };
}
