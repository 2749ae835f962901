/** The staff module's face: the roles, their permissions, and the staff settings. */
export { staffRoutes } from './staff.routes';
export {
  creditGrantLimitCents,
  type Member,
  roleExists,
  type StaffDeps,
  type Standing,
  standing,
} from './staff.service';
