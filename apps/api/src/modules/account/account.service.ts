import {
  type BoughtItem,
  type ErasureOutcome,
  erasedCustomerName,
  orderName,
  type PrivacySettings,
} from '@shop/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { DomainEvents, Publish } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import * as auth from '../auth';
import * as drops from '../drops';
import type { Mailer } from '../mail';
import * as orders from '../orders';
import * as payments from '../payments';
import * as privacy from '../privacy';
import * as rateLimit from '../rate-limit';
import * as recovery from '../recovery';
import * as returns from '../returns';
import * as reviews from '../reviews';
import * as stockAlerts from '../stock-alerts';
import * as team from '../team';
import * as users from '../users';
import * as repository from './erasure.repository';

/** What erasing an account needs: removing reviews changes product ratings, which the lists show. */
export interface AccountDeps {
  db: Db;
  /** Where the erasure is published (the audit trail listens). */
  events: DomainEvents;
  /** Forgets the person's e-mails, sent and waiting (their jobs and the outbox). */
  mailer: Pick<Mailer, 'forget'>;
  /** Where their profile picture is. */
  storage: Pick<Storage, 'remove'>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Why a person's erasure must wait (issue 40), or null: an order still open (waiting for payment, or paid and
 * neither delivered nor refunded), a return in progress, or the owner's hold after the last order (for
 * payment disputes). `heldUntil` is the hold's end; null when only open work holds it.
 */
async function holdOf(tx: Tx, userId: string): Promise<{ heldUntil: Date | null; reason: string } | null> {
  const placed = await orders.lockedOpenOrdersOf(tx, userId);
  const sentBack = await returns.returnsInProgressOf(tx, userId);
  const holdDays = (await repository.findPrivacySettings(tx)).erasureHoldDays;
  const holdEnds =
    holdDays > 0 && placed.lastOrderAt ? new Date(placed.lastOrderAt.getTime() + holdDays * DAY_MS) : null;
  const heldUntil = holdEnds && holdEnds.getTime() > Date.now() ? holdEnds : null;
  const reasons: string[] = [];
  if (placed.open > 0 && placed.openNumber !== null)
    reasons.push(
      placed.open === 1
        ? `Order ${orderName({ number: placed.openNumber })} is still open`
        : `${placed.open} orders are still open`,
    );
  if (sentBack.count > 0 && sentBack.number !== null)
    reasons.push(`return R-${sentBack.number} is in progress`);
  if (reasons.length === 0 && !heldUntil) return null;
  const open = reasons.length
    ? `${reasons.join(' and ')}: your data is erased once ${reasons.length > 1 || placed.open > 1 ? 'they are' : 'it is'} closed (delivered, cancelled or refunded).`
    : '';
  const hold = heldUntil
    ? `The shop keeps a buyer's data for ${holdDays} days after their last order, for payment disputes: not before ${heldUntil.toISOString().slice(0, 10)}.`
    : '';
  return { heldUntil, reason: [open, hold].filter(Boolean).join(' ') };
}

/** The key of a profile picture the shop stores (`/uploads/<key>`), or null. */
const storedPictureOf = (image: string | null) => (image?.startsWith('/uploads/') ? image.slice(9) : null);

/**
 * Erases a person in `tx` (issue 40, docs/decisions/0008): their reviews (the products are re-rated),
 * favourites, alerts, sessions and sign-ins go; their orders, payments, returns, draw entries and store
 * credit stay as accounting records without their name, address, phone or words; the audit trail loses
 * their values; the user row becomes "Erased customer #n", banned for good. Answers the person as they
 * were, whose e-mails and picture `forgetOutside` removes once it has committed.
 */
