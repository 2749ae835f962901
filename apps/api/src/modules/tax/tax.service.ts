import {
  type PublicTaxSettings,
  pcmToPercent,
  percentToPcm,
  type TaxRate,
  type TaxRateBody,
  type TaxRegistration,
  type TaxRegistrationBody,
  type TaxSettings,
  type TaxSettingsBody,
} from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import { type CurrentUser, can } from '../../plugins/session';
import * as repository from './tax.repository';

/** What the tax rules need from the app. */
export interface TaxDeps {
  db: Db;
  /** Where staff changes are published (the audit trail listens). */
  events: DomainEvents;
}

const MICROS = 1_000_000;

/** `collects`: whether the shop is registered anywhere, so that shoppers' pages say how tax is shown. */
function publicSettings(row: repository.TaxSettingsRow, collects: boolean): PublicTaxSettings {
  return {
    currency: row.currency,
    pricesIncludeTax: row.pricesIncludeTax,
    homeCountry: row.homeCountry,
    homeRegion: row.homeRegion,
    collects,
  };
}

function staffSettings(row: repository.TaxSettingsRow, collects: boolean): TaxSettings {
  return {
    ...publicSettings(row, collects),
    vatNumber: row.vatNumber,
    oss: row.oss,
    taxShipping: row.taxShipping,
    fallback: row.fallback,
    eurRate: row.eurRateMicros / MICROS,
  };
}

/** The shop's VAT number, for its tax invoices ('' when it has none). */
export async function sellerVatNumber(db: Db): Promise<string> {
  return (await repository.findSettings(db)).vatNumber;
}

/** What the tax report and the thresholds read of the settings: the currency, home country and euro rate. */
export async function reportSettings(db: DbOrTx) {
  const row = await repository.findSettings(db);
  return { currency: row.currency, homeCountry: row.homeCountry, eurRateMicros: row.eurRateMicros };
}

/** The shop's currency (ISO 4217, e.g. USD): what a price of the catalogue is in. */
export async function shopCurrency(db: DbOrTx): Promise<string> {
  return (await repository.findSettings(db)).currency;
}

/** The settings: all of them for staff with tax.write, how prices are shown for everyone else. */
export async function settingsFor(deps: TaxDeps, viewer: CurrentUser | null): Promise<TaxSettings> {
  const [row, collects] = await Promise.all([
    repository.findSettings(deps.db),
    repository.hasRegistration(deps.db),
  ]);
  return can(viewer, 'tax.write') ? staffSettings(row, collects) : publicSettings(row, collects);
}

/** Changes the fields sent; a US state as home region only with the US as home country. */
export async function updateSettings(
  deps: TaxDeps,
  staff: CurrentUser,
  body: TaxSettingsBody,
): Promise<TaxSettings> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const before = await repository.lockSettings(tx);
    const collects = await repository.hasRegistration(tx);
    const { eurRate, ...rest } = body;
    const homeCountry = body.homeCountry ?? before.homeCountry;
    // A new home country outside the US drops the state it had.
    const homeRegion = homeCountry === 'US' ? (body.homeRegion ?? before.homeRegion) : '';
    if (body.homeRegion && homeCountry !== 'US') {
      throw new AppError('VALIDATION_ERROR', 'A home region is kept for US states only', {
        homeRegion: 'a region is kept for US states only',
      });
    }
    const after = await repository.updateSettings(tx, {
      ...rest,
      homeRegion,
      ...(eurRate === undefined ? {} : { eurRateMicros: Math.round(eurRate * MICROS) }),
    });
    await publish({
      type: 'tax.settings-updated',
      taxId: 'settings',
      actorId: staff.id,
      before: { ...staffSettings(before, collects) },
      after: { ...staffSettings(after, collects) },
    });
    return staffSettings(after, collects);
  });
}

function rateWire(row: repository.TaxRateRow): TaxRate {
  return {
    id: row.id,
    country: row.country,
    region: row.region,
    category: row.category,
    rate: pcmToPercent(row.ratePcm),
    from: row.validFrom,
    to: row.validTo,
    source: row.source,
  };
}

export async function listRates(deps: TaxDeps): Promise<TaxRate[]> {
  return (await repository.findRates(deps.db)).map(rateWire);
}

function rateValues(body: TaxRateBody): repository.TaxRateValues {
  return {
    country: body.country,
    region: body.region ?? '',
    category: body.category,
    // The schema refused a rate with more than 3 decimals.
    ratePcm: percentToPcm(body.rate) ?? 0,
    validFrom: body.from ?? null,
    validTo: body.to ?? null,
    source: body.source ?? '',
  };
}

