import { type ActivityEvent, type AuditKind, formatPrice, orderName, PROMOTION_KINDS } from '@shop/contracts';
import { formatInstant } from '../../../lib/dates';
import { offerText } from '../promotions/promotions-view';

/** Readable names of the kinds of staff action, for the filter and the badges. */
export const KIND_LABELS: Record<AuditKind, string> = {
  'product.create': 'Product added',
  'product.update': 'Product changed',
  'product.archive': 'Product archived',
  'product.restore': 'Product restored',
  'user.update': 'User profile changed',
  'user.suspend': 'User suspended',
  'user.reactivate': 'User reactivated',
  'user.promote': 'User made staff',
  'user.demote': 'Staff rights removed',
  'user.role': 'Staff role changed',
  'user.delete': 'User erased',
  'user.erase-hold': 'Erasure held',
  'user.export': 'User data exported',
  'order.cancel': 'Order cancelled',
  'order.refund': 'Order refunded',
  'order.ship': 'Order shipped',
  'order.deliver': 'Parcel delivered',
  'return.approve': 'Return approved',
  'return.reject': 'Return rejected',
  'return.receive': 'Return received',
  'return.refund': 'Return refunded',
  'review.delete': 'Review deleted',
  'shipping.create': 'Shipping method added',
  'shipping.update': 'Shipping method changed',
  'shipping.delete': 'Shipping method deleted',
  'shipping.archive': 'Shipping method archived',
  'drop.create': 'Drop scheduled',
  'drop.update': 'Drop changed',
  'drop.draw': 'Drop drawn',
  'drop.export': 'Drop entries exported',
  'promotion.create': 'Promotion created',
  'promotion.update': 'Promotion changed',
  'promotion.export': 'Promotions exported',
  'credit.grant': 'Store credit granted',
  'tax.settings': 'Tax settings changed',
  'tax.rate-create': 'Tax rate added',
  'tax.rate-update': 'Tax rate changed',
  'tax.rate-delete': 'Tax rate deleted',
  'tax.register': 'Tax registration added',
  'tax.unregister': 'Tax registration removed',
  'tax.threshold-update': 'Tax threshold changed',
  'staff.role-create': 'Role created',
  'staff.role-update': 'Role changed',
  'staff.role-delete': 'Role deleted',
  'staff.settings': 'Staff settings changed',
  'privacy.settings': 'Erasure hold changed',
  'recovery.settings': 'Checkout reminders changed',
  'staff.sessions-end': 'Sessions ended',
  'staff.invite': 'Invitation sent',
  'staff.invitation-accept': 'Invitation accepted',
  'security.enrol': 'Second factor added',
  'security.remove': 'Second factor removed',
  'security.recovery-code': 'Recovery code used',
  'security.codes-regenerate': 'Recovery codes replaced',
  'security.lock': 'Sign-in locked',
  'security.step-up': 'Identity confirmed',
  'security.step-up-refused': 'Confirmation refused',
  'security.factors-reset': 'Two-factor reset',
  'size-chart.update': 'Size chart changed',
};

/** The kinds grouped by what they act on, in the order the filter lists them. */
export const KIND_GROUPS: { label: string; kinds: AuditKind[] }[] = [
  {
    label: 'Products',
    kinds: ['product.create', 'product.update', 'product.archive', 'product.restore', 'size-chart.update'],
  },
  {
    label: 'Users',
    kinds: [
      'user.update',
      'user.suspend',
      'user.reactivate',
      'user.promote',
      'user.demote',
      'user.role',
      'user.delete',
      'user.erase-hold',
      'user.export',
    ],
  },
  {
    label: 'Staff',
    kinds: [
      'staff.role-create',
      'staff.role-update',
      'staff.role-delete',
      'staff.settings',
      'privacy.settings',
      'recovery.settings',
    ],
  },
  { label: 'Orders', kinds: ['order.cancel', 'order.refund', 'order.ship', 'order.deliver'] },
  { label: 'Returns', kinds: ['return.approve', 'return.reject', 'return.receive', 'return.refund'] },
  { label: 'Reviews', kinds: ['review.delete'] },
  {
    label: 'Shipping',
    kinds: ['shipping.create', 'shipping.update', 'shipping.delete', 'shipping.archive'],
  },
  { label: 'Drops', kinds: ['drop.create', 'drop.update', 'drop.draw', 'drop.export'] },
  { label: 'Promotions', kinds: ['promotion.create', 'promotion.update', 'promotion.export'] },
  { label: 'Store credit', kinds: ['credit.grant'] },
  {
    label: 'Tax',
    kinds: [
      'tax.settings',
      'tax.rate-create',
      'tax.rate-update',
      'tax.rate-delete',
      'tax.register',
      'tax.unregister',
      'tax.threshold-update',
    ],
  },
  { label: 'Team', kinds: ['staff.sessions-end', 'staff.invite', 'staff.invitation-accept'] },
  {
    label: 'Security',
    kinds: [
      'security.enrol',
      'security.remove',
      'security.recovery-code',
      'security.codes-regenerate',
      'security.lock',
      'security.step-up',
      'security.step-up-refused',
      'security.factors-reset',
    ],
  },
];

