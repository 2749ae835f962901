import {
  fromCents,
  type PricedDiscount,
  type Promotion,
  type PromotionCheck,
  type PromotionCheckBody,
  type PromotionCreate,
  type PromotionKind,
  type PromotionList,
  type PromotionsQuery,
  type PromotionUpdate,
  priceOrder,
  promotionKind,
  promotionValueIssue,
  sizeKey,
  toCents,
} from '@shop/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import type { Snapshot } from '../../events/facts';
import { AppError } from '../../lib/app-error';
import { csvRow } from '../../lib/csv';
import type { CurrentUser } from '../../plugins/session';
import * as catalog from '../catalog';
import * as drops from '../drops';
import * as tax from '../tax';
import {
  columnsOfValue,
  discountOf,
  isEligible,
  type JudgedLine,
  refusal,
  stateOf,
  summaryOf,
  toPromotionWire,
  wireValueOf,
} from './promotion-rules';
import * as repository from './promotions.repository';

export interface PromotionDeps {
  db: Db;
  /** Where staff changes are published (the audit trail listens). */
  events: DomainEvents;
}

const PAGE_SIZE = 20;

const codeKeyOf = (code: string) => code.trim().toUpperCase();

/** What the audit trail records of a promotion. */
function snapshotOf(row: repository.PromotionRow): Snapshot {
  const wire = toPromotionWire(row, { discountedCents: 0, salesCents: 0 }, new Date());
  return {
    code: wire.code,
    kind: wire.kind,
    value: wire.value,
    minOrder: wire.minOrder,
    startsAt: wire.startsAt,
    endsAt: wire.endsAt,
    totalUses: wire.totalUses,
    usesPerCustomer: wire.usesPerCustomer,
    eligible: wire.eligible,
    appliesToDrops: wire.appliesToDrops,
    status: wire.status,
  };
}

async function wireOf(db: DbOrTx, row: repository.PromotionRow): Promise<Promotion> {
  const figures = await repository.paidFigures(db, [row.id]);
  return toPromotionWire(row, figures.get(row.id) ?? { discountedCents: 0, salesCents: 0 }, new Date());
}

/** The columns a body sets; `value` is read by the kind the promotion will have. */
function columnsOf(body: PromotionUpdate, kind: PromotionKind): Partial<repository.NewPromotion> {
  const columns: Partial<repository.NewPromotion> = {};
  if (body.code !== undefined) Object.assign(columns, { code: body.code, codeKey: codeKeyOf(body.code) });
  if (body.kind !== undefined || body.value !== undefined) {
    columns.kind = kind;
    Object.assign(columns, columnsOfValue(kind, promotionKind(kind).toStored(body.value ?? null)));
  }
  if (body.minOrder !== undefined) columns.minOrderCents = toCents(body.minOrder ?? 0);
  if (body.startsAt !== undefined) columns.startsAt = body.startsAt ? new Date(body.startsAt) : null;
  if (body.endsAt !== undefined) columns.endsAt = body.endsAt ? new Date(body.endsAt) : null;
  if (body.totalUses !== undefined) columns.totalUses = body.totalUses;
  if (body.usesPerCustomer !== undefined) columns.usesPerCustomer = body.usesPerCustomer;
  if (body.eligible !== undefined) {
    columns.productIds = [...new Set(body.eligible?.productIds ?? [])];
    columns.brands = [...new Set(body.eligible?.brands ?? [])];
    columns.categories = [...new Set(body.eligible?.categories ?? [])];
  }
  if (body.appliesToDrops !== undefined) columns.appliesToDrops = body.appliesToDrops;
  if (body.status !== undefined) columns.status = body.status;
  return columns;
}

/** Refuses eligible products the shop does not have, naming each. */
async function checkProducts(db: DbOrTx, productIds: string[] | undefined): Promise<void> {
  if (!productIds || productIds.length === 0) return;
  const found = new Set((await catalog.getProducts(db, [...new Set(productIds)])).map((p) => p._id));
  const missing = productIds.findIndex((id) => !found.has(id));
  if (missing >= 0) throw AppError.invalid(`eligible.productIds.${missing}`, 'is not a product of the shop');
}

