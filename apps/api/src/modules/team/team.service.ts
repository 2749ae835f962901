import { createHash, randomBytes } from 'node:crypto';
import {
  INVITATION_HOURS,
  type Invitation,
  type InvitationBody,
  type InvitationView,
  type StaffMember,
} from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import * as auth from '../auth';
import type { Mailer } from '../mail';
import * as sessions from '../sessions';
import * as staff from '../staff';
import * as users from '../users';
import * as repository from './team.repository';
import { invitationEmail } from './team-emails';

/**
 * The team: who is staff (every account whose role is not a shopper's) and the invitations that make
 * someone staff. An invitation's link carries a random token (only its hash is kept), works once, for
 * INVITATION_HOURS, and only for an account with the invited e-mail address.
 */
export interface TeamDeps {
  db: Db;
  events: DomainEvents;
  mailer: Mailer;
  siteUrl: string;
}

/** `GET /api/staff`. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await users.listStaff(db);
  const signIns = await sessions.latestSignIns(
    db,
    rows.map((row) => row.id),
  );
  const factors = await Promise.all(rows.map((row) => auth.hasSecondFactor(db, row.id)));
  return rows.map((row, index) => ({
    id: row.id,
    username: row.displayUsername ?? row.username,
    email: row.email,
    role: row.role,
    twoFactor: factors[index] === true,
    lastSignInAt: signIns.get(row.id)?.toISOString() ?? null,
  }));
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** `POST /api/staff/invitations`: written, audited and e-mailed in one transaction. */
export async function invite(deps: TeamDeps, actor: CurrentUser, body: InvitationBody): Promise<Invitation> {
  const email = body.email.toLowerCase();
  const existing = await users.findUserByEmail(deps.db, email);
  if (existing && existing.role !== 'user') {
    throw new AppError('CONFLICT', `${email} is already a member of staff`, { email: 'is already staff' });
  }
  if (!(await staff.roleExists(deps.db, body.role)))
    throw new AppError('VALIDATION_ERROR', `${body.role} is not a role`, {
      role: 'is not a staff role',
    });
  const token = randomBytes(32).toString('base64url');
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const row = await repository.insertInvitation(tx, {
      tokenHash: hashOf(token),
      email,
      role: body.role,
      invitedBy: actor.id,
      hours: INVITATION_HOURS,
    });
    await publish({
      type: 'invitation.sent',
      invitationId: row.id,
      actorId: actor.id,
      before: null,
      after: { email, role: body.role },
    });
    const message = invitationEmail(
      email,
      { role: body.role, invitedBy: actor.username, hours: INVITATION_HOURS },
      `${deps.siteUrl}/invitation/${token}`,
    );
    await deps.mailer.send(message, { queue: 'mail', key: `invitation:${row.id}`, tx });
    return { id: row.id, email, role: row.role, expiresAt: row.expiresAt.toISOString() };
  });
}

/** `GET /api/invitations/:token`: what the landing page shows. */
export async function viewInvitation(db: Db, token: string): Promise<InvitationView> {
  const row = await repository.findInvitation(db, hashOf(token));
  if (!row) throw AppError.notFound('Invitation');
  return {
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
    state: row.acceptedAt ? 'accepted' : row.expired ? 'expired' : 'open',
  };
}

/**
 * `POST /api/invitations/:token/accept`: the signed-in account with the invited e-mail takes the role, once.
 * The invitation is locked while it is used, so two acceptances at once give the role once.
 */
export async function accept(deps: TeamDeps, user: CurrentUser, token: string): Promise<{ role: string }> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const row = await repository.findInvitation(tx, hashOf(token), true);
    if (!row) throw AppError.notFound('Invitation');
    if (row.acceptedAt) throw new AppError('CONFLICT', 'This invitation was already used');
    if (row.expired) throw new AppError('INVALID_TOKEN', 'This invitation has expired: ask for a new one');
    if (row.email !== user.email.toLowerCase()) {
      throw new AppError('FORBIDDEN', `This invitation is for ${row.email}: sign in with that address`);
    }
    const before = await users.findUser(tx, user.id);
    // The staff lock keeps the role from being deleted while it is given.
    await users.lockStaff(tx);
    if (!(await staff.roleExists(tx, row.role)))
      throw new AppError('CONFLICT', `The role ${row.role} no longer exists: ask for a new invitation`);
    await users.giveStaffRole(tx, user.id, row.role);
    await repository.markAccepted(tx, row.id, user.id);
    await publish({
      type: 'invitation.accepted',
      userId: user.id,
      actorId: user.id,
      before: { role: before?.role ?? 'user' },
      after: { role: row.role, invitationId: row.id },
    });
    return { role: row.role };
  });
}

/** On a person's erasure, the invitations sent to their address or accepted by them go. */
export function forgetInvitee(db: DbOrTx, userId: string, email: string): Promise<void> {
  return repository.forgetInvitee(db, userId, email);
}