/** What an action was done to: a name to show and, where there is a page for it, its address. */
export interface Subject {
  text: string;
  to?: string;
}

/** One action as a sentence after the staff member's name: `{action} {subject} {tail}`. */
export interface Description {
  action: string;
  subject?: Subject;
  tail?: string;
}

/** One changed field of an update: "price: $120.00 → $99.00". */
export interface Change {
  field: string;
  before: string;
  after: string;
}

type Snapshot = ActivityEvent['before'];

const shortId = (id: string) => id.slice(0, 8);
const textOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const field = (snapshot: Snapshot, key: string) => (snapshot ? snapshot[key] : undefined);
/** A field of the snapshot after the action, else before it. */
const latest = (event: ActivityEvent, key: string) => field(event.after, key) ?? field(event.before, key);

const FIELD_NAMES: Record<string, string> = {
  card_picture: 'card picture',
  detail_picture: 'detail picture',
  original_picture: 'original picture',
  release_date: 'release date',
  roles: 'role',
  image: 'picture',
  productId: 'product',
  productName: 'product',
  releaseAt: 'release time',
  entryOpensAt: 'entry opening',
  entryClosesAt: 'entry closing',
  perPersonLimit: 'limit per person',
  purchaseWindowMinutes: 'purchase window',
  admissionPerMinute: 'admission rate',
  preQueueMinutes: 'pre-queue',
  minOrder: 'minimum order',
  startsAt: 'start',
  endsAt: 'end',
  totalUses: 'total uses',
  usesPerCustomer: 'uses per customer',
  eligible: 'eligibility',
  appliesToDrops: 'applies to drops',
  compareAtPrice: 'compare-at price',
  erasureHoldDays: 'hold on erasures',
  unverifiedAccountDays: 'days an unverified account is kept',
  recoveryRecordDays: 'days an abandoned checkout is kept',
  enabled: 'on or off',
  delaysMinutes: 'delays',
  softOptIn: 'soft opt-in',
};
/** A field in people's words: named above, or its name's words ('trackingNumber' → 'tracking number'). */
const fieldName = (key: string) =>
  FIELD_NAMES[key] ??
  key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();