async function eraseIn(tx: Tx, publish: Publish, userId: string, actorId: string | null) {
  const before = await users.findUser(tx, userId);
  if (!before) throw AppError.notFound('User');
  // Reviews first: they lock their products, which every review write takes before the user row.
  await reviews.removeAllOfUser(tx, userId);
  await users.removeFavoritesOfUser(tx, userId);
  await stockAlerts.removeAllOfUser(tx, userId);
  await auth.removeSignIns(tx, userId);
  // The shop never loses its last active admin, whoever asks.
  await users.keepAnAdmin(tx, userId, 'account');
  const bought = await orders.eraseBuyer(tx, userId);
  await payments.eraseTestPaymentEmails(tx, bought.orderIds);
  const words = await returns.eraseReturnWords(tx, userId);
  const entered = await drops.eraseEntrant(tx, userId);
  await team.forgetInvitee(tx, userId, before.email);
  await privacy.forgetExportsOf(tx, userId);
  await rateLimit.forgetRateLimitsOf(tx, userId);
  await recovery.eraseRecoveriesOf(tx, userId);
  // What names the person: a city or a postal code alone does not, and would scrub other people's records.
  const { email, name, username, displayUsername, fullName, phone, address } = before;
  await publish({
    type: 'person.erasing',
    userId,
    values: [
      ...[email, name, username, displayUsername ?? '', fullName, phone, address],
      ...bought.values,
      ...words,
      ...entered,
    ],
  });
  const number = await repository.markErased(tx, userId, actorId);
  await users.anonymise(tx, userId, number);
  // The fact keeps no personal data either: the erasure's point is that none is left.
  await publish({
    type: 'user.deleted',
    userId,
    actorId,
    before: { status: !before.banned, roles: [before.role] },
    after: { deleted: true, erased: erasedCustomerName(number) },
  });
  return before;
}

/** What the erasure's transaction cannot take back: the person's e-mails (jobs, outbox) and picture go. */
async function forgetOutside(deps: AccountDeps, person: { email: string; image: string | null }) {
  await deps.mailer.forget?.(person.email);
  const picture = storedPictureOf(person.image);
  if (picture) await deps.storage.remove(picture);
}

/** Erases a person now, whatever holds it (the spec's staff deletion). */
async function eraseNow(deps: AccountDeps, userId: string, actorId: string | null): Promise<void> {
  const person = await deps.events.transaction(deps.db, (tx, publish) =>
    eraseIn(tx, publish, userId, actorId),
  );
  await forgetOutside(deps, person);
}

/**
 * A person asks to be erased (`DELETE /api/account`), or staff ask for them: erased at once, or held with
 * the reason, to be done by the erasures job once nothing holds it.
 */
export async function requestErasure(
  deps: AccountDeps,
  userId: string,
  actorId: string | null,
): Promise<ErasureOutcome> {
  // One transaction, under the lock checkout places orders under: an order placed meanwhile holds it, or
  // is refused once the person is erased.
  const outcome = await deps.events.transaction(deps.db, async (tx, publish) => {
    const hold = await holdOf(tx, userId);
    if (!hold) return { held: null, erased: await eraseIn(tx, publish, userId, actorId) };
    await repository.holdErasure(tx, { userId, requestedBy: actorId, ...hold });
    if (actorId)
      await publish({
        type: 'user.erasure-held',
        userId,
        actorId,
        before: null,
        after: { heldUntil: hold.heldUntil?.toISOString() ?? null, reason: hold.reason },
      });
    return { held: hold, erased: null };
  });
  if (outcome.held)
    return { heldUntil: outcome.held.heldUntil?.toISOString() ?? null, reason: outcome.held.reason };
  if (outcome.erased) await forgetOutside(deps, outcome.erased);
  return { erased: true };
}

/** Accounts erased, or looked at, in one run of the privacy job at most (the next run takes the rest). */
const RETENTION_BATCH = 100;

/**
 * The hourly privacy job (issue 40): each held erasure whose hold has ended is looked at again, and done
 * once nothing holds it (a new hold is recorded otherwise); accounts never verified within the owner's days
 * are erased; expired sessions and one-time links go. Answers what it did.
 */
