/** The account module's face: deleting an account, and what the shopper bought. */
export { accountRoutes } from './account.routes';
export type { AccountDeps } from './account.service';
