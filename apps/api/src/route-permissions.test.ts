import { BUILT_IN_ROLES, errorEnvelopeSchema, PERMISSIONS, type Permission } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutRecovery, dropEntry, dropTicket, user } from './db/schema';
import { recoveryToken } from './modules/recovery/recovery-token';
import { ORIGIN, signIn, signUp, stepUp } from './test/accounts';
import { stockedProducts } from './test/buyers';
import { writeReview } from './test/reviews';
import { routesOf } from './test/route-table';
import { shipOrder } from './test/shipments';
import { buy, cartLine, productInStock, send, verifiedBuyer } from './test/shop';
import { fakeWebBuild, testShop } from './test/test-shop';

vi.mock('fastify', async (importOriginal) =>
  (await import('./test/route-table')).recordingFastify(await importOriginal()),
);

/**
 * Who may call each route. Every route of the app must be listed (a new route fails the test until it
 * is), and each is called as every kind of caller, acting on one shopper's resources (their user id,
 * order, review, payment): a caller who may not must be refused, one who may must not be.
 */
type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** Anyone holding the unguessable payment reference: the test gateway's payment page. */
  | 'reference-holder'
  /** Any signed-in user whose account is not suspended. */
  | 'signed-in'
  /** A signed-in user with a verified e-mail. */
  | 'verified'
  /** Only the shopper whose resource it is (not even staff act in their name). */
  | 'self'
  /** A payment provider, by its signature: nobody else, whatever their session. */
  | 'signed-webhook'
  /** The development mail outbox (docs/decisions/0006): staff with users.read all, a user their own mail, a guest nothing. */
  | 'own-mail'
  /** Staff holding any of these permissions (issue 38). */
  | { any: Permission[] }
  /** Staff holding every one of these permissions (a CSV of a report: the report's and exports.read). */
  | { all: Permission[] }
  /** The shopper whose resource it is, or staff holding any of these permissions. */
  | { selfOr: Permission[] };

const staff = (...any: Permission[]): Access => ({ any });
const selfOr = (...permissions: Permission[]): Access => ({ selfOr: permissions });

/** A role the owner made, held by the `custom` caller: a few permissions across the dashboard. */
const CUSTOM_ROLE = {
  name: 'table-custom',
  permissions: ['orders.read', 'exports.read', 'tax.write'] as Permission[],
};

/** Staff callers, one per built-in role and one of a custom role, each holding only their role's permissions. */
const STAFF = ['admin', 'manager', 'fulfilment', 'support', 'catalogue', 'custom'] as const;
type StaffName = (typeof STAFF)[number];
/**
 * `unenrolled` holds a role with every permission that needs a second factor (no grace), and has none: it
 * may call no staff route (403 TWO_FACTOR_REQUIRED) until it enrols, which is all it may do.
 */
type ActorName = 'guest' | 'suspended' | 'unverified' | 'other' | 'unenrolled' | 'shopper' | StaffName;
/** The order the callers take their turn in: the ones who must be refused first, so nothing changes before. */
const ACTORS: ActorName[] = ['guest', 'suspended', 'unverified', 'other', 'unenrolled', ...STAFF, 'shopper'];
/** The role of `unenrolled`: every permission, behind a second factor it has not added. */
const ENROL_ROLE = { name: 'table-enrol', permissions: [...PERMISSIONS] };
const isStaffCaller = (name: ActorName): name is StaffName => (STAFF as readonly string[]).includes(name);

function permissionsOf(name: ActorName): readonly Permission[] {
  if (!isStaffCaller(name)) return [];
  if (name === 'custom') return CUSTOM_ROLE.permissions;
  return BUILT_IN_ROLES[name] ?? [];
}

const MAY_CALL: Record<
  'public' | 'reference-holder' | 'signed-in' | 'verified' | 'self' | 'signed-webhook',
  ActorName[]
> = {
  public: ACTORS,
  'reference-holder': ACTORS,
  'signed-in': ['unverified', 'other', 'unenrolled', ...STAFF, 'shopper'],
  verified: ['other', 'unenrolled', ...STAFF, 'shopper'],
  self: ['shopper'],
  'signed-webhook': [],
};

/** Whether this caller may call a route of this access. */
function mayCall(access: Exclude<Access, 'own-mail'>, name: ActorName): boolean {
  if (typeof access === 'string') return MAY_CALL[access].includes(name);
  const held = permissionsOf(name);
  if ('all' in access) return access.all.every((permission) => held.includes(permission));
  if ('any' in access) return access.any.some((permission) => held.includes(permission));
  return name === 'shopper' || access.selfOr.some((permission) => held.includes(permission));
}

interface Actor {
  name: ActorName;
  cookie?: string;
  email?: string;
}

/** The shopper's resources that the other callers try to reach. */
interface Resources {
  shopperId: string;
  productId: string;
  /** An approved order of the shopper, and their review of its product. */
  orderId: string;
  /** A parcel of that order, shipped by the admin, and the line it holds. */
  shipmentId: string;
  shipped: { productId: string; size: string; count: number };
  reviewId: string;
  /** The shopper's open PayPal order and its reference (PayPal's token). */
  paypalOrderId: string;
  paypalReference: string;
  /** An open test-gateway card payment of the shopper. */
  cardReference: string;
  /** An account the admin may suspend. */
  victimEmail: string;
  /** Accounts the admin may delete: by id (the suspended victim) and by e-mail. */
  victimId: string;
  leaverEmail: string;
  /** A product whose size 9 is sold out, and the shopper's back-in-stock alert for it. */
  soldOutId: string;
  alertId: string;
  line: ReturnType<typeof cartLine>;
  /** The shopper's open return of a unit of the shipped order. */
  returnId: string;
  /** Another order of the shopper, refunded by the admin, and its credit note's number. */
  refundedOrderId: string;
  creditNote: string;
  /** A draw open for entries and a first-come drop in its pre-queue; every signed-in caller is in both. */
  drawId: string;
  queueDropId: string;
  drawProductId: string;
  /** The seeded welcome code's promotion. */
  promotionId: string;
  /** A copy of the shopper's data they asked for, and an account whose data staff ask for. */
  exportId: string;
  exporteeId: string;
  /** The link back to the cart of the checkout the shopper left at the payment page. */
  recoverToken: string;
}

interface Row {
  method: string;
  url: string;
  access: Access;
  request: (r: Resources) => Partial<InjectOptions>;
}

const UPLOAD_BOUNDARY = 'route-permissions';
/** A product id that names no product. */
const UNKNOWN_PRODUCT = '00000000-0000-4000-8000-000000000000';

