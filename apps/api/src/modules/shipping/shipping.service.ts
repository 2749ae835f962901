import {
  countryCode,
  countryName,
  fromCents,
  type ShippingMethod,
  type ShippingMethodBody,
  type StaffShippingMethod,
  servesCountry,
  toCents,
} from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import type { Snapshot } from '../../events/facts';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import { orderUsesShippingMethod } from '../orders';
import * as repository from './shipping.repository';

export type ShippingMethodRow = repository.ShippingMethodRow;

/** What the shipping rules need from the app. */
export interface ShippingDeps {
  db: Db;
  /** Where staff changes are published (the audit trail listens). */
  events: DomainEvents;
}

/** The delivery estimate a method promises, [min, max] days, or null. */
function estimateOf(row: ShippingMethodRow): ShippingMethod['estimateDays'] {
  return row.estimateMinDays === null || row.estimateMaxDays === null
    ? null
    : [row.estimateMinDays, row.estimateMaxDays];
}

/** A method as the buyer's checkout shows it. */
function toWire(row: ShippingMethodRow): ShippingMethod {
  return {
    id: row.id,
    name: row.name,
    price: fromCents(row.priceCents),
    freeAbove: row.freeAboveCents === null ? null : fromCents(row.freeAboveCents),
    estimateDays: estimateOf(row),
    countries: row.countries,
    taxCategory: row.taxCategory,
  };
}

/** The delivery estimate each of these methods promises now (archived ones too), by method id. */
export async function estimatesOf(
  db: DbOrTx,
  methodIds: string[],
): Promise<Map<string, ShippingMethod['estimateDays']>> {
  const rows = await repository.findMethods(db, [...new Set(methodIds)]);
  return new Map(rows.map((row) => [row.id, estimateOf(row)]));
}

function toStaffWire(row: ShippingMethodRow): StaffShippingMethod {
  return { ...toWire(row), active: row.active };
}

/** What the audit trail keeps of a method before and after a change. */
function snapshotOf(row: ShippingMethodRow): Snapshot {
  return { ...toStaffWire(row) };
}

/**
 * The methods offered to a buyer in `country` (as a profile holds it: a name or an ISO code), cheapest
 * first; every offered method without a country. A country no code is known for (or an empty one) is
 * served by the methods that ship everywhere, as the checkout prices it.
 */
export async function offeredMethods(db: DbOrTx, country?: string): Promise<ShippingMethod[]> {
  const rows = await repository.findOfferedMethods(db);
  if (country === undefined) return rows.map(toWire);
  const code = countryCode(country);
  return rows.filter((row) => servesCountry(row.countries, code)).map(toWire);
}

/** Every method staff manage, inactive ones included (archived ones are gone for them). */
export async function managedMethods(db: DbOrTx): Promise<StaffShippingMethod[]> {
  return (await repository.findManagedMethods(db)).map(toStaffWire);
}

/** The body's amounts in cents and estimate as columns; an absent `active` keeps it offered. */
function valuesOf(body: ShippingMethodBody): repository.ShippingMethodValues {
  return {
    name: body.name,
    priceCents: toCents(body.price),
    freeAboveCents: body.freeAbove == null ? null : toCents(body.freeAbove),
    countries: [...new Set(body.countries ?? [])].sort(),
    estimateMinDays: body.estimateDays?.[0] ?? null,
    estimateMaxDays: body.estimateDays?.[1] ?? null,
    active: body.active ?? true,
    taxCategory: body.taxCategory ?? 'standard',
  };
}

export async function createMethod(
  deps: ShippingDeps,
  staff: CurrentUser,
  body: ShippingMethodBody,
): Promise<StaffShippingMethod> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const row = await repository.insertMethod(tx, valuesOf(body));
    await publish({
      type: 'shipping.created',
      shippingMethodId: row.id,
      actorId: staff.id,
      before: null,
      after: snapshotOf(row),
    });
    return toStaffWire(row);
  });
}