async function refuseTakenCode(db: DbOrTx, code: string, exceptId?: string): Promise<void> {
  if (await repository.codeTaken(db, codeKeyOf(code), exceptId)) {
    throw new AppError('CONFLICT', `Another promotion already uses the code ${code.toUpperCase()}`, {
      code: 'is already used by another promotion',
    });
  }
}

/** `POST /api/promotions` (staff). */
export async function createPromotion(
  deps: PromotionDeps,
  actor: CurrentUser,
  body: PromotionCreate,
): Promise<Promotion> {
  await checkProducts(deps.db, body.eligible?.productIds);
  const row = await deps.events.transaction(deps.db, async (tx, publish) => {
    await refuseTakenCode(tx, body.code);
    const created = await repository.insertPromotion(tx, {
      code: body.code,
      codeKey: codeKeyOf(body.code),
      kind: body.kind,
      ...columnsOf({ ...body, value: body.value ?? null }, body.kind),
    });
    await publish({
      type: 'promotion.created',
      promotionId: created.id,
      actorId: actor.id,
      before: null,
      after: snapshotOf(created),
    });
    return created;
  });
  return wireOf(deps.db, row);
}

/**
 * The refusals of a change that the body's schema alone cannot see: they depend on the promotion as it is.
 * Answers the value the promotion will have when the change touches its kind or value.
 */
function refuseChange(row: repository.PromotionRow, body: PromotionUpdate): number | null | undefined {
  const kind = body.kind ?? row.kind;
  let resolved: number | null | undefined;
  if (body.kind !== undefined || body.value !== undefined) {
    const current = wireValueOf(row);
    const value =
      body.value !== undefined
        ? body.value
        : body.kind !== undefined && body.kind !== row.kind
          ? undefined
          : current;
    const issue = promotionValueIssue(kind, value);
    if (issue) throw AppError.invalid('value', issue);
    resolved = value ?? null;
  }
  const startsAt = body.startsAt !== undefined ? body.startsAt : row.startsAt?.toISOString();
  const endsAt = body.endsAt !== undefined ? body.endsAt : row.endsAt?.toISOString();
  if (startsAt && endsAt && new Date(startsAt) >= new Date(endsAt))
    throw AppError.invalid('endsAt', 'must be after startsAt');
  if (body.totalUses != null && body.totalUses < row.uses)
    throw AppError.invalid('totalUses', `must be at least the ${row.uses} uses it has now`);
  if (body.code !== undefined && codeKeyOf(body.code) !== row.codeKey && row.uses > 0) {
    throw new AppError(
      'CONFLICT',
      'Orders hold this code, so it cannot be renamed; create a new promotion instead',
      {
        code: 'cannot change once orders hold it',
      },
    );
  }
  return resolved;
}

/** `PUT /api/promotions/:id` (staff): change its terms, or pause, resume or archive it. */
export async function updatePromotion(
  deps: PromotionDeps,
  actor: CurrentUser,
  id: string,
  body: PromotionUpdate,
): Promise<Promotion> {
  await checkProducts(deps.db, body.eligible?.productIds);
  const row = await deps.events.transaction(deps.db, async (tx, publish) => {
    const before = await repository.lockPromotion(tx, id);
    if (!before) throw AppError.notFound('Promotion');
    const value = refuseChange(before, body);
    if (body.code !== undefined) await refuseTakenCode(tx, body.code, id);
    const change = value === undefined ? body : { ...body, value };
    const after = await repository.updatePromotion(tx, id, columnsOf(change, body.kind ?? before.kind));
    if (!after) throw AppError.notFound('Promotion');
    await publish({
      type: 'promotion.updated',
      promotionId: id,
      actorId: actor.id,
      before: snapshotOf(before),
      after: snapshotOf(after),
    });
    return after;
  });
  return wireOf(deps.db, row);
}

/** `GET /api/promotions/:id` (staff): one promotion with its figures. */
export async function getPromotion(db: Db, id: string): Promise<Promotion> {
  const row = await repository.findPromotion(db, id);
  if (!row) throw AppError.notFound('Promotion');
  return wireOf(db, row);
}

