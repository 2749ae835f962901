import { z } from './zod';

/** One of the signed-in person's sessions, as the account area's Sessions view lists it. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** The browser and system, from the user agent: "Chrome on macOS". */
  device: z.string(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  /** When the session was last refreshed (Better Auth refreshes it at most once a day). */
  lastSeenAt: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** `GET /api/account/sessions`: newest sign-in first. */
export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a session id' }) });
export const staffUserParamsSchema = z.object({ userId: z.uuid({ error: 'must be a user id' }) });

/** `DELETE /api/staff/:userId/sessions`: how many sessions ended. */
export const sessionsEndedSchema = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
