import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DataExportStarted, DataExportStatus } from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { personalRows } from '../../db/personal-rows';
import type { DomainEvents } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import type { Jobs } from '../jobs';
import type { Mailer } from '../mail';
import * as users from '../users';
import * as repository from './export.repository';
import { exportArchive } from './export-archive';
import { dataExportEmail } from './export-emails';
import { PERSONAL_DATA } from './personal-data-map';

/**
 * "Download my data" (issue 40): a person (or staff for them) asks for a copy of everything the shop holds
 * about them; a job reads their rows through the personal-data map, stores the ZIP and e-mails a link that
 * works for 24 hours (its token an HMAC of the copy's id and expiry). One copy per person per hour.
 */
export interface PrivacyDeps {
  db: Db;
  /** Where staff's copies are published (the audit trail listens). */
  events: DomainEvents;
  /** Where the copy is prepared: the `exports` queue. */
  jobs: Pick<Jobs, 'send'>;
  mailer: Pick<Mailer, 'send'>;
  siteUrl: string;
  /** Signs the archive's link. */
  secret: string;
}

/** The `exports` job: the copy to prepare. */
export interface ExportJob {
  exportId: string;
}

/** The archive link's token: an HMAC of the copy's id and the instant its link expires. */
function tokenOf(secret: string, id: string, expiresAt: Date): string {
  return createHmac('sha256', secret)
    .update(`data-export:${id}:${expiresAt.toISOString()}`)
    .digest('base64url');
}

const linkOf = (deps: PrivacyDeps, id: string, expiresAt: Date) =>
  `${deps.siteUrl}/api/account/export/${id}/archive?token=${tokenOf(deps.secret, id, expiresAt)}`;

/**
 * Records a copy of `userId`'s data, asked for by them (`requestedBy` null) or by a member of staff, and
 * queues its preparation in the same transaction: refused (429, nothing changed) when a copy of theirs was
 * asked for within the hour. The person's lock makes two requests at once one copy.
 */
async function requestExport(
  deps: PrivacyDeps,
  userId: string,
  requestedBy: string | null,
): Promise<DataExportStarted> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    await repository.lockExportsOf(tx, userId);
    const wait = await repository.secondsUntilNextExport(tx, userId);
    if (wait !== null) {
      const minutes = Math.max(1, Math.ceil(wait / 60));
      const asked = requestedBy ? "A copy of this person's data" : 'A copy of your data';
      throw AppError.rateLimited(
        `${asked} was asked for less than an hour ago: one copy an hour. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
        Math.max(1, wait),
      );
    }
    const { id } = await repository.insertExport(tx, { userId, requestedBy });
    await deps.jobs.send('exports', { exportId: id } satisfies ExportJob, { tx, key: `data-export:${id}` });
    // Staff's copy is on the record, without anything of the person in it.
    if (requestedBy)
      await publish({
        type: 'user.exported',
        userId,
        actorId: requestedBy,
        before: null,
        after: { exportId: id },
      });
    return { id };
  });
}

/** `POST /api/account/export`: the signed-in person asks for a copy of their own data. */
export function exportOwnData(deps: PrivacyDeps, userId: string): Promise<DataExportStarted> {
  return requestExport(deps, userId, null);
}

/** `POST /api/users/:id/export`: staff ask for a copy of a person's data; the link is e-mailed to them. */
export async function exportAsStaff(
  deps: PrivacyDeps,
  userId: string,
  staffId: string,
): Promise<DataExportStarted> {
  await users.findLiveUser(deps.db, userId);
  return requestExport(deps, userId, staffId);
}

/**
 * `GET /api/account/export/:id`: the copy's state, to whoever asked for it (the person, or the member of staff
 * who asked for them); not found for anyone else. Once ready, the link and when it expires.
 */
export async function exportStatus(
  deps: PrivacyDeps,
  id: string,
  viewerId: string,
): Promise<DataExportStatus> {
  const row = await repository.findExport(deps.db, id);
  if (!row || (row.requestedBy ?? row.userId) !== viewerId) throw AppError.notFound('Export');
  if (row.state !== 'ready' || !row.expiresAt) return { state: row.state };
  if (!row.stored || row.expiresAt.getTime() <= Date.now()) return { state: 'expired' };
  return { state: 'ready', url: linkOf(deps, row.id, row.expiresAt), expiresAt: row.expiresAt.toISOString() };
}

const NO_ARCHIVE = 'This download link is not valid, or it has expired: ask for a new copy from your account';

/**
 * The archive's link: the ZIP when the token is the one the link was given and the link has not expired;
 * not found otherwise, whoever asks (the token is the key).
 */
export async function archiveOf(
  deps: PrivacyDeps,
  id: string,
  token: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  const row = await repository.findExport(deps.db, id);
  if (!row?.expiresAt || !row.readyAt) throw new AppError('NOT_FOUND', NO_ARCHIVE);
  const expected = Buffer.from(tokenOf(deps.secret, row.id, row.expiresAt));
  const given = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError('NOT_FOUND', NO_ARCHIVE);
  const bytes = await repository.findArchive(deps.db, id);
  if (!bytes) throw new AppError('NOT_FOUND', NO_ARCHIVE);
  return { bytes, fileName: `sneaker-shop-data-${row.readyAt.toISOString().slice(0, 10)}.zip` };
}

/**
 * The `exports` job: reads the person's rows through the personal-data map, stores the archive and e-mails
 * its link (to the person, or to the member of staff who asked) in one transaction. A copy already done, or
 * gone with its person's erasure, is left alone, so a retried job does nothing twice.
 */
export async function prepareExport(deps: PrivacyDeps, { exportId }: ExportJob): Promise<void> {
  const row = await repository.findExport(deps.db, exportId);
  if (row?.state !== 'preparing') return;
  const generatedAt = new Date();
  const tables = await personalRows(deps.db, PERSONAL_DATA, row.userId);
  if (!tables) return;
  const archive = exportArchive(row.userId, tables, generatedAt);
  await deps.events.transaction(deps.db, async (tx) => {
    const expiresAt = await repository.markReady(tx, exportId, archive);
    if (!expiresAt) return;
    const to = await users.findUser(tx, row.requestedBy ?? row.userId);
    if (!to) return;
    const message = dataExportEmail(
      to.email,
      { userId: row.userId, forStaff: row.requestedBy !== null, expiresAt },
      linkOf(deps, exportId, expiresAt),
    );
    await deps.mailer.send(message, { queue: 'mail', key: `data-export:${exportId}`, tx });
  });
}

/**
 * The hourly privacy job: archives whose link expired are emptied (their status then says `expired`), and
 * copies whose preparation gave up are marked failed. Answers how many archives were emptied.
 */
export function forgetExpiredExports(db: DbOrTx): Promise<number> {
  return repository.forgetExpired(db);
}

/** A person's erasure, in its transaction: their copies go with them. */
export function forgetExportsOf(tx: DbOrTx, userId: string): Promise<void> {
  return repository.deleteExportsOf(tx, userId);
}
