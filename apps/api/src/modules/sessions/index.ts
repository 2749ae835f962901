/**
 * The sessions module's face: a person's sessions (listed, ended), staff ending a member's, the sign-ins
 * from a new device told to the account, and the session reads and endings other modules need.
 */
export { sessionsRoutes } from './sessions.routes';
export {
  deleteSessionByToken,
  endSessions,
  endSessionsAndDevices,
  findSession,
  forgetExpiredSessions,
  latestSignIns,
  markSteppedUp,
  noticeSignIn,
  type SessionDeps,
} from './sessions.service';