/** `GET /api/promotions` (staff): newest first, one page, with each one's paid figures. */
export async function listPromotions(db: Db, query: PromotionsQuery): Promise<PromotionList> {
  const now = new Date();
  const filter = { state: query.state, search: query.search || undefined };
  const total = await repository.countPromotions(db, filter, now);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const rows = await repository.listPromotions(
    db,
    filter,
    { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE },
    now,
  );
  const figures = await repository.paidFigures(
    db,
    rows.map((row) => row.id),
  );
  return {
    promotions: rows.map((row) =>
      toPromotionWire(row, figures.get(row.id) ?? { discountedCents: 0, salesCents: 0 }, now),
    ),
    page: query.page,
    pages,
  };
}

export const EXPORT_COLUMNS = [
  'code',
  'kind',
  'value',
  'status',
  'state',
  'starts_at',
  'ends_at',
  'min_order',
  'total_uses',
  'uses_per_customer',
  'uses',
  'discounted',
  'sales',
  'created_at',
] as const;

/** `GET /api/promotions/export.csv` (staff): every promotion the filter matches, with its figures; audited. */
export async function exportPromotions(
  deps: PromotionDeps,
  actor: CurrentUser,
  query: Omit<PromotionsQuery, 'page'>,
): Promise<string> {
  const now = new Date();
  const filter = { state: query.state, search: query.search || undefined };
  const rows = await repository.listPromotions(deps.db, filter, { limit: 10_000, offset: 0 }, now);
  const figures = await repository.paidFigures(
    deps.db,
    rows.map((row) => row.id),
  );
  const lines = rows.map((row) => {
    const wire = toPromotionWire(row, figures.get(row.id) ?? { discountedCents: 0, salesCents: 0 }, now);
    return csvRow([
      wire.code,
      wire.kind,
      wire.value,
      wire.status,
      wire.state,
      wire.startsAt,
      wire.endsAt,
      wire.minOrder.toFixed(2),
      wire.totalUses,
      wire.usesPerCustomer,
      wire.uses,
      wire.discounted.toFixed(2),
      wire.sales.toFixed(2),
      wire.createdAt,
    ]);
  });
  await deps.events.published(deps.db, {
    type: 'promotion.exported',
    promotionId: 'all',
    actorId: actor.id,
    before: null,
    after: { filter: { state: query.state ?? null, search: query.search ?? null }, rows: rows.length },
  });
  return csvRow(EXPORT_COLUMNS) + lines.join('');
}

/** A cart line as checkout priced it from the catalogue. */
export interface PromotionLine {
  productId: string;
  brand: string;
  categories: string[];
  unitPriceCents: number;
  count: number;
}

export interface AppliedPromotion {
  row: repository.PromotionRow;
  discount: PricedDiscount;
  /** Whether each line, in order, takes the discount. */
  eligible: boolean[];
}

/**
 * The promotion a shopper's code names, checked against the cart and the buyer at `now`: refused with the
 * reason in words when it is unknown, paused or archived, outside its dates, used up, used by the buyer as
 * often as one customer may, for nothing in the cart, or when the pairs come to less than its minimum.
 */
export async function applyCode(
  db: DbOrTx,
  request: { code: string; buyerId?: string; lines: PromotionLine[]; now?: Date },
): Promise<AppliedPromotion> {
  const now = request.now ?? new Date();
  const row = await repository.findByCode(db, codeKeyOf(request.code));
  if (!row) throw refusal.notFound(request.code.trim().toUpperCase());
  const state = stateOf(row, now);
  if (state === 'paused' || state === 'archived') throw refusal.inactive(row);
  if (state === 'scheduled' && row.startsAt) throw refusal.notStarted(row, row.startsAt);
  if (state === 'ended' && row.endsAt) throw refusal.expired(row, row.endsAt);
  if (state === 'used_up') throw refusal.usedUp(row);
  if (request.buyerId && row.usesPerCustomer !== null) {
    if ((await repository.countCustomerUses(db, row.id, request.buyerId)) >= row.usesPerCustomer)
      throw refusal.alreadyUsed(row);
  }
  const inDrop = await drops.dropProducts(db, [...new Set(request.lines.map((line) => line.productId))]);
  const judged: JudgedLine[] = request.lines.map((line) => ({ ...line, inDrop: inDrop.has(line.productId) }));
  const eligible = judged.map((line) => isEligible(row, line));
  if (!eligible.some(Boolean)) {
    const dropsOnly = judged.every((line) => line.inDrop) && !row.appliesToDrops;
    throw refusal.notEligible(row, dropsOnly);
  }
  const linesCents = request.lines.reduce((sum, line) => sum + line.unitPriceCents * line.count, 0);
  if (linesCents < row.minOrderCents) throw refusal.belowMinimum(row, linesCents, await tax.shopCurrency(db));
  return { row, discount: discountOf(row), eligible };
}

