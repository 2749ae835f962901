import { emailSchema } from './auth';
import { roleNameSchema } from './staff';
import { SHOPPER_ROLE } from './staff-rules';
import { z } from './zod';

/** How long an invitation's link works. */
export const INVITATION_HOURS = 72;

/** A member of staff, as the Team tab lists them. */
export const staffMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  /** Whether they sign in with a second factor (TOTP or a passkey). */
  twoFactor: z.boolean(),
  /** Their latest session's start, or null when they have no session left. */
  lastSignInAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** `GET /api/staff`: every account whose role is not a shopper's, by username. */
export const staffListSchema = z.object({ members: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

/** `POST /api/staff/invitations`. */
export const invitationBodySchema = z.object({
  email: emailSchema,
  /** A staff role that exists (built in or the owner's): 400 otherwise. */
  role: roleNameSchema.refine((role) => role !== SHOPPER_ROLE, { error: 'is not a staff role' }),
});
export type InvitationBody = z.infer<typeof invitationBodySchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'is not an invitation link' }),
});

/** `GET /api/invitations/:token`: what the landing page shows, and whether it can still be used. */
export const invitationViewSchema = z.object({
  email: z.string(),
  role: z.string(),
  expiresAt: z.string(),
  state: z.enum(['open', 'accepted', 'expired']),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** `POST /api/invitations/:token/accept`: the role now held. */
export const invitationAcceptedSchema = z.object({ role: z.string() });
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;
