import { type MouseEvent, useRef, useState } from 'react';
import type { SignInPromptKind } from '../../components/sign-in-prompt';
import { useSession } from '../../lib/session';

/**
 * For the drop panel's buttons that need an account: `allow` lets a signed-in shopper (a verified one when
 * asked) through, and asks a guest to log in or an unverified shopper to verify the e-mail otherwise.
 */
export function useSignInGate() {
  const { user } = useSession();
  const [prompt, setPrompt] = useState<SignInPromptKind | null>(null);
  const promptTarget = useRef<HTMLButtonElement | null>(null);

  const allow = (event: MouseEvent<HTMLButtonElement>, verified: boolean): boolean => {
    promptTarget.current = event.currentTarget;
    if (!user) {
      setPrompt((shown) => (shown ? null : 'guest'));
      return false;
    }
    if (verified && !user.emailVerified) {
      setPrompt((shown) => (shown ? null : 'unverified'));
      return false;
    }
    return true;
  };

  return { user, allow, prompt, promptTarget, hidePrompt: () => setPrompt(null) };
}

export type SignInGate = ReturnType<typeof useSignInGate>;