/** "price", "price and stock", "name, price and stock". */
function listOf(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const MAX_TEXT = 60;
function shorten(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > MAX_TEXT ? `${plain.slice(0, MAX_TEXT - 1)}…` : plain;
}

/** The instants a drop's or a promotion's record keeps, and a drop's modes in words. */
const DROP_TIMES = new Set(['releaseAt', 'entryOpensAt', 'entryClosesAt', 'startsAt', 'endsAt']);
/** Amounts of money a record keeps. */
const MONEY_KEYS = new Set(['price', 'compareAtPrice', 'amount', 'minOrder', 'balance']);
const DROP_MODE_WORDS = { draw: 'draw', queue: 'first come' } as const;

/** An instant as staff anywhere read it the same: "Jan 31, 2027, 6:00 PM UTC". */
function utcText(value: unknown): string | undefined {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return undefined;
  return formatInstant(value, { timeZone: 'UTC' });
}

/** A snapshot's value as a short text: prices as prices, lists joined, long texts cut, none as a dash. */
export function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (DROP_TIMES.has(key)) return utcText(value) ?? String(value);
  if (key === 'mode' && (value === 'draw' || value === 'queue')) return DROP_MODE_WORDS[value];
  if (MONEY_KEYS.has(key)) return typeof value === 'number' ? formatPrice(value) : String(value);
  if (key === 'status' && typeof value === 'boolean') return value ? 'active' : 'suspended';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? '—' : shorten(value.map(String).join(', '));
  if (typeof value === 'object') {
    return shorten(
      Object.entries(value)
        .map(([name, inner]) => `${name}: ${formatValue(name, inner)}`)
        .join(', '),
    );
  }
  return shorten(String(value));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Ids whose change a readable field beside them shows (a drop's product by its name). */
const SHOWN_BY_NAME = new Set(['productId']);

/**
 * The fields an action changed, before and after; a product's stock size by size. Fields that are the
 * same on both sides are left out.
 */
export function changesOf(event: ActivityEvent): Change[] {
  const before = event.before ?? {};
  const after = event.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changes: Change[] = [];
  for (const key of keys) {
    const was = before[key];
    const is = after[key];
    if (same(was, is) || SHOWN_BY_NAME.has(key)) continue;
    if (key === 'stock' && (isRecord(was) || isRecord(is))) {
      const wasStock = isRecord(was) ? was : {};
      const isStock = isRecord(is) ? is : {};
      for (const size of [...new Set([...Object.keys(wasStock), ...Object.keys(isStock)])]) {
        if (same(wasStock[size], isStock[size])) continue;
        changes.push({
          field: `stock of size ${size}`,
          before: formatValue(size, wasStock[size]),
          after: formatValue(size, isStock[size]),
        });
      }
      continue;
    }
    changes.push({ field: fieldName(key), before: formatValue(key, was), after: formatValue(key, is) });
  }
  return changes;
}

/** Whether the event is an edit whose changed fields are worth listing under it. */
export const showsChanges = (event: ActivityEvent) =>
  event.kind === 'product.update' ||
  event.kind === 'user.update' ||
  event.kind === 'drop.update' ||
  event.kind === 'promotion.update';

function productSubject(event: ActivityEvent, linked = true): Subject {
  const name = textOf(latest(event, 'name'));
  return {
    text: name ?? `product ${shortId(event.subject.id)}`,
    to: linked ? `/home/${event.subject.id}` : undefined,
  };
}

/**
 * An account erased ("Erased customer #n"), deleted before erasures were numbered, an erasure held, or a
 * copy of a person's data exported (the record names them by their account only).
 */
function describePersonalData(event: ActivityEvent): Description {
  if (event.kind === 'user.export')
    return { action: 'exported the personal data of', subject: userSubject(event) };
  if (event.kind === 'user.erase-hold')
    return {
      action: 'asked to erase',
      subject: userSubject(event),
      tail: `(held: ${textOf(field(event.after, 'reason')) ?? 'open orders'})`,
    };
  const erased = textOf(field(event.after, 'erased'));
  return erased
    ? { action: 'erased the personal data of', subject: { text: erased } }
    : { action: 'deleted the account of', subject: userSubject(event) };
}

function userSubject(event: ActivityEvent): Subject {
  // A deleted account's record keeps no name; the others name the user when the change was to it.
  const name = textOf(field(event.before, 'username')) ?? textOf(field(event.after, 'username'));
  return { text: name ?? `user ${shortId(event.subject.id)}` };
}

/** An order by its number ("order #12"); records made before they kept it say "an order". */
function orderSubject(event: ActivityEvent): Subject {
  const number = latest(event, 'orderNumber');
  return {
    text: typeof number === 'number' ? `order ${orderName({ number })}` : 'an order',
    to: `/account/orders?order=${encodeURIComponent(event.subject.id)}`,
  };
}

/** A parcel's carrier and tracking number ("(UPS 1Z999AA10123456784)"), and whether the order is complete. */
function parcelOf(event: ActivityEvent): string | undefined {
  const carrier = textOf(field(event.after, 'carrier'));
  const tracking = textOf(field(event.after, 'trackingNumber'));
  const parcel = [carrier, tracking].filter(Boolean).join(' ');
  const fulfilment = field(event.after, 'fulfilment');
  const whole =
    event.kind === 'order.ship' && fulfilment === 'partially_shipped'
      ? 'in part'
      : event.kind === 'order.deliver' && fulfilment === 'delivered'
        ? 'now delivered'
        : undefined;
  const text = [parcel ? `(${parcel})` : undefined, whole].filter(Boolean).join(' ');
  return text === '' ? undefined : text;
}

/** A shipping method by its name when the record kept it (a deleted one has no page to go to). */
function shippingSubject(event: ActivityEvent): Subject {
  const name = textOf(latest(event, 'name'));
  const text = name ? `"${name}"` : shortId(event.subject.id);
  return event.kind === 'shipping.delete' ? { text } : { text, to: '/account/shipping' };
}

/** "(42 entries, 3 winners)" for a draw or an export whose record counted them. */
function entriesTail(event: ActivityEvent): string | undefined {
  const entries = field(event.after, 'entries');
  const winners = field(event.after, 'winners');
  const counts = [
    typeof entries === 'number' ? `${entries} ${entries === 1 ? 'entry' : 'entries'}` : undefined,
    typeof winners === 'number' ? `${winners} ${winners === 1 ? 'winner' : 'winners'}` : undefined,
  ].filter(Boolean);
  return counts.length > 0 ? `(${counts.join(', ')})` : undefined;
}

const DROP_CREATED: Record<string, string> = {
  draw: 'scheduled a draw',
  queue: 'scheduled a first-come drop',
};

/**
 * "scheduled a draw of Dunk Low Panda for 2027-01-31 18:00 UTC", "changed the release time of the drop of
 * Dunk Low Panda", "drew the winners of drop 1a2b3c4d (42 entries, 3 winners)": the drop by its product's
 * name when the record kept it, else by its short id, linked to its detail in the Drops tab.
 */
function describeDrop(event: ActivityEvent): Description {
  const name = textOf(latest(event, 'productName'));
  const subject = {
    text: name ?? `drop ${shortId(event.subject.id)}`,
    to: `/account/drops?drop=${encodeURIComponent(event.subject.id)}`,
  };
  const ofDrop = (verb: string) => (name ? `${verb} the drop of` : verb);
  if (event.kind === 'drop.create') {
    const created = DROP_CREATED[textOf(field(event.after, 'mode')) ?? ''] ?? 'scheduled a drop';
    const release = utcText(field(event.after, 'releaseAt'));
    return {
      action: name ? `${created} of` : 'scheduled',
      subject,
      tail: release ? `for ${release}` : undefined,
    };
  }
  if (event.kind === 'drop.update')
    return { action: ofDrop(`changed the ${changedFields(event)} of`), subject };
  const verb = event.kind === 'drop.draw' ? 'drew the winners of' : 'exported the entries of';
  return { action: ofDrop(verb), subject, tail: entriesTail(event) };
}

const isPromotionKind = (value: unknown): value is (typeof PROMOTION_KINDS)[number] =>
  (PROMOTION_KINDS as readonly unknown[]).includes(value);

/** "(20% off)" from the record's kind and value, when it kept them. */
function offerTail(event: ActivityEvent): string | undefined {
  const kind = latest(event, 'kind');
  const value = latest(event, 'value');
  if (!isPromotionKind(kind)) return undefined;
  return `(${offerText(kind, typeof value === 'number' ? value : null)})`;
}

const STATUS_VERBS: Record<string, string> = {
  paused: 'paused',
  active: 'resumed',
  archived: 'archived',
};

/**
 * "created the promotion SPRING20 (20% off)", "paused the promotion SPRING20", "changed the end of the
 * promotion SPRING20", "exported the promotions": the code when the record kept it, linked to its form.
 */
function describePromotion(event: ActivityEvent): Description {
  if (event.kind === 'promotion.export') return { action: 'exported the promotions', tail: 'as CSV' };
  const code = textOf(latest(event, 'code'));
  const subject = {
    text: code ?? `promotion ${shortId(event.subject.id)}`,
    to: `/account/promotions/${encodeURIComponent(event.subject.id)}`,
  };
  // "the promotion SPRING20", or "promotion 1a2b3c4d" when the record kept no code.
  const what = (verb: string) => (code ? `${verb} the promotion` : verb);
  if (event.kind === 'promotion.create') return { action: what('created'), subject, tail: offerTail(event) };
  const before = field(event.before, 'status');
  const after = field(event.after, 'status');
  const verb = typeof after === 'string' && after !== before ? STATUS_VERBS[after] : undefined;
  if (verb) return { action: what(verb), subject };
  return { action: what(`changed the ${changedFields(event)} of`), subject };
}

/**
 * "granted $15.00 of store credit to ana_buyer (“Late parcel”; balance now $40.00)", or "took $5.00 of
 * store credit from …" for an adjustment: the user by name when the record kept it.
 */
function describeCredit(event: ActivityEvent): Description {
  const amount = field(event.after, 'amount');
  const reason = textOf(field(event.after, 'reason'));
  const balance = field(event.after, 'balance');
  const subject = userSubject(event);
  const tail = [
    reason ? `“${shorten(reason)}”` : undefined,
    typeof balance === 'number' ? `balance now ${formatPrice(balance)}` : undefined,
  ].filter(Boolean);
  const tailText = tail.length > 0 ? `(${tail.join('; ')})` : undefined;
  if (typeof amount !== 'number') return { action: 'changed the store credit of', subject, tail: tailText };
  const action =
    amount < 0
      ? `took ${formatPrice(-amount)} of store credit from`
      : `granted ${formatPrice(amount)} of store credit to`;
  return { action, subject, tail: tailText };
}

/** The names of the fields an edit changed ("the price and stock"), or "details" when none is known. */
function changedFields(event: ActivityEvent): string {
  const keys = [...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})])].filter(
    (key) => !same(field(event.before, key), field(event.after, key)),
  );
  return keys.length > 0 ? listOf([...new Set(keys.map(fieldName))]) : 'details';
}

