import {
  ABANDONED_PAGE_SIZE,
  type AbandonedCheckoutsPage,
  type CartItem,
  type CartRecovery,
  cartLineId,
  fromCents,
  type MarketingBasis,
  type Product,
  RECOVERY_DELAYS_DEFAULT,
  RECOVERY_EMAILS_MAX,
  RECOVERY_LINK_DAYS,
  type RecoveryGoneLine,
  type RecoverySettings,
  sizeKey,
  toCents,
} from '@shop/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import type { FactOf } from '../../events/facts';
import { AppError } from '../../lib/app-error';
import * as catalog from '../catalog';
import * as drops from '../drops';
import type { Jobs } from '../jobs';
import type { Mailer } from '../mail';
import * as orders from '../orders';
import * as tax from '../tax';
import * as users from '../users';
import * as repository from './recovery.repository';
import { type ReminderLine, reminderEmail } from './recovery-email';
import { recoveryOfToken, recoveryToken } from './recovery-token';

/** What checkout recovery needs. */
export interface RecoveryDeps {
  db: Db;
  events: DomainEvents;
  jobs: Jobs;
  mailer: Mailer;
  siteUrl: string;
  /** Signs the links back to the cart and the unsubscribe links. */
  secret: string;
  log: FastifyBaseLogger;
}

/** The reminder job's data: the checkout whose reminder may be due. */
export interface RecoveryJob {
  id: string;
}

const DEFAULTS: RecoverySettings = {
  enabled: true,
  delaysMinutes: RECOVERY_DELAYS_DEFAULT,
  softOptIn: false,
};
const MINUTE = 60_000;
const LINK_MS = RECOVERY_LINK_DAYS * 24 * 60 * MINUTE;

/** The owner's settings for reminders (the defaults until they change one). */
export async function recoverySettingsOf(db: DbOrTx): Promise<RecoverySettings> {
  return (await repository.findSettings(db)) ?? DEFAULTS;
}

/** Changes the settings the body names (settings.write, checked by the route); audited. */
export function saveRecoverySettings(
  deps: RecoveryDeps,
  body: Partial<RecoverySettings>,
  actorId: string,
): Promise<RecoverySettings> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const before = await repository.lockSettings(tx);
    const after = { ...before, ...body };
    await repository.saveSettings(tx, after);
    await publish({ type: 'recovery.settings-updated', staffId: 'recovery', actorId, before, after });
    return after;
  });
}

/** When the reminder after `sent` reminders is due for a checkout started at `startedAt`; null when none is. */
function nextDue(settings: RecoverySettings, startedAt: Date, sent: number): Date | null {
  const minutes = sent < RECOVERY_EMAILS_MAX ? settings.delaysMinutes[sent] : undefined;
  return settings.enabled && minutes !== undefined ? new Date(startedAt.getTime() + minutes * MINUTE) : null;
}

/** Queues the job of a reminder due at `due`, in `tx`: keyed by the checkout, its step and its time. */
async function queueReminder(deps: RecoveryDeps, tx: DbOrTx, id: string, sent: number, due: Date) {
  await tx.transaction(async (inner) => {
    await deps.jobs.send(
      'recovery',
      { id },
      { key: `recovery:${id}:${sent}:${due.getTime()}`, startAfter: due, tx: inner },
    );
  });
}

/**
 * A shopper took their cart to the payment page (in the checkout's transaction): their open checkout is
 * this one now, and its next reminder is queued. A checkout already reminded keeps its count (never more
 * than two reminders), unless it is older than a reminder's link, when a new one starts.
 */
export async function onCheckoutStarted(
  deps: RecoveryDeps,
  tx: DbOrTx,
  fact: FactOf<'checkout.started'>,
): Promise<void> {
  const settings = await recoverySettingsOf(tx);
  const now = new Date();
  let open = await repository.lockOpenOf(tx, fact.userId);
  if (open && now.getTime() - open.startedAt.getTime() > LINK_MS) {
    await repository.updateRecovery(tx, open.id, { closedAt: now, dueAt: null });
    open = undefined;
  }
  const sent = open?.emailsSent ?? 0;
  const due = nextDue(settings, now, sent);
  const change = {
    orderId: fact.orderId,
    lines: fact.lines,
    valueCents: fact.totalCents,
    currency: fact.currency,
    startedAt: now,
    dueAt: due,
    state: due ? ('waiting' as const) : sent > 0 ? ('reminded' as const) : ('not-sent' as const),
    reason: due || sent > 0 ? null : ('disabled' as const),
  };
  let id = open?.id;
  if (id) await repository.updateRecovery(tx, id, change);
  else id = (await repository.insertRecovery(tx, { userId: fact.userId, ...change })).id;
  if (due) await queueReminder(deps, tx, id, sent, due);
}

/**
 * An order was paid (in its transaction): the buyer's open checkout closes, as recovered when a reminder
 * went within a link's life before (the order and its total recorded), as bought otherwise. No reminder
 * follows.
 */
