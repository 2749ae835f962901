import type { GoogleSignInStatus } from '@shop/contracts';
import { type GenericOAuthConfig, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from './auth';

export interface GoogleSignIn {
  /** 'off' when not configured; 'unavailable' while the provider's discovery document cannot be read. */
  status(): GoogleSignInStatus;
  stop(): void;
}

type PluginContext = Parameters<NonNullable<ReturnType<typeof genericOAuth>['init']>>[0];

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 5 * 60_000;
/** How long one attempt may take before it counts as failed. */
const ATTEMPT_TIMEOUT_MS = 10_000;

const timeout = (ms: number) => new Promise<null>((resolve) => setTimeout(resolve, ms, null).unref());

/**
 * Google sign-in needs the provider's OpenID discovery document (endpoints, signing keys, issuer). Better
 * Auth's generic OAuth plugin reads it once, when the plugin starts, and leaves the provider out for good
 * when that fails. Here the same plugin builds the provider: at start, then, while the document cannot be
 * read, again after 1 s, 2 s, 4 s ... (at most every 5 minutes). Once built, the provider is added to Better
 * Auth's list, and sign-in with Google works from the next request on.
 */
export async function startGoogleSignIn(
  auth: Auth,
  provider: GenericOAuthConfig | null,
  log: FastifyBaseLogger,
): Promise<GoogleSignIn> {
  if (!provider) return { status: () => 'off', stop: () => {} };
  const { providerId } = provider;
  const plugin = genericOAuth({ config: [provider] });
  const context = await auth.$context;
  const installed = () => context.socialProviders.some((candidate) => candidate.id === providerId);

  async function attempt(): Promise<boolean> {
    // The context is Better Auth's own; its type is only narrower (the shop's options) than the plugin's.
    const init = plugin.init?.(context as unknown as PluginContext);
    const result = await Promise.race([Promise.resolve(init), timeout(ATTEMPT_TIMEOUT_MS)]).catch(() => null);
    const built = result?.context?.socialProviders?.find((candidate) => candidate?.id === providerId);
    if (!built) return false;
    if (!installed()) context.socialProviders.push(built as (typeof context.socialProviders)[number]);
    return true;
  }

  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const retryAfter = (delay: number) => {
    log.warn(
      `Google sign-in is unavailable (its discovery document could not be read); retrying in ${delay / 1000} s`,
    );
    timer = setTimeout(async () => {
      if (stopped) return;
      if (await attempt()) log.info('Google sign-in is available again');
      else if (!stopped) retryAfter(Math.min(delay * 2, MAX_RETRY_MS));
    }, delay);
    timer.unref();
  };
  if (!(await attempt())) retryAfter(FIRST_RETRY_MS);

  return {
    status: () => (installed() ? 'available' : 'unavailable'),
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