const RETURN_ACTIONS: Record<string, string> = {
  'return.approve': 'approved',
  'return.reject': 'rejected',
  'return.receive': 'received',
  'return.refund': 'refunded',
};

/** "approved return R-12 of order 1a2b3c4d", "refunded return R-12 of order 1a2b3c4d ($120.00)". */
function describeReturn(event: ActivityEvent): Description {
  const number = textOf(latest(event, 'number'));
  const amount = field(event.after, 'amount');
  const message = textOf(field(event.after, 'message'));
  const tail =
    event.kind === 'return.refund' && typeof amount === 'number'
      ? `(${formatPrice(amount)})`
      : event.kind === 'return.reject' && message
        ? `saying “${shorten(message)}”`
        : undefined;
  const verb = RETURN_ACTIONS[event.kind] ?? 'changed';
  return {
    action: number ? `${verb} return ${number} of` : `${verb} a return of`,
    subject: orderSubject(event),
    tail,
  };
}

/** "deleted a 2-star review of product 1a2b3c4d" */
function describeReviewDeleted(event: ActivityEvent): Description {
  const rating = field(event.before, 'rating');
  const product = textOf(field(event.before, 'product'));
  const review = typeof rating === 'number' ? `a ${rating}-star review` : 'a review';
  return product
    ? {
        action: `deleted ${review} of`,
        subject: { text: `product ${shortId(product)}`, to: `/home/${product}` },
      }
    : { action: `deleted ${review}` };
}

