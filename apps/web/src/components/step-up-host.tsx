import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useOpenedOnce } from '../lib/opened-once';
import { onStepUpAsked, stepUpAsked, stepUpDialogMounted } from '../lib/step-up';

const StepUpDialog = lazy(() =>
  import('./step-up-dialog').then((module) => ({ default: module.StepUpDialog })),
);

/**
 * The one step-up dialog of the page frame: shows when the API client asks for a step-up (lib/step-up.ts).
 * Its code (and react-bootstrap's Modal) comes when it is first asked for, not with the page.
 */
export function StepUpHost() {
  const asked = useSyncExternalStore(onStepUpAsked, stepUpAsked, () => false);
  useEffect(() => stepUpDialogMounted(), []);
  const opened = useOpenedOnce(asked);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog show={asked} />
    </Suspense>
  );
}