/** Replaces a method's terms; orders already placed keep the name and price they were charged. */
export async function updateMethod(
  deps: ShippingDeps,
  staff: CurrentUser,
  id: string,
  body: ShippingMethodBody,
): Promise<StaffShippingMethod> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const before = await repository.findMethod(tx, id, 'update');
    if (!before || before.archivedAt) throw AppError.notFound('Shipping method');
    const row = await repository.updateMethod(tx, id, valuesOf(body));
    if (!row) throw AppError.notFound('Shipping method');
    await publish({
      type: 'shipping.updated',
      shippingMethodId: id,
      actorId: staff.id,
      before: snapshotOf(before),
      after: snapshotOf(row),
    });
    return toStaffWire(row);
  });
}

/**
 * Deletes a method, or archives it when an order names it (the order keeps its name and price either way).
 * The method is locked first: a checkout placing an order with it either finishes before (and the method
 * is archived) or finds it gone.
 */
export async function removeMethod(
  deps: ShippingDeps,
  staff: CurrentUser,
  id: string,
): Promise<{ archived: boolean }> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const row = await repository.findMethod(tx, id, 'update');
    if (!row || row.archivedAt) throw AppError.notFound('Shipping method');
    const used = await orderUsesShippingMethod(tx, id);
    if (used) await repository.archiveMethod(tx, id);
    else await repository.deleteMethod(tx, id);
    await publish({
      type: used ? 'shipping.archived' : 'shipping.deleted',
      shippingMethodId: id,
      actorId: staff.id,
      before: snapshotOf(row),
      after: null,
    });
    return { archived: used };
  });
}

/** The words for a country in a refusal: its English name, or as the profile gave it. */
function countryWords(country: string, code: string | undefined): string {
  return code ? countryName(code) : `"${country}"`;
}

/**
 * The method an order in `country` travels by, priced later from this row: the one the buyer chose, or
 * the cheapest offered there. Taken FOR SHARE in the checkout's transaction so staff cannot delete it
 * before the order naming it commits. Refuses, naming the field, a method that is unknown, archived, not
 * offered or not serving the country, and a country no method serves.
 */
export async function methodForOrder(
  tx: DbOrTx,
  choice: { methodId?: string; country: string },
): Promise<ShippingMethodRow> {
  const code = countryCode(choice.country);
  if (choice.methodId === undefined) {
    // Read and locked at once: the cheapest serving the country is offered, so it needs no second read.
    const cheapest = (await repository.findOfferedMethods(tx, 'share')).find((row) =>
      servesCountry(row.countries, code),
    );
    if (!cheapest) {
      const where =
        choice.country.trim() === '' ? 'the country of your profile' : countryWords(choice.country, code);
      throw new AppError(
        'VALIDATION_ERROR',
        `We do not ship to ${where}; check the country in your profile`,
        {
          country:
            choice.country.trim() === '' ? 'is required to ship the order' : 'is not a country we ship to',
        },
      );
    }
    return cheapest;
  }
  return chosenMethod(tx, { ...choice, methodId: choice.methodId }, code);
}

async function chosenMethod(
  tx: DbOrTx,
  choice: { methodId: string; country: string },
  code: string | undefined,
): Promise<ShippingMethodRow> {
  const row = await repository.findMethod(tx, choice.methodId, 'share');
  if (!row || row.archivedAt) {
    throw refusedMethod('This shipping method does not exist', 'is not a shipping method of this shop');
  }
  if (!row.active) {
    throw refusedMethod(`${row.name} is not offered any more`, `is not offered any more (${row.name})`);
  }
  if (!servesCountry(row.countries, code)) {
    const where =
      choice.country.trim() === '' ? 'an address without a country' : countryWords(choice.country, code);
    throw refusedMethod(`${row.name} does not ship to ${where}`, `does not ship to ${where} (${row.name})`);
  }
  return row;
}

/** A refusal of the chosen method: what the buyer reads, and the reason under `shippingMethodId`. */
function refusedMethod(message: string, reason: string): AppError {
  return new AppError('VALIDATION_ERROR', `${message}; choose another shipping method`, {
    shippingMethodId: reason,
  });
}