/**
 * The order takes one use of its promotion in the checkout's transaction: refused when the last use went to
 * another buyer meanwhile (409, exactly one of those racing gets it), or when this buyer's own concurrent
 * checkout took their last allowed use (counted under the promotion's row lock).
 */
export async function takeUse(
  tx: Tx,
  applied: AppliedPromotion,
  use: { orderId: string; userId: string; discountCents: number; orderTotalCents: number },
): Promise<void> {
  if (!(await repository.takeUse(tx, applied.row.id))) throw refusal.usedUp(applied.row);
  if (applied.row.usesPerCustomer !== null) {
    const uses = await repository.countCustomerUses(tx, applied.row.id, use.userId);
    if (uses >= applied.row.usesPerCustomer) throw refusal.alreadyUsed(applied.row);
  }
  await repository.insertUse(tx, { ...use, promotionId: applied.row.id });
}

/** An order cancelled before its payment gives its use back (subscribed to `order.cancelled`). */
export async function onOrderCancelled(tx: DbOrTx, orderId: string): Promise<void> {
  await repository.releaseUse(tx, orderId);
}

/** A paid order's discount counts in its promotion's figures (subscribed to `order.paid`). */
export async function onOrderPaid(tx: DbOrTx, orderId: string): Promise<void> {
  await repository.markUsePaid(tx, orderId);
}

/**
 * `POST /api/promotions/check`: what the code takes off these cart lines at today's prices, or the refusal
 * in words. A signed-in shopper's own uses are counted; nothing is taken or held.
 */
export async function checkCode(
  db: Db,
  body: PromotionCheckBody,
  viewerId?: string,
): Promise<PromotionCheck> {
  const pairs = body.products.map((line) => ({ productId: line.id, size: Number(line.size) }));
  const stock = await catalog.stockLines(db, pairs);
  const lines = body.products.map((line, index) => {
    const info = stock.find((row) => row.productId === line.id && row.size === Number(line.size));
    if (!info) throw AppError.invalid(`products.${index}`, 'is not sold any more');
    return { ...info, unitPriceCents: info.priceCents, count: line.count, size: sizeKey(info.size) };
  });
  const applied = await applyCode(db, { code: body.code, buyerId: viewerId, lines });
  const price = priceOrder(
    lines.map((line, index) => ({ ...line, eligible: applied.eligible[index] })),
    { name: '', priceCents: 0, freeAboveCents: null },
    { discount: applied.discount },
  );
  return {
    code: applied.row.code,
    kind: applied.row.kind,
    discount: fromCents(price.discountCents),
    freeShipping: promotionKind(applied.row.kind).freeShipping,
    lines: lines.map((line, index) => ({
      id: line.productId,
      size: line.size,
      count: line.count,
      price: fromCents(line.unitPriceCents),
      eligible: applied.eligible[index] ?? false,
      discount: fromCents(price.lineDiscountsCents[index] ?? 0),
      total: fromCents((price.lineTotalsCents[index] ?? 0) - (price.lineDiscountsCents[index] ?? 0)),
    })),
    subtotal: fromCents(price.linesCents),
    total: fromCents(price.linesCents - price.discountCents),
    summary: summaryOf(applied.row, await tax.shopCurrency(db)),
  };
}

/** The demo shop's welcome code: 10% off a first order, once per customer (docs/decisions/0031). */
export const WELCOME_CODE = 'WELCOME10';

/** Seeds the welcome code once; a second run adds nothing. */
export function seedPromotions(db: DbOrTx): Promise<boolean> {
  return repository.insertMissing(db, {
    code: WELCOME_CODE,
    codeKey: WELCOME_CODE,
    kind: 'percent',
    ...columnsOfValue('percent', 10),
    usesPerCustomer: 1,
  });
}
