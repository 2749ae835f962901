import { z } from './zod';

/**
 * "Download my data" (issue 40): a copy of what the shop holds about a person, prepared in the background as
 * a ZIP archive (data.json, a CSV per table, a README) and e-mailed as a link that works for
 * DATA_EXPORT_LINK_HOURS. One copy per person per DATA_EXPORT_EVERY_MINUTES.
 */

/** How long the archive's link works once it is ready; the archive is emptied after. */
export const DATA_EXPORT_LINK_HOURS = 24;
/** A person may ask for one copy of their data in this many minutes (their own request or staff's). */
export const DATA_EXPORT_EVERY_MINUTES = 60;

/** The states a copy is stored in: being prepared, ready to download, or it could not be prepared. */
export const DATA_EXPORT_STATES = ['preparing', 'ready', 'failed'] as const;
/** What `GET /api/account/export/:id` answers: a stored state, or `expired` once the link ran out. */
export const DATA_EXPORT_VIEW_STATES = [...DATA_EXPORT_STATES, 'expired'] as const;
export type DataExportState = (typeof DATA_EXPORT_VIEW_STATES)[number];

/** `GET /api/account/export/:id` and the archive's link: the copy's id. */
export const dataExportIdParamsSchema = z.object({ id: z.uuid({ error: 'must be an export id' }) });

/** `POST /api/account/export` and staff `POST /api/users/:id/export`: 202 with the copy's id. */
export const dataExportStartedSchema = z.object({ id: z.string() });
export type DataExportStarted = z.infer<typeof dataExportStartedSchema>;

/**
 * `GET /api/account/export/:id`: the copy's state; once ready, the link to download it (`url`) and when the
 * link stops working (`expiresAt`).
 */
export const dataExportStatusSchema = z.object({
  state: z.enum(DATA_EXPORT_VIEW_STATES),
  url: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

/** The archive's link: the token the e-mail and the status carry (43 characters of base64url). */
export const dataExportArchiveQuerySchema = z.object({
  token: z
    .string({ error: "must be the link's token" })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: "must be the link's token" }),
});
