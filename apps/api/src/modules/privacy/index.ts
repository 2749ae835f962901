/**
 * The privacy module's face: the personal-data map's copies of a person's data ("Download my data"): its
 * routes, the job that prepares a copy, the hourly clean-up of expired archives, and a person's erasure.
 */
export { dataExportRoutes } from './export.routes';
export {
  type ExportJob,
  forgetExpiredExports,
  forgetExportsOf,
  type PrivacyDeps,
  prepareExport,
} from './export.service';
