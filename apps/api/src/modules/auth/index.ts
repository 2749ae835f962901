/** The auth module's face: Better Auth, sign-in's own routes, and the sessions other modules end. */
export { type Auth, createAuth } from './auth';
export { authRoutes } from './auth.routes';
export { endSessions, findSession, removeSignIns } from './auth.service';
export { securityRoutes } from './security.routes';
export type { SecurityDeps } from './security.service';