export async function onOrderPaid(tx: DbOrTx, orderId: string): Promise<void> {
  const paid = await orders.paidOrderSummary(tx, orderId);
  const open = paid && (await repository.lockOpenOf(tx, paid.userId));
  if (!open) return;
  const now = new Date();
  const reminded = open.lastEmailAt !== null && now.getTime() - open.lastEmailAt.getTime() <= LINK_MS;
  await repository.updateRecovery(tx, open.id, {
    closedAt: now,
    dueAt: null,
    ...(reminded
      ? { state: 'recovered', reason: null, recoveredOrderId: orderId, recoveredCents: paid.totalCents }
      : { state: 'ordered', reason: null }),
  });
}

/**
 * The basis for marketing to this person: their consent, or (where the owner turned the soft opt-in on)
 * having bought before `before` without objecting. Null: no marketing at all.
 */
async function basisOf(
  db: DbOrTx,
  person: { id: string; marketingState: string; banned: boolean | null },
  softOptIn: boolean,
  before: Date,
): Promise<MarketingBasis | null> {
  if (person.banned) return null;
  if (person.marketingState === 'subscribed') return 'consent';
  if (!softOptIn || person.marketingState === 'unsubscribed') return null;
  return (await orders.customersAmong(db, [person.id], before)).has(person.id) ? 'soft_opt_in' : null;
}

/** The checkout's lines now: those still to be had (no more pairs than are left), sold out, or gone. */
async function linesNow(db: DbOrTx, lines: repository.RecoveryRow['lines']) {
  const ids = [...new Set(lines.map((line) => line.productId))];
  const products = new Map((await catalog.getProducts(db, ids)).map((product) => [product._id, product]));
  const dropOnes = await drops.dropProducts(db, ids);
  const kept: { product: Product; size: number; count: number }[] = [];
  const soldOut: { product: Product; size: number }[] = [];
  const gone: { productId: string; name: string | null; size: number; drop: boolean }[] = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product || dropOnes.has(line.productId)) {
      gone.push({
        productId: line.productId,
        name: product?.name ?? null,
        size: line.size,
        drop: dropOnes.has(line.productId),
      });
      continue;
    }
    const left = product.stock[sizeKey(line.size)] ?? 0;
    if (left > 0) kept.push({ product, size: line.size, count: Math.min(line.count, left) });
    else soldOut.push({ product, size: line.size });
  }
  return { kept, soldOut, gone };
}

/** Settles a checkout no reminder goes to: why, unless one went already. */
function noMore(row: repository.RecoveryRow, reason: 'no-basis' | 'nothing-left' | 'drop' | 'disabled') {
  return row.emailsSent > 0
    ? { state: 'reminded' as const, reason: null, dueAt: null }
    : { state: 'not-sent' as const, reason, dueAt: null };
}

/** The link a reminder brings the person back to their cart with. */
function cartUrl(deps: RecoveryDeps, row: repository.RecoveryRow, now: Date): string {
  return `${deps.siteUrl}/cart?recover=${recoveryToken(deps.secret, row.id, row.userId, new Date(now.getTime() + LINK_MS))}`;
}

/**
 * A checkout's reminder job: when it is still open and due, the person has a basis for marketing, and
 * something in it can still be bought (a drop's products never), one e-mail goes, queued in the
 * transaction that counts it (so a job run twice sends one), and the next is queued. Otherwise the checkout
 * records why none went.
 */
export function remind(deps: RecoveryDeps, job: RecoveryJob): Promise<void> {
  return deps.events.transaction(deps.db, async (tx) => {
    const row = await repository.lockRecovery(tx, job.id);
    const now = new Date();
    if (!row || row.closedAt || !row.dueAt || row.dueAt.getTime() > now.getTime()) return;
    const settings = await recoverySettingsOf(tx);
    if (!settings.enabled) return repository.updateRecovery(tx, row.id, noMore(row, 'disabled'));
    const person = await users.findUser(tx, row.userId);
    const basis = person && (await basisOf(tx, person, settings.softOptIn, row.startedAt));
    if (!person || !basis) return repository.updateRecovery(tx, row.id, noMore(row, 'no-basis'));
    const { kept, soldOut, gone } = await linesNow(tx, row.lines);
    if (kept.length === 0) {
      const onlyDrops = soldOut.length === 0 && gone.length > 0 && gone.every((line) => line.drop);
      return repository.updateRecovery(tx, row.id, noMore(row, onlyDrops ? 'drop' : 'nothing-left'));
    }
    const sent = row.emailsSent + 1;
    const next = nextDue(settings, row.startedAt, sent);
    const wording = (product: Product, size: number, count: number): ReminderLine => ({
      name: product.name,
      size: sizeKey(size),
      count,
      price: product.price,
      url: `${deps.siteUrl}/home/${product._id}`,
    });
    const message = reminderEmail(person.email, {
      username: person.displayUsername ?? person.username,
      currency: await tax.shopCurrency(tx),
      kept: kept.map((line) => wording(line.product, line.size, line.count)),
      soldOut: soldOut.map((line) => wording(line.product, line.size, 0)),
      cartUrl: cartUrl(deps, row, now),
      basis,
      step: sent,
      last: next === null,
      unsubscribe: users.marketingHeaders(deps.siteUrl, deps.secret, row.userId),
    });
    await deps.mailer.send(message, { queue: 'bulkMail', key: `recovery:${row.id}:${sent}`, tx });
    await repository.updateRecovery(tx, row.id, {
      emailsSent: sent,
      lastEmailAt: now,
      dueAt: next,
      state: next ? 'waiting' : 'reminded',
      reason: null,
    });
    if (next) await queueReminder(deps, tx, row.id, sent, next);
  });
}

