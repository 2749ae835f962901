/**
 * The checkout recovery module's face (issue 40): a signed-in shopper who left at the payment page is
 * reminded, at most twice and only on a basis for marketing; the link brings the cart back.
 */
export { recoveryRoutes } from './recovery.routes';
export {
  eraseRecoveriesOf,
  forgetOldRecoveries,
  onCheckoutStarted,
  onOrderPaid,
  type RecoveryDeps,
  type RecoveryJob,
  recoverySettingsOf,
  remind,
} from './recovery.service';
