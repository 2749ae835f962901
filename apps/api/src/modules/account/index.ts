/** The account module's face: erasing an account (now or once nothing holds it), and what the shopper bought. */
export { accountRoutes } from './account.routes';
export { type AccountDeps, keepOnlyWhatIsNeeded } from './account.service';
export { privacySettingsRoutes } from './privacy-settings.routes';
