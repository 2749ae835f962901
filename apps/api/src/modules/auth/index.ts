/** The auth module's face: Better Auth, sign-in's own routes, and the sign-ins an account's deletion removes. */
export { type Auth, createAuth } from './auth';
export { authRoutes } from './auth.routes';
export { forgetExpiredSignIns, removeSignIns } from './auth.service';
export { securityRoutes } from './security.routes';
export { hasSecondFactor, type SecurityDeps } from './security.service';
