import { lazy, Suspense, useId } from 'react';
import type { SignInGate } from './use-sign-in-gate';

const SignInPrompt = lazy(() => import('../../components/sign-in-prompt'));

/**
 * The popover asking to log in or to verify the e-mail, by the button that opened it (loaded on first use):
 * a sign-in gate's, or the back-in-stock alerts'.
 */
export function GatePrompt({
  gate,
  guestText,
}: {
  gate: Pick<SignInGate, 'prompt' | 'promptTarget' | 'hidePrompt'>;
  guestText: string;
}) {
  const id = useId();
  if (!gate.prompt) return null;
  return (
    <Suspense fallback={null}>
      <SignInPrompt
        id={id}
        kind={gate.prompt}
        guestText={guestText}
        target={gate.promptTarget}
        show
        onHide={gate.hidePrompt}
      />
    </Suspense>
  );
}