/** The sentence that says what a staff member did. */
export function describe(event: ActivityEvent): Description {
  switch (event.kind) {
    case 'product.create':
      return { action: 'added the product', subject: productSubject(event) };
    case 'product.update':
      return { action: `changed the ${changedFields(event)} of`, subject: productSubject(event) };
    case 'product.archive':
      // An archived product has left the catalogue: there is no page to link to.
      return { action: 'archived the product', subject: productSubject(event, false) };
    case 'product.restore':
      return { action: 'put back on sale', subject: productSubject(event) };
    case 'size-chart.update': {
      const [brand = '', gender = ''] = event.subject.id.split('/');
      return { action: `changed the ${gender}'s size chart of ${brand}` };
    }
    case 'user.update':
      return { action: `changed the ${changedFields(event)} of`, subject: userSubject(event) };
    case 'user.suspend':
      return { action: 'suspended', subject: userSubject(event) };
    case 'user.reactivate':
      return { action: 'reactivated', subject: userSubject(event) };
    case 'user.promote':
      return { action: 'made', subject: userSubject(event), tail: roleTail(event) };
    case 'user.demote':
      return { action: 'removed the staff rights of', subject: userSubject(event) };
    case 'user.role':
      return { action: 'gave', subject: userSubject(event), tail: `the role ${roleOf(event.after)}` };
    case 'user.delete':
    case 'user.erase-hold':
    case 'user.export':
      return describePersonalData(event);
    case 'order.cancel':
      return { action: 'cancelled', subject: orderSubject(event) };
    case 'order.refund': {
      const amount = field(event.after, 'amount');
      return {
        action: 'refunded',
        subject: orderSubject(event),
        tail: typeof amount === 'number' ? `(${formatPrice(amount)})` : undefined,
      };
    }
    case 'order.ship':
      return { action: 'shipped', subject: orderSubject(event), tail: parcelOf(event) };
    case 'order.deliver':
      return {
        action: 'marked delivered a parcel of',
        subject: orderSubject(event),
        tail: parcelOf(event),
      };
    case 'return.approve':
    case 'return.reject':
    case 'return.receive':
    case 'return.refund':
      return describeReturn(event);
    case 'review.delete':
      return describeReviewDeleted(event);
    case 'shipping.create':
      return { action: 'added the shipping method', subject: shippingSubject(event) };
    case 'shipping.update':
      return { action: 'changed the shipping method', subject: shippingSubject(event) };
    case 'shipping.delete':
      return { action: 'deleted the shipping method', subject: shippingSubject(event) };
    case 'shipping.archive':
      return {
        action: 'archived the shipping method',
        subject: shippingSubject(event),
        tail: '(orders use it)',
      };
    case 'drop.create':
    case 'drop.update':
    case 'drop.draw':
    case 'drop.export':
      return describeDrop(event);
    case 'promotion.create':
    case 'promotion.update':
    case 'promotion.export':
      return describePromotion(event);
    case 'credit.grant':
      return describeCredit(event);
    case 'tax.settings':
    case 'tax.rate-create':
    case 'tax.rate-update':
    case 'tax.rate-delete':
    case 'tax.register':
    case 'tax.unregister':
    case 'tax.threshold-update':
      return describeTax(event);
    case 'staff.role-create':
    case 'staff.role-update':
    case 'staff.role-delete':
    case 'staff.settings':
    case 'privacy.settings':
    case 'recovery.settings':
      return describeSettings(event);
    case 'staff.sessions-end':
    case 'staff.invite':
    case 'staff.invitation-accept':
      return describeTeam(event);
    case 'security.enrol':
    case 'security.remove':
    case 'security.recovery-code':
    case 'security.codes-regenerate':
    case 'security.lock':
    case 'security.step-up':
    case 'security.step-up-refused':
      return describeSecurity(event);
    case 'security.factors-reset':
      return describeReset(event);
    default:
      return { action: 'did something' };
  }
}

