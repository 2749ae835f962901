import { lazy, Suspense, useId } from 'react';
import type { SignInGate } from './use-sign-in-gate';

const SignInPrompt = lazy(() => import('../../components/sign-in-prompt'));

/** The gate's popover, by the button that opened it (loaded on first use). */
export function GatePrompt({ gate, guestText }: { gate: SignInGate; guestText: string }) {
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