/** A product's description as the cart keeps it: plain words. */
const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * `GET /api/cart/recover?token=`: the signed-in person's abandoned checkout, as cart lines at today's
 * prices and no more pairs than are left, and the lines that are not to be had any more. The link is the
 * person's own (403 for anyone else), valid 7 days (400 after), and the checkout must still be kept (404).
 */
export async function restoreCart(deps: RecoveryDeps, userId: string, token: string): Promise<CartRecovery> {
  const named = recoveryOfToken(deps.secret, token);
  if (!named) throw AppError.invalid('token', 'is not a link of this shop');
  if (named.expiresAt.getTime() < Date.now()) throw AppError.invalid('token', 'has expired');
  if (named.userId !== userId) throw new AppError('FORBIDDEN', 'This link is for another account');
  return deps.events.transaction(deps.db, async (tx) => {
    const row = await repository.lockRecovery(tx, named.id);
    if (!row) throw AppError.notFound('Checkout');
    const { kept, soldOut, gone } = await linesNow(tx, row.lines);
    await repository.updateRecovery(tx, row.id, { restoredAt: new Date() });
    const items: CartItem[] = kept.map(({ product, size, count }) => ({
      id: product._id,
      name: product.name,
      description: plainText(product.description),
      img: product.card_picture,
      size: sizeKey(size),
      idAux: cartLineId(product._id, sizeKey(size)),
      price: product.price,
      count,
      totalPrice: fromCents(toCents(product.price) * count),
    }));
    const missing: RecoveryGoneLine[] = [
      ...soldOut.map(({ product, size }) => ({
        productId: product._id,
        name: product.name,
        size: sizeKey(size),
        reason: 'sold-out' as const,
      })),
      ...gone.map(({ productId, name, size }) => ({
        productId,
        name: name ?? 'A sneaker no longer sold',
        size: sizeKey(size),
        reason: 'unavailable' as const,
      })),
    ];
    return { items, gone: missing };
  });
}

/** `GET /api/admin/abandoned-checkouts?page=`: newest first, with who, what, the reminders and what came of them. */
export async function abandonedCheckouts(db: DbOrTx, page: number): Promise<AbandonedCheckoutsPage> {
  const { rows, total } = await repository.findPage(
    db,
    (page - 1) * ABANDONED_PAGE_SIZE,
    ABANDONED_PAGE_SIZE,
  );
  const people = await users.summariesOf(
    db,
    rows.map((row) => row.userId),
  );
  const recovered = await orders.orderNumbersAndTotals(
    db,
    rows.flatMap((row) => (row.recoveredOrderId ? [row.recoveredOrderId] : [])),
  );
  const figures = await repository.findFigures(db);
  const currency = await tax.shopCurrency(db);
  return {
    items: rows.map((row) => {
      const person = people.get(row.userId);
      const order = row.recoveredOrderId ? recovered.get(row.recoveredOrderId) : undefined;
      return {
        id: row.id,
        customer: { id: row.userId, name: person?.username ?? '', email: person?.email ?? '' },
        startedAt: row.startedAt.toISOString(),
        units: row.lines.reduce((sum, line) => sum + line.count, 0),
        value: fromCents(row.valueCents),
        currency: row.currency.toUpperCase(),
        state: row.state,
        reason: row.reason,
        emailsSent: row.emailsSent,
        lastEmailAt: row.lastEmailAt?.toISOString() ?? null,
        restoredAt: row.restoredAt?.toISOString() ?? null,
        recoveredOrder:
          order && row.recoveredOrderId
            ? { id: row.recoveredOrderId, number: order.number, total: fromCents(order.totalCents) }
            : null,
      };
    }),
    page,
    pages: Math.max(1, Math.ceil(total / ABANDONED_PAGE_SIZE)),
    total,
    summary: {
      checkouts: figures.checkouts,
      emailsSent: figures.emailsSent,
      recoveredOrders: figures.recoveredOrders,
      recoveredValue: fromCents(figures.recoveredCents),
      currency,
    },
  };
}

/** The person's abandoned checkouts go (their erasure, in its transaction). */
export function eraseRecoveriesOf(tx: Tx, userId: string): Promise<number> {
  return repository.deleteOf(tx, userId);
}

/** Abandoned checkouts started more than `days` ago go (retention, the privacy job). */
export function forgetOldRecoveries(db: DbOrTx, days: number): Promise<number> {
  return repository.deleteStartedBefore(db, new Date(Date.now() - days * 24 * 60 * MINUTE));
}
