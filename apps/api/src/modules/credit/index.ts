/** The store credit module's face: an account's balance, its spends at checkout and what comes back as credit. */

export { creditRoutes } from './credit.routes';
export {
  balanceCentsOf,
  balanceOf,
  type CreditDeps,
  giveBackAsCredit,
  onOrderCancelled,
  spendCredit,
} from './credit.service';
