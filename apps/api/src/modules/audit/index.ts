/** The audit trail's face: it subscribes to the facts staff cause, and lists them. */
export { auditRoutes } from './audit.routes';
export type { ContactsOf } from './audit.service';
export { subscribeAudit } from './audit.subscriber';