/** The owner's roles and settings: a role made, changed or deleted, the staff or privacy settings. */
function describeSettings(event: ActivityEvent): Description {
  switch (event.kind) {
    case 'staff.role-create':
      return { action: `created the role ${event.subject.id}` };
    case 'staff.role-update':
      return { action: `changed the permissions of the role ${event.subject.id}` };
    case 'staff.role-delete':
      return { action: `deleted the role ${event.subject.id}` };
    case 'privacy.settings':
      return { action: `changed the privacy settings: ${changedFields(event)}` };
    case 'recovery.settings':
      return { action: `changed the checkout reminders: ${changedFields(event)}` };
    default:
      return { action: `changed the staff settings: ${changedFields(event)}` };
  }
}

/** The role a snapshot's `roles` names ("admin"). */
function roleOf(snapshot: Snapshot): string {
  const roles = field(snapshot, 'roles');
  return Array.isArray(roles) && typeof roles[0] === 'string' ? roles[0] : 'staff';
}

/** "an admin", or "staff (support)". */
function roleTail(event: ActivityEvent): string {
  const role = roleOf(event.after);
  return role === 'admin' ? 'an admin' : `staff (${role})`;
}

/** Ending a member's sessions, inviting someone to the staff, accepting an invitation. */
function describeTeam(event: ActivityEvent): Description {
  const role = textOf(field(event.after, 'role'));
  if (event.kind === 'staff.invite') {
    const email = textOf(field(event.after, 'email')) ?? 'someone';
    return { action: `invited ${email} to the team`, tail: role ? `as ${role}` : undefined };
  }
  if (event.kind === 'staff.invitation-accept')
    return { action: 'accepted an invitation to the team', tail: role ? `as ${role}` : undefined };
  const sessions = field(event.after, 'sessions');
  return {
    action: 'ended the sessions of',
    subject: userSubject(event),
    tail: typeof sessions === 'number' ? `(${sessions} signed out)` : undefined,
  };
}