export async function keepOnlyWhatIsNeeded(
  deps: AccountDeps,
): Promise<{ erased: number; unverified: number; sessions: number; checkouts: number }> {
  let erased = 0;
  for (const held of await repository.findDueHeldErasures(deps.db, RETENTION_BATCH)) {
    const outcome = await requestErasure(deps, held.userId, held.requestedBy);
    if ('erased' in outcome) erased += 1;
  }
  const { unverifiedAccountDays, recoveryRecordDays } = await repository.findPrivacySettings(deps.db);
  const unverified = await users.unverifiedOlderThan(deps.db, unverifiedAccountDays, RETENTION_BATCH);
  for (const userId of unverified) await requestErasure(deps, userId, null);
  const sessions = await auth.forgetExpiredSignIns(deps.db);
  const checkouts = await recovery.forgetOldRecoveries(deps.db, recoveryRecordDays);
  return { erased, unverified: unverified.length, sessions, checkouts };
}

export function privacySettingsOf(db: DbOrTx): Promise<PrivacySettings> {
  return repository.findPrivacySettings(db);
}

/** The owner sets the hold on erasures; audited with the days before and after. */
export async function savePrivacySettings(
  deps: AccountDeps,
  settings: Partial<PrivacySettings>,
  actorId: string,
): Promise<PrivacySettings> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const before = await privacySettingsOf(tx);
    await repository.savePrivacySettings(tx, settings);
    const after = { ...before, ...settings };
    await publish({ type: 'privacy.settings-updated', staffId: 'privacy', actorId, before, after });
    return after;
  });
}

/** Deletes an account at once, held or not (the spec's staff deletion, and `deleteAccount` of old). */
export async function deleteAccount(
  deps: AccountDeps,
  userId: string,
  actingAdminId?: string,
): Promise<void> {
  await eraseNow(deps, userId, actingAdminId ?? null);
}

/** Staff erase someone else's personal data (never their own), held like the person's own request. */
export async function eraseUserAsStaff(
  deps: AccountDeps,
  userId: string,
  actingId: string,
): Promise<ErasureOutcome> {
  users.refuseSelf(userId, actingId, 'erase');
  const person = await users.findLiveUser(deps.db, userId);
  refuseStaffErasure(person);
  return requestErasure(deps, userId, actingId);
}

/** A member of staff is made a shopper before their account can go: the shop keeps someone to run it. */
export function refuseStaffErasure(person: { role: string }): void {
  if (person.role === 'user') return;
  throw new AppError(
    'CONFLICT',
    person.role === 'admin'
      ? 'An admin account cannot be deleted; ask another admin to make it a user first'
      : 'A staff account cannot be deleted; ask an admin to make it a user first',
  );
}

/** Staff delete someone else's account (never their own) at once, as the spec's deletion does. */
export async function deleteUserAsAdmin(deps: AccountDeps, userId: string, actingAdminId: string) {
  users.refuseSelf(userId, actingAdminId, 'delete');
  await users.findLiveUser(deps.db, userId);
  await deleteAccount(deps, userId, actingAdminId);
}

/** The same, by e-mail (`PUT /api/user-deleted`). */
export async function deleteUserByEmailAsAdmin(deps: AccountDeps, email: string, actingAdminId: string) {
  const user = await users.findUserByEmail(deps.db, email);
  if (!user) throw AppError.notFound('User');
  await deleteUserAsAdmin(deps, user.id, actingAdminId);
}

/**
 * The Bought tab: each product of the user's approved orders once, newest purchase first, with the user's
 * review of it when they wrote one.
 */
export async function getBought(db: DbOrTx, userId: string): Promise<BoughtItem[]> {
  if (!(await users.findUser(db, userId))) throw AppError.notFound('User');
  const [bought, reviewed] = await Promise.all([
    orders.boughtProducts(db, userId),
    reviews.reviewsOfUserByProduct(db, userId),
  ]);
  return bought.map((item) => ({
    product: { _id: item.productId, name: item.name, brand: item.brand, card_picture: item.picture },
    date: item.boughtAt.toISOString(),
    review: reviewed.get(item.productId) ?? null,
  }));
}