/** Refuses a rate whose days overlap another of its place and category: a day has one rate. */
async function refuseOverlap(
  tx: Parameters<typeof repository.findOverlapping>[0],
  values: repository.TaxRateValues,
  id?: string,
) {
  await repository.lockPlaceCategory(
    tx,
    { country: values.country, region: values.region ?? '' },
    values.category,
  );
  const [other] = await repository.findOverlapping(tx, values, id);
  if (!other) return;
  const days = `${other.validFrom ?? 'ever'} to ${other.validTo ?? 'further notice'}`;
  throw new AppError(
    'VALIDATION_ERROR',
    `Its days overlap the ${pcmToPercent(other.ratePcm)}% rate of the same place and category (${days}); end that one first`,
    { from: `overlaps the rate from ${days}` },
  );
}

const placeLabel = (place: { country: string; region: string }) =>
  place.region ? `${place.country}-${place.region}` : place.country;

/**
 * Refuses to leave a place where the shop collects tax without any rate (its last one deleted or moved to
 * another place): the place's lock, taken by the caller, orders this after a registration there.
 */
async function refuseRegisteredWithoutRates(
  tx: Parameters<typeof repository.placeHasRates>[0],
  place: { country: string; region: string },
) {
  if (await repository.placeHasRates(tx, place)) return;
  if (!(await repository.isRegistered(tx, place))) return;
  throw new AppError(
    'CONFLICT',
    `The shop collects tax in ${placeLabel(place)}: this is its last rate; unregister it there first`,
    { id: 'is the last rate of a place where the shop collects tax' },
  );
}

export async function createRate(deps: TaxDeps, staff: CurrentUser, body: TaxRateBody): Promise<TaxRate> {
  const values = rateValues(body);
  return deps.events.transaction(deps.db, async (tx, publish) => {
    await refuseOverlap(tx, values);
    const row = await repository.insertRate(tx, values);
    await publish({
      type: 'tax.rate-created',
      taxId: row.id,
      actorId: staff.id,
      before: null,
      after: rateWire(row),
    });
    return rateWire(row);
  });
}

/** Replaces a rate (an end date ends it); orders already placed keep the tax they were charged. */
export async function updateRate(
  deps: TaxDeps,
  staff: CurrentUser,
  id: string,
  body: TaxRateBody,
): Promise<TaxRate> {
  const values = rateValues(body);
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const before = await repository.lockRate(tx, id);
    if (!before) throw AppError.notFound('Tax rate');
    await repository.lockPlace(tx, before);
    await refuseOverlap(tx, values, id);
    const row = await repository.updateRate(tx, id, values);
    if (!row) throw AppError.notFound('Tax rate');
    await refuseRegisteredWithoutRates(tx, before);
    await publish({
      type: 'tax.rate-updated',
      taxId: id,
      actorId: staff.id,
      before: rateWire(before),
      after: rateWire(row),
    });
    return rateWire(row);
  });
}

export async function deleteRate(deps: TaxDeps, staff: CurrentUser, id: string): Promise<TaxRate> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const locked = await repository.lockRate(tx, id);
    if (!locked) throw AppError.notFound('Tax rate');
    await repository.lockPlace(tx, locked);
    const row = await repository.deleteRate(tx, id);
    if (!row) throw AppError.notFound('Tax rate');
    await refuseRegisteredWithoutRates(tx, row);
    await publish({
      type: 'tax.rate-deleted',
      taxId: id,
      actorId: staff.id,
      before: rateWire(row),
      after: null,
    });
    return rateWire(row);
  });
}

function registrationWire(row: repository.TaxRegistrationRow): TaxRegistration {
  return { id: row.id, country: row.country, region: row.region, createdAt: row.createdAt.toISOString() };
}

export async function listRegistrations(deps: TaxDeps): Promise<TaxRegistration[]> {
  return (await repository.findRegistrations(deps.db)).map(registrationWire);
}

/** Registers the shop to collect tax in a place that has rates; once per place. */
export async function register(
  deps: TaxDeps,
  staff: CurrentUser,
  body: TaxRegistrationBody,
): Promise<TaxRegistration> {
  const place = { country: body.country, region: body.region ?? '' };
  const name = placeLabel(place);
  return deps.events.transaction(deps.db, async (tx, publish) => {
    await repository.lockPlace(tx, place);
    if (!(await repository.placeHasRates(tx, place))) {
      throw new AppError('VALIDATION_ERROR', `There is no tax rate for ${name}: add its rates first`, {
        [place.region ? 'region' : 'country']: `has no tax rate; add its rates first`,
      });
    }
    const row = await repository.insertRegistration(tx, place);
    if (!row)
      throw new AppError('CONFLICT', `The shop is registered in ${name} already`, {
        country: 'is registered already',
      });
    await publish({
      type: 'tax.registered',
      taxId: row.id,
      actorId: staff.id,
      before: null,
      after: registrationWire(row),
    });
    return registrationWire(row);
  });
}

export async function unregister(deps: TaxDeps, staff: CurrentUser, id: string): Promise<TaxRegistration> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const row = await repository.deleteRegistration(tx, id);
    if (!row) throw AppError.notFound('Tax registration');
    await publish({
      type: 'tax.unregistered',
      taxId: id,
      actorId: staff.id,
      before: registrationWire(row),
      after: null,
    });
    return registrationWire(row);
  });
}
