import type { ActivityEvent } from '@shop/contracts';
import { expect, describe as group, it } from 'vitest';
import { changesOf, describe, formatValue, KIND_LABELS, quoteOf } from './activity-describe';
import { activityEvent, ORDER_ID, PRODUCT_ID, SHOPPER_ID } from './activity-test-utils';

type Overrides = Parameters<typeof activityEvent>[0];
const product = (overrides: Overrides) => activityEvent(overrides);
const user = (overrides: Overrides) =>
  activityEvent({ subject: { type: 'user', id: SHOPPER_ID }, ...overrides });
const sentence = (event: ActivityEvent) => {
  const { action, subject, tail } = describe(event);
  return [action, subject?.text, tail].filter(Boolean).join(' ');
};

group('describe', () => {
  it('names the fields a product edit changed, and the product with a link to its page', () => {
    const event = product({
      before: { price: 120, stock: { '9': 4 } },
      after: { price: 99, stock: { '9': 1 } },
    });
    expect(sentence(event)).toBe(`changed the price and stock of product ${PRODUCT_ID.slice(0, 8)}`);
    expect(describe(event).subject?.to).toBe(`/home/${PRODUCT_ID}`);
    const renamed = product({ before: { name: 'Dunk Low' }, after: { name: 'Dunk Low Panda' } });
    expect(sentence(renamed)).toBe('changed the name of Dunk Low Panda');
  });

  it('says which product was added or archived; an archived one has no page to link to', () => {
    const created = product({
      kind: 'product.create',
      before: null,
      after: { name: 'Audit Glide', price: 119.99 },
    });
    expect(sentence(created)).toBe('added the product Audit Glide');
    expect(describe(created).subject?.to).toBe(`/home/${PRODUCT_ID}`);
    const archived = product({
      kind: 'product.archive',
      before: { name: 'Audit Glide', archived: false },
      after: { name: 'Audit Glide', archived: true },
    });
    expect(sentence(archived)).toBe('archived the product Audit Glide');
    expect(describe(archived).subject?.to).toBeUndefined();
  });

  it('tells what happened to a user account, without a link', () => {
    const id = SHOPPER_ID.slice(0, 8);
    const cases: [ActivityEvent['kind'], ActivityEvent['before'], ActivityEvent['after'], string][] = [
      ['user.suspend', { status: true }, { status: false }, `suspended user ${id}`],
      ['user.reactivate', { status: false }, { status: true }, `reactivated user ${id}`],
      ['user.promote', { roles: ['user'] }, { roles: ['admin'] }, `made user ${id} an admin`],
      ['user.promote', { roles: ['user'] }, { roles: ['support'] }, `made user ${id} staff (support)`],
      ['user.demote', { roles: ['admin'] }, { roles: ['user'] }, `removed the staff rights of user ${id}`],
      ['user.role', { roles: ['support'] }, { roles: ['manager'] }, `gave user ${id} the role manager`],
      [
        'user.delete',
        { status: true, roles: ['user'] },
        { deleted: true },
        `deleted the account of user ${id}`,
      ],
      ['user.export', null, { exportId: SHOPPER_ID }, `exported the personal data of user ${id}`],
      [
        'user.update',
        { username: 'old_name', city: 'Paris' },
        { username: 'new_name', city: 'Lyon' },
        'changed the username and city of old_name',
      ],
    ];
    for (const [kind, before, after, expected] of cases) {
      const event = user({ kind, before, after });
      expect(sentence(event)).toBe(expected);
      expect(describe(event).subject?.to).toBeUndefined();
    }
  });

  it('names an order by its number, links it to its detail and gives the refunded amount', () => {
    const order = { type: 'order', id: ORDER_ID };
    const cancelled = activityEvent({
      kind: 'order.cancel',
      subject: order,
      before: { orderNumber: 12, state: 'pending' },
      after: { orderNumber: 12, state: 'cancelled' },
    });
    expect(sentence(cancelled)).toBe('cancelled order #12');
    expect(describe(cancelled).subject?.to).toBe(`/account/orders?order=${ORDER_ID}`);
    const refunded = activityEvent({
      kind: 'order.refund',
      subject: order,
      before: { orderNumber: 12, state: 'aprobed', refunded: false },
      after: { orderNumber: 12, state: 'cancelled', refunded: true, amount: 200 },
    });
    expect(sentence(refunded)).toBe('refunded order #12 ($200.00)');
    // A record made before records kept the number names no id either.
    const older = activityEvent({ kind: 'order.cancel', subject: order, before: null, after: null });
    expect(sentence(older)).toBe('cancelled an order');
    expect(describe(older).subject?.to).toBe(`/account/orders?order=${ORDER_ID}`);
  });

  it('names a return by its number, links its order, and gives the refund and the rejection', () => {
    const short = '#12';
    /** An event on return R-7 of order #12, its fields before and after. */
    const onReturn = (kind: ActivityEvent['kind'], before: object, after: object) =>
      activityEvent({
        kind,
        subject: { type: 'order', id: ORDER_ID },
        before: { number: 'R-7', orderNumber: 12, ...before },
        after: { number: 'R-7', orderNumber: 12, ...after },
      });
    const approved = onReturn('return.approve', { state: 'requested' }, { state: 'approved' });
    expect(sentence(approved)).toBe(`approved return R-7 of order ${short}`);
    expect(describe(approved).subject?.to).toBe(`/account/orders?order=${ORDER_ID}`);
    const rejected = onReturn(
      'return.reject',
      { state: 'requested' },
      { state: 'rejected', message: 'Worn outside' },
    );
    expect(sentence(rejected)).toBe(`rejected return R-7 of order ${short} saying “Worn outside”`);
    const received = onReturn('return.receive', { state: 'approved' }, { state: 'received' });
    expect(sentence(received)).toBe(`received return R-7 of order ${short}`);
    const refunded = onReturn('return.refund', { refunded: 0 }, { amount: 120 });
    expect(sentence(refunded)).toBe(`refunded return R-7 of order ${short} ($120.00)`);
    expect(KIND_LABELS['return.refund']).toBe('Return refunded');
  });

  it('names the parcel a shipment or a delivery was, and whether it completed the order', () => {
    const order = { type: 'order', id: ORDER_ID };
    const short = '#12';
    const shipped = (fulfilment: string) =>
      activityEvent({
        kind: 'order.ship',
        subject: order,
        before: { fulfilment: 'unfulfilled' },
        after: {
          orderNumber: 12,
          fulfilment,
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
          units: 1,
        },
      });
    expect(sentence(shipped('shipped'))).toBe(`shipped order ${short} (UPS 1Z999AA10123456784)`);
    expect(sentence(shipped('partially_shipped'))).toBe(
      `shipped order ${short} (UPS 1Z999AA10123456784) in part`,
    );
    expect(describe(shipped('shipped')).subject?.to).toBe(`/account/orders?order=${ORDER_ID}`);
    const delivered = activityEvent({
      kind: 'order.deliver',
      subject: order,
      before: { fulfilment: 'shipped', delivered: false },
      after: {
        orderNumber: 12,
        fulfilment: 'delivered',
        delivered: true,
        carrier: 'DHL',
        trackingNumber: 'JD0141',
      },
    });
    expect(sentence(delivered)).toBe(
      `marked delivered a parcel of order ${short} (DHL JD0141) now delivered`,
    );
  });

  it('describes a deleted review by its rating and product, and quotes it', () => {
    const event = activityEvent({
      kind: 'review.delete',
      subject: { type: 'review', id: 'f0f0f0f0-0000-4000-8000-000000000009' },
      before: {
        product: PRODUCT_ID,
        user: SHOPPER_ID,
        rating: 4,
        description: 'Comfortable from the first run.',
      },
      after: null,
    });
    expect(sentence(event)).toBe(`deleted a 4-star review of product ${PRODUCT_ID.slice(0, 8)}`);
    expect(describe(event).subject?.to).toBe(`/home/${PRODUCT_ID}`);
    expect(quoteOf(event)).toBe('Comfortable from the first run.');
    expect(quoteOf(product({}))).toBeUndefined();
  });
});

