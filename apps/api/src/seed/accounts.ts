import type { Config, SeedAccount } from '../config';
import type { Auth } from '../modules/auth';

/**
 * Creates the admin and the verified demo user when their e-mail is not registered yet.
 * Idempotent: an existing account is left as it is (its password included).
 */
export async function seedAccounts(auth: Auth, accounts: Config['accounts']): Promise<string[]> {
  const context = await auth.$context;
  const wanted: [SeedAccount, 'admin' | 'user'][] = [
    [accounts.admin, 'admin'],
    [accounts.demo, 'user'],
  ];
  const created: string[] = [];
  for (const [account, role] of wanted) {
    const email = account.email.toLowerCase();
    if (await context.internalAdapter.findUserByEmail(email)) continue;
    const user = await context.internalAdapter.createUser(
      {
        email,
        name: account.username,
        emailVerified: true,
        username: account.username,
        displayUsername: account.username,
        role,
      },
      { method: 'admin' },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await context.password.hash(account.password),
    });
    created.push(email);
  }
  return created;
}