/** A second factor as a member knows it. */
const FACTOR_NAMES: Record<string, string> = {
  totp: 'an authenticator app',
  passkey: 'a passkey',
  recovery: 'a recovery code',
  password: 'their password',
};

function factorName(snapshot: ActivityEvent['after']): string {
  return FACTOR_NAMES[textOf(field(snapshot, 'method')) ?? ''] ?? 'a second factor';
}

/** A member's own sign-in security: the member is the actor, their account the subject. */
function describeSecurity(event: ActivityEvent): Description {
  const left = field(event.after, 'left');
  switch (event.kind) {
    case 'security.enrol':
      return { action: `turned on two-factor sign-in with ${factorName(event.after)}` };
    case 'security.remove':
      return { action: `removed ${factorName(event.after)} from their two-factor sign-in` };
    case 'security.recovery-code':
      return {
        action: 'used a recovery code',
        tail: typeof left === 'number' ? `(${left} left)` : undefined,
      };
    case 'security.codes-regenerate':
      return { action: 'replaced their recovery codes' };
    case 'security.lock': {
      const until = textOf(field(event.after, 'until'));
      return {
        action: 'was locked out of the second sign-in step after five wrong codes',
        tail: until ? `(until ${formatInstant(until)})` : undefined,
      };
    }
    case 'security.step-up':
      return { action: `confirmed it was them with ${factorName(event.after)}` };
    default:
      return { action: `was refused confirming it was them with ${factorName(event.after)}` };
  }
}

/** The owner removed a member's factors: "(an authenticator app and 2 passkeys removed)". */
function describeReset(event: ActivityEvent): Description {
  const passkeys = field(event.before, 'passkeys');
  const removed = [
    field(event.before, 'totp') === true ? 'an authenticator app' : null,
    typeof passkeys === 'number' && passkeys > 0
      ? passkeys === 1
        ? 'a passkey'
        : `${passkeys} passkeys`
      : null,
  ].filter((part) => part !== null);
  return {
    action: 'reset the two-factor sign-in of',
    subject: userSubject(event),
    tail: removed.length > 0 ? `(${removed.join(' and ')} removed)` : undefined,
  };
}

/** "Tax rate of FR (standard) 20%", "Tax registration in US-CA". */
function taxPlace(snapshot: ActivityEvent['before']): string {
  const country = textOf(field(snapshot, 'country')) ?? '';
  const region = textOf(field(snapshot, 'region'));
  return region ? `${country}-${region}` : country;
}

function describeTax(event: ActivityEvent): Description {
  const snapshot = event.after ?? event.before;
  const rate = field(snapshot, 'rate');
  const rateText = `${taxPlace(snapshot)} (${textOf(field(snapshot, 'category')) ?? ''}${typeof rate === 'number' ? `, ${rate}%` : ''})`;
  switch (event.kind) {
    case 'tax.settings':
      return { action: `changed the tax settings: ${changedFields(event)}` };
    case 'tax.rate-create':
      return { action: `added the tax rate of ${rateText}` };
    case 'tax.rate-update':
      return { action: `changed the tax rate of ${rateText}` };
    case 'tax.rate-delete':
      return { action: `deleted the tax rate of ${rateText}` };
    case 'tax.register':
      return { action: `registered the shop to collect tax in ${taxPlace(snapshot)}` };
    case 'tax.threshold-update':
      return {
        action: `changed the ${changedFields(event)} of the economic nexus in US-${textOf(field(snapshot, 'state')) ?? ''}`,
      };
    default:
      return { action: `removed the tax registration in ${taxPlace(snapshot)}` };
  }
}

/** The words of a deleted review, quoted under the sentence, if the record kept them. */
export function quoteOf(event: ActivityEvent): string | undefined {
  if (event.kind !== 'review.delete') return undefined;
  const text = textOf(field(event.before, 'description'));
  return text ? shorten(text) : undefined;
}