group('describe shipping methods', () => {
  const subject = { type: 'shipping-method', id: 'a1a1a1a1-0000-4000-8000-000000000001' };
  const method = {
    name: 'Express',
    price: 15,
    freeAbove: null,
    countries: ['US'],
    estimateDays: [1, 2],
    active: true,
  };

  it('names the method added, changed, archived or deleted; a deleted one has no section to link to', () => {
    const created = activityEvent({ kind: 'shipping.create', subject, before: null, after: method });
    expect(sentence(created)).toBe('added the shipping method "Express"');
    expect(describe(created).subject?.to).toBe('/account/shipping');
    const changed = activityEvent({
      kind: 'shipping.update',
      subject,
      before: method,
      after: { ...method, name: 'Express, tracked', price: 18 },
    });
    expect(sentence(changed)).toBe('changed the shipping method "Express, tracked"');
    const archived = activityEvent({ kind: 'shipping.archive', subject, before: method, after: null });
    expect(sentence(archived)).toBe('archived the shipping method "Express" (orders use it)');
    const deleted = activityEvent({ kind: 'shipping.delete', subject, before: method, after: null });
    expect(sentence(deleted)).toBe('deleted the shipping method "Express"');
    expect(describe(deleted).subject?.to).toBeUndefined();
  });
});

