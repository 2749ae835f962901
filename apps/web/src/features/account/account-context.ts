import type { UserDashboard } from '@shop/contracts';
import { useOutletContext } from 'react-router';
import type { SessionUser } from '../../lib/session';

/** What the account frame hands to each section: the signed-in user and their stored profile. */
export interface AccountContext {
  user: SessionUser;
  dashboard: UserDashboard;
}

export function useAccount(): AccountContext {
  return useOutletContext<AccountContext>();
}
