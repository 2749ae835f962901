/** The staff module's face: the roles, their permissions, and the staff settings. */
export { staffRoutes } from './staff.routes';
export {
  creditGrantLimitCents,
  permissionsOfRole,
  roleExists,
  type StaffDeps,
} from './staff.service';