group('describe drops', () => {
  const id = 'd0d0d0d0-0000-4000-8000-000000000001';
  const subject = { type: 'drop', id };
  const drop = {
    productName: 'Dunk Low Panda',
    mode: 'draw',
    releaseAt: '2027-01-31T18:00:00.000Z',
    entryOpensAt: '2027-01-29T18:00:00.000Z',
    entryClosesAt: '2027-01-31T12:00:00.000Z',
    perPersonLimit: 1,
  };

  it('says which product was scheduled, how and for when, linking to the drop in the Drops tab', () => {
    const created = activityEvent({ kind: 'drop.create', subject, before: null, after: drop });
    expect(sentence(created)).toBe('scheduled a draw of Dunk Low Panda for Jan 31, 2027, 6:00 PM UTC');
    expect(describe(created).subject?.to).toBe(`/account/drops?drop=${id}`);
    const queue = activityEvent({
      kind: 'drop.create',
      subject,
      before: null,
      after: { productName: 'Air Max 1', mode: 'queue', releaseAt: '2027-02-01T09:30:00+01:00' },
    });
    expect(sentence(queue)).toBe('scheduled a first-come drop of Air Max 1 for Feb 1, 2027, 8:30 AM UTC');
    expect(KIND_LABELS['drop.create']).toBe('Drop scheduled');
  });

  it('names the fields a change moved, and lists them with times in UTC', () => {
    const changed = activityEvent({
      kind: 'drop.update',
      subject,
      before: drop,
      after: { ...drop, releaseAt: '2027-02-01T18:00:00.000Z', perPersonLimit: 2 },
    });
    expect(sentence(changed)).toBe(
      'changed the release time and limit per person of the drop of Dunk Low Panda',
    );
    expect(changesOf(changed)).toEqual([
      { field: 'release time', before: 'Jan 31, 2027, 6:00 PM UTC', after: 'Feb 1, 2027, 6:00 PM UTC' },
      { field: 'limit per person', before: '1', after: '2' },
    ]);
    const mode = activityEvent({
      kind: 'drop.update',
      subject,
      before: drop,
      after: { ...drop, mode: 'queue' },
    });
    expect(changesOf(mode)).toEqual([{ field: 'mode', before: 'draw', after: 'first come' }]);
  });

  it('counts the entries and winners of a draw and of an export, naming the drop by its id without a name', () => {
    const drawn = activityEvent({
      kind: 'drop.draw',
      subject,
      before: { drawnAt: null },
      after: { drawnAt: '2027-01-31T12:00:05.000Z', entries: 42, winners: 3 },
    });
    expect(sentence(drawn)).toBe(`drew the winners of drop ${id.slice(0, 8)} (42 entries, 3 winners)`);
    expect(describe(drawn).subject?.to).toBe(`/account/drops?drop=${id}`);
    const exported = activityEvent({ kind: 'drop.export', subject, before: null, after: { entries: 1 } });
    expect(sentence(exported)).toBe(`exported the entries of drop ${id.slice(0, 8)} (1 entry)`);
    const named = activityEvent({
      kind: 'drop.export',
      subject,
      before: null,
      after: { productName: 'Dunk Low Panda', entries: 0 },
    });
    expect(sentence(named)).toBe('exported the entries of the drop of Dunk Low Panda (0 entries)');
  });

  it('shows a change of product once, by its name', () => {
    const moved = activityEvent({
      kind: 'drop.update',
      subject,
      before: { ...drop, productId: PRODUCT_ID },
      after: { ...drop, productId: ORDER_ID, productName: 'Air Max 1' },
    });
    expect(sentence(moved)).toBe('changed the product of the drop of Air Max 1');
    expect(changesOf(moved)).toEqual([{ field: 'product', before: 'Dunk Low Panda', after: 'Air Max 1' }]);
  });
});