const TABLE: Row[] = [
  // Staff roles and settings (issue 38): a role made once (then 409), an unknown one changed or deleted (404).
  { method: 'GET', url: '/api/staff/permissions', access: staff('users.roles'), request: () => ({}) },
  { method: 'GET', url: '/api/staff/roles', access: staff('users.roles'), request: () => ({}) },
  {
    method: 'POST',
    url: '/api/staff/roles',
    access: staff('users.roles'),
    request: () => ({ payload: { name: 'table-made', permissions: ['orders.read'] } }),
  },
  {
    method: 'PUT',
    url: '/api/staff/roles/:name',
    access: staff('users.roles'),
    request: () => ({ url: '/api/staff/roles/table-unknown', payload: { permissions: ['orders.read'] } }),
  },
  {
    method: 'DELETE',
    url: '/api/staff/roles/:name',
    access: staff('users.roles'),
    request: () => ({ url: '/api/staff/roles/table-unknown' }),
  },
  { method: 'GET', url: '/api/staff/settings', access: staff('settings.write'), request: () => ({}) },
  {
    method: 'PUT',
    url: '/api/staff/settings',
    access: staff('settings.write'),
    request: () => ({ payload: { graceDays: 0 } }),
  },
  // The web app, its files, the API browser.
  { method: 'GET', url: '/', access: 'public', request: () => ({ url: '/' }) },
  { method: 'GET', url: '/*', access: 'public', request: () => ({ url: '/account/orders' }) },
  {
    method: 'GET',
    url: '/uploads/*',
    access: 'public',
    request: () => ({ url: '/uploads/avatars/none.webp' }),
  },
  { method: 'GET', url: '/api/docs', access: 'public', request: () => ({ url: '/api/docs' }) },
  { method: 'GET', url: '/api/docs/json', access: 'public', request: () => ({ url: '/api/docs/json' }) },
  { method: 'GET', url: '/api/docs/yaml', access: 'public', request: () => ({ url: '/api/docs/yaml' }) },
  {
    method: 'GET',
    url: '/api/docs/static/index.html',
    access: 'public',
    request: () => ({ url: '/api/docs/static/index.html' }),
  },
  {
    method: 'GET',
    url: '/api/docs/static/swagger-initializer.js',
    access: 'public',
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  },
  {
    method: 'GET',
    url: '/api/docs/static/*',
    access: 'public',
    request: () => ({ url: '/api/docs/static/index.css' }),
  },
  // Health, settings, catalogue.
  { method: 'GET', url: '/api/health', access: 'public', request: () => ({ url: '/api/health' }) },
  { method: 'GET', url: '/api/ready', access: 'public', request: () => ({ url: '/api/ready' }) },
  // A scraper on the shop's own machine (as every injected request is); others need METRICS_TOKEN.
  { method: 'GET', url: '/metrics', access: 'public', request: () => ({ url: '/metrics' }) },
  { method: 'GET', url: '/api/config', access: 'public', request: () => ({ url: '/api/config' }) },
  {
    method: 'GET',
    url: '/api/products',
    access: 'public',
    request: () => ({ url: '/api/products?limit=2' }),
  },
  {
    method: 'GET',
    url: '/api/products/featured',
    access: 'public',
    request: () => ({ url: '/api/products/featured' }),
  },
  {
    method: 'GET',
    url: '/api/products/details/:id',
    access: 'public',
    request: (r) => ({ url: `/api/products/details/${r.productId}` }),
  },
  // A shopper's size in a model, from the pairs they kept: theirs alone (nothing to advise is an answer too).
  {
    method: 'GET',
    url: '/api/products/:id/size-advice',
    access: 'signed-in',
    request: (r) => ({ url: `/api/products/${r.productId}/size-advice` }),
  },
  // Being found (issue 41): the pages' JSON-LD, the sitemap, robots.txt, the product feed, the share cards.
  {
    method: 'GET',
    url: '/api/structured-data/products/:id',
    access: 'public',
    request: (r) => ({ url: `/api/structured-data/products/${r.productId}` }),
  },
  {
    method: 'GET',
    url: '/api/structured-data/home',
    access: 'public',
    request: () => ({ url: '/api/structured-data/home' }),
  },
  { method: 'GET', url: '/sitemap.xml', access: 'public', request: () => ({ url: '/sitemap.xml' }) },
  {
    method: 'GET',
    url: '/sitemaps/pages.xml',
    access: 'public',
    request: () => ({ url: '/sitemaps/pages.xml' }),
  },
  {
    method: 'GET',
    url: '/sitemaps/products-:page.xml',
    access: 'public',
    request: () => ({ url: '/sitemaps/products-1.xml' }),
  },
  { method: 'GET', url: '/robots.txt', access: 'public', request: () => ({ url: '/robots.txt' }) },
  {
    method: 'GET',
    url: '/feeds/products.xml',
    access: 'public',
    request: () => ({ url: '/feeds/products.xml' }),
  },
  {
    method: 'GET',
    url: '/feeds/products.tsv',
    access: 'public',
    request: () => ({ url: '/feeds/products.tsv' }),
  },
  {
    method: 'GET',
    url: '/share/products/:id.jpg',
    access: 'public',
    request: (r) => ({ url: `/share/products/${r.productId}.jpg` }),
  },
  { method: 'GET', url: '/share/shop.jpg', access: 'public', request: () => ({ url: '/share/shop.jpg' }) },
  { method: 'GET', url: '/share/logo.png', access: 'public', request: () => ({ url: '/share/logo.png' }) },
  // Catalogue administration: an unknown product (the admin's 404 is no refusal), so nothing of the
  // shopper's changes; the create payload names pictures never stored (the admin's 400).
  {
    method: 'GET',
    url: '/api/products/admin',
    access: staff('products.write'),
    request: () => ({ url: '/api/products/admin?limit=2' }),
  },
  {
    method: 'GET',
    url: '/api/admin/activity',
    access: staff('audit.read'),
    request: (r) => ({ url: `/api/admin/activity?actor=${r.shopperId}&limit=2` }),
  },
  {
    method: 'GET',
    url: '/api/admin/sales',
    access: staff('sales.read'),
    request: () => ({ url: '/api/admin/sales?days=90' }),
  },
  {
    method: 'GET',
    url: '/api/admin/sales/low-stock',
    access: staff('sales.read'),
    request: () => ({ url: '/api/admin/sales/low-stock?page=2' }),
  },
  // The size table: the table with sales.read; its CSV with exports.read too (and the step-up given).
  {
    method: 'GET',
    url: '/api/admin/sales/sizes',
    access: staff('sales.read'),
    request: () => ({ url: '/api/admin/sales/sizes?from=2026-01-01&to=2026-03-31' }),
  },
  {
    method: 'GET',
    url: '/api/admin/sales/sizes',
    access: { all: ['sales.read', 'exports.read'] },
    request: () => ({ url: '/api/admin/sales/sizes?from=2026-01-01&to=2026-03-31&format=csv' }),
  },
  // Shipping methods: anyone reads the offered ones; staff add one (priced above the free standard
  // method, so the shopper's checkouts below still ship by it) and change or delete an unknown one.
  {
    method: 'GET',
    url: '/api/shipping-methods',
    access: 'public',
    request: () => ({ url: '/api/shipping-methods?country=Germany' }),
  },
  {
    method: 'GET',
    url: '/api/admin/shipping-methods',
    access: staff('shipping.write'),
    request: () => ({ url: '/api/admin/shipping-methods' }),
  },
  {
    method: 'POST',
    url: '/api/shipping-methods',
    access: staff('shipping.write'),
    request: () => ({ payload: { name: 'Table express', price: 12.5, estimateDays: [1, 2] } }),
  },
  {
    method: 'PUT',
    url: '/api/shipping-methods/:id',
    access: staff('shipping.write'),
    request: () => ({
      url: `/api/shipping-methods/${UNKNOWN_PRODUCT}`,
      payload: { name: 'Table express', price: 12.5 },
    }),
  },
  {
    method: 'DELETE',
    url: '/api/shipping-methods/:id',
    access: staff('shipping.write'),
    request: () => ({ url: `/api/shipping-methods/${UNKNOWN_PRODUCT}` }),
  },
  { method: 'GET', url: '/api/tax/settings', access: 'public', request: () => ({}) },
  {
    method: 'POST',
    url: '/api/tax/quote',
    access: 'public',
    request: () => ({
      payload: { country: 'US', region: 'CA', products: [{ id: UNKNOWN_PRODUCT, size: '9', count: 1 }] },
    }),
  },
  {
    method: 'PUT',
    url: '/api/tax/settings',
    access: staff('tax.write'),
    request: () => ({ payload: { taxShipping: false } }),
  },
  { method: 'GET', url: '/api/tax/rates', access: staff('tax.write'), request: () => ({}) },
  {
    method: 'POST',
    url: '/api/tax/rates',
    access: staff('tax.write'),
    request: () => ({ payload: { country: 'FR', category: 'zero', rate: 0, from: '2031-01-01' } }),
  },
  {
    method: 'PUT',
    url: '/api/tax/rates/:id',
    access: staff('tax.write'),
    request: () => ({
      url: `/api/tax/rates/${UNKNOWN_PRODUCT}`,
      payload: { country: 'FR', category: 'zero', rate: 0 },
    }),
  },
  {
    method: 'DELETE',
    url: '/api/tax/rates/:id',
    access: staff('tax.write'),
    request: () => ({ url: `/api/tax/rates/${UNKNOWN_PRODUCT}` }),
  },
  { method: 'GET', url: '/api/tax/registrations', access: staff('tax.write'), request: () => ({}) },
  {
    method: 'POST',
    url: '/api/tax/registrations',
    access: staff('tax.write'),
    request: () => ({ payload: { country: 'FR' } }),
  },
  {
    method: 'DELETE',
    url: '/api/tax/registrations/:id',
    access: staff('tax.write'),
    request: () => ({ url: `/api/tax/registrations/${UNKNOWN_PRODUCT}` }),
  },
  {
    method: 'GET',
    url: '/api/admin/tax/report',
    access: { all: ['sales.read', 'exports.read'] },
    request: () => ({ url: '/api/admin/tax/report?from=2026-01-01&to=2026-03-31&format=csv' }),
  },
  { method: 'GET', url: '/api/admin/tax/thresholds', access: staff('tax.write'), request: () => ({}) },
  {
    method: 'PUT',
    url: '/api/admin/tax/thresholds/:state',
    access: staff('tax.write'),
    request: () => ({
      url: '/api/admin/tax/thresholds/CA',
      payload: { salesThreshold: 500000, transactionsThreshold: null },
    }),
  },
  {
    method: 'GET',
    url: '/api/products/export.csv',
    access: staff('exports.read'),
    request: () => ({ url: '/api/products/export.csv' }),
  },
  {
    method: 'POST',
    url: '/api/products/create',
    access: staff('products.write'),
    request: () => ({
      payload: {
        name: 'Table Runner',
        brand: 'nike',
        category: ['running'],
        color: 'Red',
        gender: 'men',
        stock: { '9': 1 },
        card_picture: '/uploads/products/none/card.webp',
        detail_picture: '/uploads/products/none/detail.webp',
        original_picture: '/uploads/products/none/original.webp',
        release_date: '2024-01-01',
        price: 99.99,
        description: 'A description long enough for the rule.',
      },
    }),
  },
  {
    method: 'PUT',
    url: '/api/products/modify/:id',
    access: staff('products.write'),
    request: () => ({ url: `/api/products/modify/${UNKNOWN_PRODUCT}`, payload: { price: 1 } }),
  },
  {
    method: 'PUT',
    url: '/api/products/tax-category',
    access: staff('products.write'),
    request: () => ({
      url: '/api/products/tax-category?search=qqqxnomatchqqq',
      payload: { taxCategory: 'standard' },
    }),
  },
  {
    method: 'DELETE',
    url: '/api/products/:id',
    access: staff('products.write'),
    request: () => ({ url: `/api/products/${UNKNOWN_PRODUCT}` }),
  },
  {
    method: 'POST',
    url: '/api/products/:id/restore',
    access: staff('products.write'),
    request: () => ({ url: `/api/products/${UNKNOWN_PRODUCT}/restore` }),
  },
  {
    method: 'POST',
    url: '/api/uploads/product',
    access: staff('products.write'),
    request: () => ({
      headers: { 'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}` },
      payload: `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a picture\r\n--${UPLOAD_BOUNDARY}--\r\n`,
    }),
  },
  {
    method: 'GET',
    url: '/api/reviews/product/:id',
    access: 'public',
    request: (r) => ({ url: `/api/reviews/product/${r.productId}` }),
  },
  {
    method: 'POST',
    url: '/api/cart/check',
    access: 'public',
    request: (r) => ({ payload: { products: [{ id: r.productId, size: r.line.size }] } }),
  },
  // Accounts (Better Auth behind the shop's checks).
  {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    access: 'public',
    request: () => ({
      payload: { username: 'tablecheck', email: 'tablecheck@example.com', password: 'Table#2024x' },
    }),
  },
  {
    method: 'POST',
    url: '/api/auth/sign-in/email',
    access: 'public',
    request: () => ({ payload: { email: 'nobody@example.com', password: 'Table#2024x' } }),
  },
  {
    method: 'POST',
    url: '/api/auth/send-verification-email',
    access: 'public',
    request: () => ({ payload: { email: 'nobody@example.com' } }),
  },
  {
    method: 'POST',
    url: '/api/auth/request-password-reset',
    access: 'public',
    request: () => ({ payload: { email: 'nobody@example.com' } }),
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    access: 'public',
    request: () => ({ payload: { token: 'made-up', newPassword: 'Table#2024x' } }),
  },
  { method: 'GET', url: '/api/auth/*', access: 'public', request: () => ({ url: '/api/auth/get-session' }) },
  {
    method: 'POST',
    url: '/api/auth/*',
    access: 'public',
    request: () => ({ url: '/api/auth/sign-in/social', payload: { provider: 'google', callbackURL: '/' } }),
  },
  // The shopper's account.
  {
    method: 'GET',
    url: '/api/users/dashboard/:id',
    access: selfOr('users.read'),
    request: (r) => ({ url: `/api/users/dashboard/${r.shopperId}` }),
  },
  {
    method: 'GET',
    url: '/api/users/bought/:id',
    access: selfOr('orders.read'),
    request: (r) => ({ url: `/api/users/bought/${r.shopperId}` }),
  },
  {
    method: 'PUT',
    url: '/api/users/update/:id',
    access: selfOr('users.write'),
    request: (r) => ({ url: `/api/users/update/${r.shopperId}`, payload: { city: 'Lyon' } }),
  },
  {
    method: 'PUT',
    url: '/api/users/addFavorite/:id',
    access: 'self',
    request: (r) => ({ url: `/api/users/addFavorite/${r.shopperId}`, payload: { favorite: r.productId } }),
  },
  {
    method: 'PUT',
    url: '/api/users/deleteFavorite/:id',
    access: 'self',
    request: (r) => ({ url: `/api/users/deleteFavorite/${r.shopperId}`, payload: { favorite: r.productId } }),
  },
  {
    method: 'PUT',
    url: '/api/user-suspended',
    access: staff('users.write'),
    request: (r) => ({ payload: { email: r.victimEmail } }),
  },
  // The admin's Users tab: list, delete (the suspended victim by id, another account by e-mail).
  {
    method: 'GET',
    url: '/api/users',
    access: staff('users.read'),
    request: () => ({ url: `/api/users?orderSearch=${encodeURIComponent('{"orderBy":{"username":1}}')}` }),
  },
  {
    method: 'DELETE',
    url: '/api/users/:id',
    access: staff('users.write'),
    request: (r) => ({ url: `/api/users/${r.victimId}` }),
  },
  {
    method: 'POST',
    url: '/api/users/:id/erase',
    access: staff('users.write'),
    request: (r) => ({ url: `/api/users/${r.victimId}/erase` }),
  },
  {
    method: 'GET',
    url: '/api/unsubscribe',
    access: 'public',
    request: () => ({ url: '/api/unsubscribe?token=bm9ib2R5.bm90LXNpZ25lZA' }),
  },
  {
    method: 'POST',
    url: '/api/unsubscribe',
    access: 'public',
    request: () => ({ url: '/api/unsubscribe?token=bm9ib2R5.bm90LXNpZ25lZA' }),
  },
  // Copies of a person's data: their own (one an hour: a second is 429), its status, its link; staff's.
  { method: 'POST', url: '/api/account/export', access: 'signed-in', request: () => ({}) },
  {
    method: 'GET',
    url: '/api/account/export/:id',
    access: 'self',
    request: (r) => ({ url: `/api/account/export/${r.exportId}` }),
  },
  {
    method: 'GET',
    url: '/api/account/export/:id/archive',
    access: 'reference-holder',
    request: (r) => ({ url: `/api/account/export/${r.exportId}/archive?token=${'a'.repeat(43)}` }),
  },
  {
    method: 'POST',
    url: '/api/users/:id/export',
    access: staff('users.read'),
    request: (r) => ({ url: `/api/users/${r.exporteeId}/export` }),
  },
  { method: 'GET', url: '/api/settings/privacy', access: staff('settings.write'), request: () => ({}) },
  {
    method: 'PUT',
    url: '/api/settings/privacy',
    access: staff('settings.write'),
    request: () => ({ payload: { erasureHoldDays: 0 } }),
  },
  // Checkout recovery: a reminder's link (the person's own), staff's list and settings.
  {
    method: 'GET',
    url: '/api/cart/recover',
    access: 'self',
    request: (r) => ({ url: `/api/cart/recover?token=${r.recoverToken}` }),
  },
  { method: 'GET', url: '/api/admin/abandoned-checkouts', access: staff('orders.read'), request: () => ({}) },
  { method: 'GET', url: '/api/settings/recovery', access: staff('settings.write'), request: () => ({}) },
  {
    method: 'PUT',
    url: '/api/settings/recovery',
    access: staff('settings.write'),
    request: () => ({ payload: { enabled: true } }),
  },
  {
    method: 'PUT',
    url: '/api/user-deleted',
    access: staff('users.write'),
    request: (r) => ({ payload: { email: r.leaverEmail } }),
  },
  {
    method: 'POST',
    url: '/api/uploads/avatar',
    access: 'signed-in',
    request: () => ({
      headers: { 'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}` },
      payload: `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a picture\r\n--${UPLOAD_BOUNDARY}--\r\n`,
    }),
  },
  // Reviews.
  {
    method: 'POST',
    url: '/api/reviews',
    access: 'self',
    request: (r) => ({
      payload: {
        _idProduct: r.productId,
        _idUser: r.shopperId,
        rating: 4,
        description: 'Still comfortable.',
      },
    }),
  },
  {
    method: 'PUT',
    url: '/api/reviews/:id',
    access: 'self',
    request: (r) => ({
      url: `/api/reviews/${r.reviewId}`,
      payload: { rating: 5, description: 'Still great.' },
    }),
  },
  {
    method: 'GET',
    url: '/api/reviews/user/:id',
    access: selfOr('users.read'),
    request: (r) => ({ url: `/api/reviews/user/${r.shopperId}` }),
  },
  {
    method: 'DELETE',
    url: '/api/reviews/user/:id',
    access: selfOr('products.write'),
    request: (r) => ({ url: `/api/reviews/user/${r.shopperId}`, payload: { _idReviews: [r.reviewId] } }),
  },
  {
    method: 'DELETE',
    url: '/api/reviews/product/:id',
    access: staff('products.write'),
    request: (r) => ({ url: `/api/reviews/product/${r.productId}`, payload: { _idReviews: [r.reviewId] } }),
  },
  // Checkout and orders.
  {
    method: 'POST',
    url: '/api/checkouts',
    access: 'verified',
    request: (r) => ({ payload: { products: [r.line] } }),
  },
  {
    method: 'POST',
    url: '/api/paypal/create-payment',
    access: 'verified',
    request: (r) => ({ payload: { products: [r.line] } }),
  },
  {
    method: 'GET',
    url: '/api/paypal/execute-payment',
    access: selfOr('orders.read'),
    request: (r) => ({
      url: `/api/paypal/execute-payment?token=${r.paypalReference}&order=${r.paypalOrderId}`,
    }),
  },
  {
    method: 'GET',
    url: '/api/orders',
    access: selfOr('orders.read'),
    request: (r) => ({ url: `/api/orders?_id=${r.shopperId}` }),
  },
  {
    method: 'GET',
    url: '/api/orders/export.csv',
    access: staff('exports.read'),
    request: (r) => ({ url: `/api/orders/export.csv?_id=${r.shopperId}&state=aprobed&from=2024-01-01` }),
  },
  {
    method: 'GET',
    url: '/api/orders/:id',
    access: selfOr('orders.read'),
    request: (r) => ({ url: `/api/orders/${r.orderId}` }),
  },
  {
    method: 'PUT',
    url: '/api/orders/:id',
    access: selfOr('orders.cancel'),
    request: (r) => ({ url: `/api/orders/${r.paypalOrderId}`, payload: { voucher: { state: 'aprobed' } } }),
  },
  {
    method: 'POST',
    url: '/api/orders/:id/pay',
    access: 'self',
    request: (r) => ({ url: `/api/orders/${r.paypalOrderId}/pay` }),
  },
  {
    method: 'PUT',
    url: '/api/success-order',
    access: 'self',
    request: (r) => ({ payload: { user: { uid: r.shopperId } } }),
  },
  // Fulfilment: the order's one line has shipped, so shipping it again is refused even to the admin (409).
  {
    method: 'GET',
    url: '/api/fulfilment/to-ship',
    access: staff('fulfilment.ship'),
    request: () => ({ url: '/api/fulfilment/to-ship?limit=5' }),
  },
  {
    method: 'POST',
    url: '/api/orders/:id/shipments',
    access: staff('fulfilment.ship'),
    request: (r) => ({
      url: `/api/orders/${r.orderId}/shipments`,
      payload: { lines: [r.shipped], carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    }),
  },
  {
    method: 'POST',
    url: '/api/orders/:id/shipments/:shipmentId/delivered',
    access: staff('fulfilment.ship'),
    request: (r) => ({ url: `/api/orders/${r.orderId}/shipments/${r.shipmentId}/delivered` }),
  },
  {
    method: 'GET',
    url: '/api/orders/:id/invoice',
    access: selfOr('orders.read'),
    request: (r) => ({ url: `/api/orders/${r.orderId}/invoice` }),
  },
  {
    method: 'GET',
    url: '/api/orders/:id/packing-slip',
    access: staff('fulfilment.ship'),
    request: (r) => ({ url: `/api/orders/${r.orderId}/packing-slip` }),
  },
  // After the reviews rows: the refund cancels the shopper's paid order.
  {
    method: 'POST',
    url: '/api/orders/:id/refund',
    access: staff('orders.refund'),
    request: (r) => ({ url: `/api/orders/${r.orderId}/refund` }),
  },
  // A refund's credit notes are the buyer's and staff's.
  {
    method: 'GET',
    url: '/api/orders/:id/credit-notes',
    access: selfOr('orders.read'),
    request: (r) => ({ url: `/api/orders/${r.refundedOrderId}/credit-notes` }),
  },
  {
    method: 'GET',
    url: '/api/orders/:id/credit-notes/:number',
    access: selfOr('orders.read'),
    request: (r) => ({ url: `/api/orders/${r.refundedOrderId}/credit-notes/${r.creditNote}` }),
  },
  // Returns: the buyer opens and cancels their own, staff decide; the slip is the buyer's and staff's.
  {
    method: 'POST',
    url: '/api/orders/:id/returns',
    access: 'self',
    request: (r) => ({
      url: `/api/orders/${r.orderId}/returns`,
      payload: {
        lines: [{ productId: r.productId, size: r.line.size, count: 1, resolution: 'refund' }],
        reason: 'too_small',
      },
    }),
  },
  {
    method: 'GET',
    url: '/api/returns',
    access: staff('returns.decide', 'returns.receive'),
    request: () => ({ url: '/api/returns?state=requested' }),
  },
  {
    method: 'GET',
    url: '/api/returns/:id/slip',
    access: selfOr('orders.read', 'returns.decide', 'returns.receive'),
    request: (r) => ({ url: `/api/returns/${r.returnId}/slip` }),
  },
  {
    method: 'GET',
    url: '/api/returns/:id/refund-preview',
    access: staff('returns.receive'),
    request: (r) => ({ url: `/api/returns/${r.returnId}/refund-preview` }),
  },
  {
    method: 'POST',
    url: '/api/returns/:id/approve',
    access: staff('returns.decide'),
    request: (r) => ({ url: `/api/returns/${r.returnId}/approve` }),
  },
  {
    method: 'POST',
    url: '/api/returns/:id/receive',
    access: staff('returns.receive'),
    request: (r) => ({
      url: `/api/returns/${r.returnId}/receive`,
      payload: { lines: [{ productId: r.productId, size: r.line.size, restock: true }] },
    }),
  },
  {
    method: 'POST',
    url: '/api/returns/:id/reject',
    access: staff('returns.decide'),
    request: (r) => ({ url: `/api/returns/${r.returnId}/reject`, payload: { message: 'Worn outside.' } }),
  },
  {
    method: 'POST',
    url: '/api/returns/:id/cancel',
    access: 'self',
    request: (r) => ({ url: `/api/returns/${r.returnId}/cancel` }),
  },
  // Back-in-stock alerts: each caller's own.
  {
    method: 'GET',
    url: '/api/stock-alerts',
    access: 'signed-in',
    request: () => ({ url: '/api/stock-alerts' }),
  },
  {
    method: 'POST',
    url: '/api/stock-alerts',
    access: 'verified',
    request: (r) => ({ payload: { productId: r.soldOutId, size: '9' } }),
  },
  {
    method: 'DELETE',
    url: '/api/stock-alerts/:id',
    access: 'self',
    request: (r) => ({ url: `/api/stock-alerts/${r.alertId}` }),
  },
  // Payments.
  {
    method: 'GET',
    url: '/api/payments/providers',
    access: 'public',
    request: () => ({ url: '/api/payments/providers' }),
  },
  {
    method: 'GET',
    url: '/api/test-gateway/payments/:reference',
    access: 'reference-holder',
    request: (r) => ({ url: `/api/test-gateway/payments/${r.cardReference}` }),
  },
  {
    method: 'POST',
    url: '/api/test-gateway/payments/:reference/cancel',
    access: 'reference-holder',
    request: (r) => ({ url: `/api/test-gateway/payments/${r.cardReference}/cancel` }),
  },
  {
    method: 'POST',
    url: '/api/test-gateway/payments/:reference/pay',
    access: 'reference-holder',
    request: (r) => ({ url: `/api/test-gateway/payments/${r.cardReference}/pay` }),
  },
  {
    method: 'POST',
    url: '/api/webhooks/:provider',
    access: 'signed-webhook',
    request: () => ({
      url: '/api/webhooks/stripe',
      payload: { id: 'evt_forged', type: 'checkout.session.completed' },
    }),
  },
  // Development only (no SMTP, not in production).
  { method: 'GET', url: '/api/dev/outbox', access: 'own-mail', request: () => ({ url: '/api/dev/outbox' }) },
  // With a wrong current password, so that no caller's session is replaced.
  // Drops: anyone reads them; staff schedule (a product without one), change and draw (an unknown one:
  // 404), and read a drop's entries; every signed-in caller has an entry in the draw and a place in the
  // waiting room, so reading their own answers 200.
  { method: 'GET', url: '/api/drops', access: 'public', request: () => ({ url: '/api/drops' }) },
  {
    method: 'GET',
    url: '/api/drops/:id',
    access: 'public',
    request: (r) => ({ url: `/api/drops/${r.drawId}` }),
  },
  {
    method: 'GET',
    url: '/api/admin/drops',
    access: staff('drops.write'),
    request: () => ({ url: '/api/admin/drops' }),
  },
  {
    method: 'POST',
    url: '/api/drops',
    access: staff('drops.write'),
    request: (r) => ({
      payload: {
        productId: r.soldOutId,
        mode: 'queue',
        releaseAt: new Date(Date.now() + 3600_000).toISOString(),
      },
    }),
  },
  {
    method: 'PUT',
    url: '/api/drops/:id',
    access: staff('drops.write'),
    request: (r) => ({
      url: `/api/drops/${UNKNOWN_PRODUCT}`,
      payload: {
        productId: r.drawProductId,
        mode: 'queue',
        releaseAt: new Date(Date.now() + 3600_000).toISOString(),
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/drops/:id/draw',
    access: staff('drops.write'),
    request: () => ({ url: `/api/drops/${UNKNOWN_PRODUCT}/draw` }),
  },
  {
    method: 'GET',
    url: '/api/drops/:id/entries',
    access: staff('drops.write'),
    request: (r) => ({ url: `/api/drops/${r.drawId}/entries` }),
  },
  {
    method: 'GET',
    url: '/api/drops/:id/notify',
    access: 'signed-in',
    request: (r) => ({ url: `/api/drops/${r.drawId}/notify` }),
  },
  {
    method: 'POST',
    url: '/api/drops/:id/notify',
    access: 'signed-in',
    request: (r) => ({ url: `/api/drops/${r.drawId}/notify` }),
  },
  {
    method: 'DELETE',
    url: '/api/drops/:id/notify',
    access: 'signed-in',
    request: (r) => ({ url: `/api/drops/${r.drawId}/notify` }),
  },
  {
    method: 'GET',
    url: '/api/drops/:id/challenge',
    access: 'verified',
    request: (r) => ({ url: `/api/drops/${r.drawId}/challenge` }),
  },
  {
    method: 'POST',
    url: '/api/drops/:id/entries',
    access: 'verified',
    request: (r) => ({
      url: `/api/drops/${r.drawId}/entries`,
      payload: { size: '9', proof: 'eyJjaGFsbGVuZ2UiOiJ4In0=' },
    }),
  },
  { method: 'GET', url: '/api/drops/me', access: 'signed-in', request: () => ({ url: '/api/drops/me' }) },
  {
    method: 'GET',
    url: '/api/drops/:id/entries/me',
    access: 'signed-in',
    request: (r) => ({ url: `/api/drops/${r.drawId}/entries/me` }),
  },
  {
    method: 'PUT',
    url: '/api/drops/:id/entries/me',
    access: 'signed-in',
    request: (r) => ({ url: `/api/drops/${r.drawId}/entries/me`, payload: { size: '9' } }),
  },
  {
    method: 'DELETE',
    url: '/api/drops/:id/entries/me',
    access: 'signed-in',
    request: (r) => ({ url: `/api/drops/${r.drawId}/entries/me` }),
  },
  {
    method: 'POST',
    url: '/api/drops/:id/queue',
    access: 'verified',
    request: (r) => ({ url: `/api/drops/${r.queueDropId}/queue` }),
  },
  {
    method: 'GET',
    url: '/api/drops/:id/queue/me',
    access: 'signed-in',
    request: (r) => ({ url: `/api/drops/${r.queueDropId}/queue/me` }),
  },
  // Promotions: staff list, export, create and change them (an unknown one: 404); anyone checks a code
  // (an unknown code: 404 for everyone). Store credit: the owner and staff read it, staff grant it.
  {
    method: 'GET',
    url: '/api/promotions',
    access: staff('promotions.write'),
    request: () => ({ url: '/api/promotions' }),
  },
  {
    method: 'GET',
    url: '/api/promotions/export.csv',
    access: staff('exports.read'),
    request: () => ({ url: '/api/promotions/export.csv' }),
  },
  {
    method: 'POST',
    url: '/api/promotions',
    access: staff('promotions.write'),
    request: () => ({ payload: { code: 'ROUTES10', kind: 'percent', value: 10 } }),
  },
  {
    method: 'GET',
    url: '/api/promotions/:id',
    access: staff('promotions.write'),
    request: (r) => ({ url: `/api/promotions/${r.promotionId}` }),
  },
  {
    method: 'PUT',
    url: '/api/promotions/:id',
    access: staff('promotions.write'),
    request: () => ({ url: `/api/promotions/${UNKNOWN_PRODUCT}`, payload: { status: 'paused' } }),
  },
  {
    method: 'POST',
    url: '/api/promotions/check',
    access: 'public',
    request: (r) => ({
      payload: { code: 'NOSUCHCODE', products: [{ id: r.productId, size: '9', count: 1 }] },
    }),
  },
  {
    method: 'GET',
    url: '/api/users/:id/credit',
    access: selfOr('users.read'),
    request: (r) => ({ url: `/api/users/${r.shopperId}/credit` }),
  },
  {
    method: 'POST',
    url: '/api/users/:id/credit',
    access: staff('credit.grant'),
    request: (r) => ({
      url: `/api/users/${r.shopperId}/credit`,
      payload: { amount: 5, reason: 'A goodwill gesture' },
    }),
  },
  // Second factors and step-up (decision 36): nobody here has one, so a code is refused as wrong or
  // missing; a wrong password is a 400; an unknown passkey a 404.
  {
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    access: 'signed-in',
    request: () => ({ payload: { password: 'Wrong#2024x' } }),
  },
  {
    method: 'POST',
    url: '/api/auth/two-factor/get-totp-uri',
    access: 'signed-in',
    request: () => ({ payload: { password: 'Wrong#2024x' } }),
  },
  {
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    access: 'public',
    request: () => ({ payload: { code: '123456' } }),
  },
  {
    method: 'POST',
    url: '/api/auth/two-factor/verify-backup-code',
    access: 'public',
    request: () => ({ payload: { code: 'abcde-12345' } }),
  },
  {
    method: 'POST',
    url: '/api/auth/two-factor/disable',
    access: 'signed-in',
    request: () => ({ payload: { password: 'Wrong#2024x' } }),
  },
  {
    method: 'POST',
    url: '/api/auth/two-factor/generate-backup-codes',
    access: 'signed-in',
    request: () => ({ payload: { password: 'Wrong#2024x' } }),
  },
  {
    method: 'GET',
    url: '/api/auth/passkey/generate-register-options',
    access: 'signed-in',
    request: () => ({}),
  },
  {
    method: 'GET',
    url: '/api/auth/passkey/generate-authenticate-options',
    access: 'public',
    request: () => ({}),
  },
  { method: 'GET', url: '/api/auth/passkey/list-user-passkeys', access: 'signed-in', request: () => ({}) },
  {
    method: 'POST',
    url: '/api/auth/passkey/verify-registration',
    access: 'signed-in',
    request: () => ({ payload: { response: { id: 'made-up' } } }),
  },
  {
    method: 'POST',
    url: '/api/auth/passkey/verify-authentication',
    access: 'public',
    request: () => ({ payload: { response: { id: 'made-up' } } }),
  },
  {
    method: 'POST',
    url: '/api/auth/passkey/update-passkey',
    access: 'signed-in',
    request: () => ({ payload: { id: UNKNOWN_PRODUCT, name: 'Laptop' } }),
  },
  {
    method: 'POST',
    url: '/api/auth/passkey/delete-passkey',
    access: 'signed-in',
    request: () => ({ payload: { id: UNKNOWN_PRODUCT } }),
  },
  { method: 'GET', url: '/api/account/security', access: 'signed-in', request: () => ({}) },
  {
    method: 'POST',
    url: '/api/auth/step-up',
    access: 'signed-in',
    request: () => ({ payload: { password: 'Wrong#2024x' } }),
  },
  {
    method: 'POST',
    url: '/api/auth/change-password',
    access: 'signed-in',
    request: () => ({ payload: { currentPassword: 'Wrong#2024x', newPassword: 'Table#2024y' } }),
  },
  // Sessions: each caller's own (an unknown one is not found); staff end a member's (the shopper is none).
  { method: 'GET', url: '/api/account/sessions', access: 'signed-in', request: () => ({}) },
  {
    method: 'DELETE',
    url: '/api/account/sessions/:id',
    access: 'signed-in',
    request: () => ({ url: `/api/account/sessions/${UNKNOWN_PRODUCT}` }),
  },
  {
    method: 'DELETE',
    url: '/api/staff/:userId/sessions',
    access: staff('users.write'),
    request: (r) => ({ url: `/api/staff/${r.shopperId}/sessions` }),
  },
  // Size charts: anyone reads them; staff who edit products change them (the CSV keeps the chart's figures).
  {
    method: 'GET',
    url: '/api/size-charts',
    access: 'public',
    request: () => ({ url: '/api/size-charts?brand=nike&gender=men' }),
  },
  {
    method: 'PUT',
    url: '/api/size-charts/:brand/:gender',
    access: staff('products.write'),
    request: () => ({
      url: '/api/size-charts/other/women',
      payload: {
        rows: [{ key: '8', US: '8', UK: '6', EU: '39', CM: '25', JP: '250' }],
        source: 'The route table',
      },
    }),
  },
  {
    method: 'GET',
    url: '/api/size-charts/:brand/:gender.csv',
    access: staff('products.write'),
    request: () => ({ url: '/api/size-charts/nike/women.csv' }),
  },
  {
    method: 'PUT',
    url: '/api/size-charts/:brand/:gender.csv',
    access: staff('products.write'),
    request: () => ({
      url: '/api/size-charts/other/women.csv',
      headers: { 'content-type': 'text/csv' },
      payload: 'key,US,UK,EU,CM,JP\r\n8,8,6,39,25,250\r\n',
    }),
  },
  {
    method: 'DELETE',
    url: '/api/size-charts/:brand/:gender',
    access: staff('products.write'),
    request: () => ({ url: '/api/size-charts/other/women' }),
  },
  // The shopper has no second factor to reset: the owner is answered 409, everyone else refused.
  {
    method: 'DELETE',
    url: '/api/users/:id/two-factor',
    access: staff('users.roles'),
    request: (r) => ({ url: `/api/users/${r.shopperId}/two-factor` }),
  },
  // The team: the staff list, an invitation, and an invitation nobody was sent.
  { method: 'GET', url: '/api/staff', access: staff('users.read'), request: () => ({}) },
  {
    method: 'POST',
    url: '/api/staff/invitations',
    access: staff('users.roles'),
    request: () => ({ payload: { email: 'table-invitee@example.com', role: 'support' } }),
  },
  {
    method: 'GET',
    url: '/api/invitations/:token',
    access: 'public',
    request: () => ({ url: `/api/invitations/${'a'.repeat(43)}` }),
  },
  {
    method: 'POST',
    url: '/api/invitations/:token/accept',
    access: 'signed-in',
    request: () => ({ url: `/api/invitations/${'a'.repeat(43)}/accept` }),
  },
  // Last of all: it deletes the accounts of the callers who may call it (an admin's is kept).
  { method: 'DELETE', url: '/api/account', access: 'signed-in', request: () => ({ url: '/api/account' }) },
];

// With a built web app, so its routes are in the table too.
const { app } = testShop({ config: () => ({ webDistDir: fakeWebBuild() }), catalogue: true, accounts: true });
const actors = {} as Record<ActorName, Actor>;
let resources: Resources;

beforeAll(async () => {
  const { admin } = app().config.accounts;

  const shopper = await verifiedBuyer(app());
  const pick = await productInStock(app(), 5);
  const orderId = await buy(app(), shopper.cookie, pick);
  const reviewId = await writeReview(app(), shopper, pick.id, { rating: 5, description: 'Great shoes.' });
  const paypal = await send(app(), 'POST', '/api/paypal/create-payment', shopper.cookie, {
    products: [cartLine(pick, 1)],
  });
  expect(paypal.statusCode, paypal.body).toBe(200);
  const approve = paypal.json<{ links: { href: string; rel: string }[]; orderId: string }>();
  const card = await send(app(), 'POST', '/api/checkouts', shopper.cookie, { products: [cartLine(pick, 1)] });
  expect(card.statusCode, card.body).toBe(200);

  const adminCookie = await signIn(app(), admin.email, admin.password);
  // What moves money or data asks for a step-up in the last five minutes: the admin's is given here.
  await stepUp(app(), adminCookie, { password: admin.password });
  const shipped = { productId: pick.id, size: pick.size, count: 1 };
  const parcel = await send(app(), 'POST', `/api/orders/${orderId}/shipments`, adminCookie, {
    lines: [shipped],
    carrier: 'ups',
    trackingNumber: '1Z999AA10123456784',
  });
  expect(parcel.statusCode, parcel.body).toBe(201);
  const suspended = await verifiedBuyer(app());
  const suspend = await send(app(), 'PUT', '/api/user-suspended', adminCookie, { email: suspended.email });
  expect(suspend.statusCode, suspend.body).toBe(200);
  const unverified = await signUp(app());
  const other = await verifiedBuyer(app());
  const victim = await signUp(app());
  const leaver = await signUp(app());
  const exportee = await signUp(app());
  const exported = await send(app(), 'POST', '/api/account/export', shopper.cookie);
  expect(exported.statusCode, exported.body).toBe(202);
  const [soldOutId = ''] = await stockedProducts(app(), ['Table Sold Out'], 0);
  const alert = await send(app(), 'POST', '/api/stock-alerts', shopper.cookie, {
    productId: soldOutId,
    size: '9',
  });
  expect(alert.statusCode, alert.body).toBe(201);
  await shipOrder(app(), orderId);
  const opened = await send(app(), 'POST', `/api/orders/${orderId}/returns`, shopper.cookie, {
    lines: [{ productId: pick.id, size: pick.size, count: 1, resolution: 'refund' }],
    reason: 'too_large',
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const refundedOrderId = await buy(app(), shopper.cookie, pick);
  const refunded = await send(app(), 'POST', `/api/orders/${refundedOrderId}/refund`, adminCookie);
  expect(refunded.statusCode, refunded.body).toBe(200);
  const notes = await send(app(), 'GET', `/api/orders/${refundedOrderId}/credit-notes`, adminCookie);
  const creditNote = notes.json<{ number: string }[]>()[0]?.number ?? '';

  const made = await send(app(), 'POST', '/api/staff/roles', adminCookie, CUSTOM_ROLE);
  expect(made.statusCode, made.body).toBe(201);
  const members = {} as Record<Exclude<StaffName, 'admin'>, Actor>;
  const memberIds: string[] = [];
  for (const role of ['manager', 'fulfilment', 'support', 'catalogue', 'custom'] as const) {
    const member = await verifiedBuyer(app());
    const roleName = role === 'custom' ? CUSTOM_ROLE.name : role;
    const given = await send(app(), 'PUT', `/api/users/update/${member.id}`, adminCookie, {
      roles: [roleName],
    });
    expect(given.statusCode, given.body).toBe(200);
    // Each member confirms their password now: the steps-up the exports and refunds need are given.
    await stepUp(app(), member.cookie, { password: member.password });
    members[role] = { name: role, cookie: member.cookie, email: member.email };
    memberIds.push(member.id);
  }

  const unenrolled = await unenrolledMember(adminCookie);
  memberIds.push(unenrolled.id);

  Object.assign(actors, {
    ...members,
    unenrolled: { name: 'unenrolled', cookie: unenrolled.cookie, email: unenrolled.email },
    guest: { name: 'guest' },
    suspended: { name: 'suspended', cookie: suspended.cookie, email: suspended.email },
    unverified: { name: 'unverified', cookie: unverified.cookie, email: unverified.email },
    other: { name: 'other', cookie: other.cookie, email: other.email },
    admin: { name: 'admin', cookie: adminCookie, email: admin.email },
    shopper: { name: 'shopper', cookie: shopper.cookie, email: shopper.email },
  } satisfies Record<ActorName, Actor>);
  resources = {
    shopperId: shopper.id,
    productId: pick.id,
    orderId,
    shipmentId: parcel.json<{ id: string }>().id,
    shipped,
    reviewId,
    paypalOrderId: approve.orderId,
    paypalReference:
      approve.links
        .find((link) => link.rel === 'approve')
        ?.href.split('/')
        .pop() ?? '',
    cardReference: card.json<{ url: string }>().url.split('/').pop() ?? '',
    victimEmail: victim.email,
    victimId: victim.id,
    leaverEmail: leaver.email,
    soldOutId,
    alertId: alert.json<{ _id: string }>()._id,
    line: cartLine(pick, 1),
    returnId: opened.json<{ id: string }>().id,
    refundedOrderId,
    creditNote,
    ...(await dropsFor(adminCookie, [unverified.id, other.id, shopper.id, ...memberIds])),
    promotionId:
      (await send(app(), 'GET', '/api/promotions?search=WELCOME10', adminCookie)).json<{
        promotions: { id: string }[];
      }>().promotions[0]?.id ?? '',
    exportId: exported.json<{ id: string }>().id,
    exporteeId: exportee.id,
    recoverToken: await recoverTokenOf(shopper.id),
  };
});

/** The link a reminder of the person's open checkout carries, valid a day. */
async function recoverTokenOf(userId: string): Promise<string> {
  const [row] = await app()
    .db.select({ id: checkoutRecovery.id })
    .from(checkoutRecovery)
    .where(eq(checkoutRecovery.userId, userId));
  return recoveryToken(app().config.auth.secret, row?.id ?? '', userId, new Date(Date.now() + 86_400_000));
}

/** A member of ENROL_ROLE, which the owner requires a second factor of, at once; they have none. */
async function unenrolledMember(adminCookie: string) {
  const made = await send(app(), 'POST', '/api/staff/roles', adminCookie, ENROL_ROLE);
  expect(made.statusCode, made.body).toBe(201);
  const required = await send(app(), 'PUT', '/api/staff/settings', adminCookie, {
    requireTwoFactor: [ENROL_ROLE.name],
    graceDays: 0,
  });
  expect(required.statusCode, required.body).toBe(200);
  const member = await verifiedBuyer(app());
  const given = await send(app(), 'PUT', `/api/users/update/${member.id}`, adminCookie, {
    roles: [ENROL_ROLE.name],
  });
  expect(given.statusCode, given.body).toBe(200);
  await stepUp(app(), member.cookie, { password: member.password });
  return member;
}

/**
 * A draw open for entries and a first-come drop in its pre-queue, each of the callers given (and the
 * admin) entered in the first and waiting in the second, written directly (a proof of work each otherwise).
 */
async function dropsFor(adminCookie: string, userIds: string[]) {
  const [drawProductId = '', queueProductId = ''] = await stockedProducts(
    app(),
    ['Table Draw', 'Table Queue'],
    3,
  );
  const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const draw = await send(app(), 'POST', '/api/drops', adminCookie, {
    productId: drawProductId,
    mode: 'draw',
    releaseAt: soon(120),
    entryClosesAt: soon(60),
  });
  expect(draw.statusCode, draw.body).toBe(201);
  const queue = await send(app(), 'POST', '/api/drops', adminCookie, {
    productId: queueProductId,
    mode: 'queue',
    releaseAt: soon(5),
  });
  expect(queue.statusCode, queue.body).toBe(201);
  const drawId = draw.json<{ id: string }>().id;
  const queueDropId = queue.json<{ id: string }>().id;
  const [admin] = await app()
    .db.select({ id: user.id })
    .from(user)
    .where(eq(user.email, app().config.accounts.admin.email));
  const everyone = [...userIds, admin?.id ?? ''];
  await app()
    .db.insert(dropEntry)
    .values(
      everyone.map((userId, index) => ({
        id: `table${index}`,
        dropId: drawId,
        userId,
        size: 9,
        addressKey: `table-${index}`,
        phoneKey: '',
      })),
    );
  await app()
    .db.insert(dropTicket)
    .values(everyone.map((userId, index) => ({ dropId: queueDropId, userId, phase: 0, place: index })));
  return { drawId, queueDropId, drawProductId };
}

let address = 0;
/** Calls a route as an actor, from an address that is not this machine's (the outbox trusts loopback). */
function call(row: Row, actor: Actor): Promise<LightMyRequestResponse> {
  const { headers, ...rest } = row.request(resources);
  address += 1;
  return app().inject({
    method: row.method as InjectOptions['method'],
    url: row.url,
    ...rest,
    remoteAddress: `198.51.100.${address % 250}`,
    headers: { origin: ORIGIN, ...(actor.cookie ? { cookie: actor.cookie } : {}), ...headers },
  });
}

/** What is wrong with this answer to this actor, or null. */
function leak(row: Row, actor: Actor, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  const said = `${status} ${response.body.slice(0, 160)}`;
  if (status >= 500) return `answered ${said}`;
  if (status >= 400 && !errorEnvelopeSchema.safeParse(safeJson(response)).success)
    return `refused outside the envelope: ${said}`;
  if (row.url.startsWith('/api/') && row.access !== 'public' && row.access !== 'reference-holder') {
    if (response.headers['cache-control'] !== 'private, no-store')
      return `personal answer cached as ${response.headers['cache-control']}`;
  }
  const signedOut = actor.name === 'guest' || actor.name === 'suspended';

  if (row.access === 'own-mail') {
    if (signedOut) return status === 401 ? null : `a caller without a session got ${said}`;
    if (status !== 200) return `got ${said}`;
    if (permissionsOf(actor.name).includes('users.read')) return null;
    const strangers = response
      .json<{ messages: { to: string }[] }>()
      .messages.filter((message) => message.to !== actor.email);
    return strangers.length === 0 ? null : `read ${strangers.length} messages to other people`;
  }

  // Anyone may call these; what they answer (a wrong password's 401, say) is not about who calls.
  if (row.access === 'public' || row.access === 'reference-holder') return null;
  if (mayCall(row.access, actor.name)) {
    if (status === 401 || status === 403) return `was refused: ${said}`;
    if (row.method === 'GET' && row.url.startsWith('/api/') && (status < 200 || status >= 300))
      return `did not get the answer: ${said}`;
    return null;
  }
  if (status < 400) return `got through: ${said}`;
  if (row.access === 'signed-webhook') return null;
  if (signedOut) return status === 401 ? null : `a caller without a session got ${said} instead of 401`;
  if (actor.name === 'unenrolled' && status === 403 && typeof row.access !== 'string') {
    const code = (safeJson(response) as { error?: { code?: string } } | undefined)?.error?.code;
    return code === 'TWO_FACTOR_REQUIRED'
      ? null
      : `was refused without being told to add a second factor: ${said}`;
  }
  return status === 403 || status === 404 ? null : `got ${said} instead of 403 or 404`;
}

function accessName(access: Access): string {
  if (typeof access === 'string') return access;
  if ('all' in access) return access.all.join(' and ');
  if ('any' in access) return access.any.join(' or ');
  return `self or ${access.selfOr.join(' or ')}`;
}

function safeJson(response: LightMyRequestResponse): unknown {
  try {
    return response.json();
  } catch {
    return undefined;
  }
}

/** Reads first, then the calls that change something, so every read sees the shopper's resources intact. */
const ORDERED = [...TABLE].sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));

describe('the route table', () => {
  it('lists every route of the app, and no route that is gone', () => {
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    const registered = new Set(routesOf(app()).map(key));
    const listed = new Set(TABLE.map(key));
    expect(
      [...registered].filter((route) => !listed.has(route)),
      'routes missing from the table',
    ).toEqual([]);
    expect(
      [...listed].filter((route) => !registered.has(route)),
      'rows for routes that do not exist',
    ).toEqual([]);
  });

  it.each(ORDERED.map((row) => [`${row.method} ${row.url} (${accessName(row.access)})`, row] as const))(
    '%s',
    async (_name, row) => {
      const problems: string[] = [];
      for (const name of ACTORS) {
        const actor = actors[name];
        const problem = leak(row, actor, await call(row, actor));
        if (problem) problems.push(`${name} ${problem}`);
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('a suspended account', () => {
  it('has no session anywhere, Better Auth included', async () => {
    const response = await app().inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: actors.suspended.cookie ?? '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });
});
