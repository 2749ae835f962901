/** The team module's face: the staff list and the invitations that make someone staff. */

export { teamRoutes } from './team.routes';
export type { TeamDeps } from './team.service';
export { forgetInvitee } from './team.service';