group('changesOf', () => {
  it('lists each changed field before and after, a product stock size by size, and leaves out the same', () => {
    const event = product({
      before: { price: 120, stock: { '9': 4, '10': 2 }, color: 'Black', category: ['basketball'] },
      after: { price: 99.5, stock: { '9': 1, '10': 2 }, color: 'Black', category: ['basketball', 'running'] },
    });
    expect(changesOf(event)).toEqual([
      { field: 'price', before: '$120.00', after: '$99.50' },
      { field: 'stock of size 9', before: '4', after: '1' },
      { field: 'category', before: 'basketball', after: 'basketball, running' },
    ]);
  });

  it('names the US state whose economic-nexus thresholds changed, and which of them', () => {
    const event = activityEvent({
      kind: 'tax.threshold-update',
      subject: { type: 'tax', id: 'US-CA' },
      before: { state: 'CA', salesThreshold: 500_000, transactionsThreshold: null },
      after: { state: 'CA', salesThreshold: 400_000, transactionsThreshold: null },
    });
    expect(sentence(event)).toBe('changed the sales threshold of the economic nexus in US-CA');
    expect(KIND_LABELS['tax.threshold-update']).toBe('Tax threshold changed');
  });

  it('names the privacy and checkout-reminder settings a change moved', () => {
    const privacy = activityEvent({
      kind: 'privacy.settings',
      subject: { type: 'staff', id: 'privacy' },
      before: { erasureHoldDays: 0, unverifiedAccountDays: 30, recoveryRecordDays: 90 },
      after: { erasureHoldDays: 180, unverifiedAccountDays: 30, recoveryRecordDays: 60 },
    });
    expect(sentence(privacy)).toBe(
      'changed the privacy settings: hold on erasures and days an abandoned checkout is kept',
    );
    const reminders = activityEvent({
      kind: 'recovery.settings',
      subject: { type: 'staff', id: 'recovery' },
      before: { enabled: true, delaysMinutes: [60, 1440], softOptIn: false },
      after: { enabled: true, delaysMinutes: [30], softOptIn: true },
    });
    expect(sentence(reminders)).toBe('changed the checkout reminders: delays and soft opt-in');
    expect(KIND_LABELS['recovery.settings']).toBe('Checkout reminders changed');
  });

  it("names every field in people's words, never as the code names it", () => {
    const event = product({
      before: { compareAtPrice: null, shippingClass: 'standard' },
      after: { compareAtPrice: 130, shippingClass: 'bulky' },
    });
    expect(changesOf(event)).toEqual([
      { field: 'compare-at price', before: '—', after: '$130.00' },
      { field: 'shipping class', before: 'standard', after: 'bulky' },
    ]);
  });

  it('shows plain words for statuses and roles, a dash for nothing, and cuts long texts', () => {
    expect(changesOf(user({ before: { status: true }, after: { status: false } }))).toEqual([
      { field: 'status', before: 'active', after: 'suspended' },
    ]);
    expect(
      changesOf(user({ before: { roles: ['user'], phone: '' }, after: { roles: ['admin'], phone: '555' } })),
    ).toEqual([
      { field: 'role', before: 'user', after: 'admin' },
      { field: 'phone', before: '—', after: '555' },
    ]);
    const long = `<p>${'A very comfortable shoe. '.repeat(5)}</p>`;
    const [change] = changesOf(
      product({ before: { description: '<p>Short</p>' }, after: { description: long } }),
    );
    expect(change?.before).toBe('Short');
    expect(change?.after).toHaveLength(60);
    expect(change?.after.endsWith('…')).toBe(true);
    expect(formatValue('release_date', null)).toBe('—');
  });
});

