import { limitQuerySchema, pageQuerySchema } from './paging';
import { z } from './zod';

/** What staff actions the Activity view lists. */
export const AUDIT_KINDS = [
  'product.create',
  'product.update',
  'product.archive',
  'product.restore',
  'user.update',
  'user.suspend',
  'user.reactivate',
  'user.promote',
  'user.demote',
  'user.role',
  'user.delete',
  'user.erase-hold',
  'user.export',
  'order.cancel',
  'order.refund',
  'return.approve',
  'return.reject',
  'return.receive',
  'return.refund',
  'order.ship',
  'order.deliver',
  'review.delete',
  'shipping.create',
  'shipping.update',
  'shipping.delete',
  'shipping.archive',
  'drop.create',
  'drop.update',
  'drop.draw',
  'drop.export',
  'promotion.create',
  'promotion.update',
  'promotion.export',
  'credit.grant',
  'tax.settings',
  'tax.rate-create',
  'tax.rate-update',
  'tax.rate-delete',
  'tax.register',
  'tax.unregister',
  'tax.threshold-update',
  'staff.role-create',
  'staff.role-update',
  'staff.role-delete',
  'staff.settings',
  'staff.sessions-end',
  'staff.invite',
  'staff.invitation-accept',
  'security.enrol',
  'security.remove',
  'security.recovery-code',
  'security.codes-regenerate',
  'security.lock',
  'security.step-up',
  'security.step-up-refused',
  'security.factors-reset',
  'size-chart.update',
  'privacy.settings',
  'recovery.settings',
] as const;
export const auditKindSchema = z.enum(AUDIT_KINDS, { error: 'is not a known kind of activity' });
export type AuditKind = z.infer<typeof auditKindSchema>;

/** `GET /api/admin/activity`: newest first, optionally one staff member's or one kind's, one page. */
export const activityQuerySchema = z.object({
  actor: z.uuid({ error: 'must be a user id' }).optional(),
  kind: auditKindSchema.optional(),
  page: pageQuerySchema,
  limit: limitQuerySchema(50),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** The relevant fields of the subject before and after the action (null when it did not exist). */
const snapshotSchema = z.record(z.string(), z.unknown()).nullable();

export const activityEventSchema = z.object({
  _id: z.string(),
  kind: auditKindSchema,
  actor: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
  subject: z.object({ type: z.string(), id: z.string() }),
  before: snapshotSchema,
  after: snapshotSchema,
  date: z.string(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const activityListSchema = z.object({ events: z.array(activityEventSchema) });
export type ActivityList = z.infer<typeof activityListSchema>;