group('describe: promotions and store credit', () => {
  const PROMOTION_ID = 'f0f0f0f0-0000-4000-8000-000000000009';
  const promotion = (overrides: Overrides) =>
    activityEvent({ subject: { type: 'promotion', id: PROMOTION_ID }, ...overrides });

  it('names a new promotion by its code and what it takes off, linked to its form', () => {
    const created = promotion({
      kind: 'promotion.create',
      before: null,
      after: { code: 'SPRING20', kind: 'percent', value: 20, status: 'active' },
    });
    expect(sentence(created)).toBe('created the promotion SPRING20 (20% off)');
    expect(describe(created).subject?.to).toBe(`/account/promotions/${PROMOTION_ID}`);
    const shipping = promotion({
      kind: 'promotion.create',
      before: null,
      after: { code: 'SHIPFREE', kind: 'free_shipping', value: null },
    });
    expect(sentence(shipping)).toBe('created the promotion SHIPFREE (Free shipping)');
    expect(KIND_LABELS['promotion.create']).toBe('Promotion created');
  });

  it('says a promotion was paused, resumed or archived, or which fields changed', () => {
    const status = (before: string, after: string) =>
      sentence(
        promotion({
          kind: 'promotion.update',
          before: { code: 'SPRING20', status: before },
          after: { code: 'SPRING20', status: after },
        }),
      );
    expect(status('active', 'paused')).toBe('paused the promotion SPRING20');
    expect(status('paused', 'active')).toBe('resumed the promotion SPRING20');
    expect(status('active', 'archived')).toBe('archived the promotion SPRING20');
    const changed = promotion({
      kind: 'promotion.update',
      before: { value: 20, minOrder: 50 },
      after: { value: 25, minOrder: 80 },
    });
    expect(sentence(changed)).toBe(
      `changed the value and minimum order of promotion ${PROMOTION_ID.slice(0, 8)}`,
    );
    expect(changesOf(changed)).toContainEqual({ field: 'minimum order', before: '$50.00', after: '$80.00' });
    expect(sentence(promotion({ kind: 'promotion.export', before: null, after: null }))).toBe(
      'exported the promotions as CSV',
    );
  });

  it('tells a grant from an adjustment, with the reason and the balance after', () => {
    const grant = activityEvent({
      kind: 'credit.grant',
      subject: { type: 'user', id: SHOPPER_ID },
      before: null,
      after: { amount: 15, reason: 'Late parcel', balance: 40, username: 'ana_buyer' },
    });
    expect(sentence(grant)).toBe(
      'granted $15.00 of store credit to ana_buyer (“Late parcel”; balance now $40.00)',
    );
    const adjustment = activityEvent({
      kind: 'credit.grant',
      subject: { type: 'user', id: SHOPPER_ID },
      before: null,
      after: { amount: -5, reason: 'Typo in the grant', balance: 35 },
    });
    expect(sentence(adjustment)).toBe(
      `took $5.00 of store credit from user ${SHOPPER_ID.slice(0, 8)} (“Typo in the grant”; balance now $35.00)`,
    );
  });
});

group('describe: sign-in security', () => {
  const security = (overrides: Overrides) =>
    activityEvent({ subject: { type: 'user', id: SHOPPER_ID }, before: null, ...overrides });

  it('says which factor a member added, removed or confirmed with, and a step-up refused', () => {
    expect(sentence(security({ kind: 'security.enrol', after: { method: 'totp' } }))).toBe(
      'turned on two-factor sign-in with an authenticator app',
    );
    expect(sentence(security({ kind: 'security.remove', after: { method: 'passkey' } }))).toBe(
      'removed a passkey from their two-factor sign-in',
    );
    expect(sentence(security({ kind: 'security.step-up', after: { method: 'password' } }))).toBe(
      'confirmed it was them with their password',
    );
    expect(sentence(security({ kind: 'security.step-up-refused', after: { method: 'totp' } }))).toBe(
      'was refused confirming it was them with an authenticator app',
    );
    expect(KIND_LABELS['security.step-up']).toBe('Identity confirmed');
  });

  it('counts the recovery codes left, and says until when a lock holds', () => {
    expect(sentence(security({ kind: 'security.recovery-code', after: { left: 9 } }))).toBe(
      'used a recovery code (9 left)',
    );
    expect(sentence(security({ kind: 'security.codes-regenerate', after: {} }))).toBe(
      'replaced their recovery codes',
    );
    const locked = sentence(
      security({ kind: 'security.lock', after: { until: '2026-12-03T09:00:00.000Z' } }),
    );
    expect(locked).toMatch(/^was locked out of the second sign-in step after five wrong codes \(until .+\)$/);
  });

  it('says whose factors the owner reset and what went', () => {
    const reset = activityEvent({
      kind: 'security.factors-reset',
      subject: { type: 'user', id: SHOPPER_ID },
      before: { totp: true, passkeys: 2 },
      after: { totp: false, passkeys: 0 },
    });
    expect(sentence(reset)).toBe(
      `reset the two-factor sign-in of user ${SHOPPER_ID.slice(0, 8)} (an authenticator app and 2 passkeys removed)`,
    );
    expect(KIND_LABELS['security.factors-reset']).toBe('Two-factor reset');
  });

  it('names the size chart staff changed', () => {
    const changed = activityEvent({
      kind: 'size-chart.update',
      subject: { type: 'size-chart', id: 'adidas/women' },
      before: null,
      after: null,
    });
    expect(sentence(changed)).toBe("changed the women's size chart of adidas");
    expect(KIND_LABELS['size-chart.update']).toBe('Size chart changed');
  });
});
