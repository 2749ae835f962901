/**
 * Step-up (decision 36): what moves money or data asks the member to confirm it is them in the last five
 * minutes, and the API answers 403 STEP_UP_REQUIRED until they have. The API client (api.ts) then asks
 * here: the one step-up dialog (components/step-up-dialog.tsx), mounted in the page frame, shows, and
 * the answer says whether the member confirmed (so the request is sent again, once) or gave up.
 */

type Listener = () => void;

let pending: { resolve: (confirmed: boolean) => void; promise: Promise<boolean> } | null = null;
const listeners = new Set<Listener>();
let dialogMounted = 0;

function notify(): void {
  for (const listener of listeners) listener();
}

/** Whether the dialog is asking now (for the dialog's useSyncExternalStore). */
export function stepUpAsked(): boolean {
  return pending !== null;
}

export function onStepUpAsked(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The dialog says it is on the page (and gone again): without it nobody could answer, so nothing is asked. */
export function stepUpDialogMounted(): () => void {
  dialogMounted += 1;
  return () => {
    dialogMounted -= 1;
  };
}

/**
 * Opens the step-up dialog (or joins the question already open) and answers true once the member has
 * confirmed, false when they closed it; false at once where no dialog is mounted (a test, the server).
 */
export function askStepUp(): Promise<boolean> {
  if (dialogMounted === 0) return Promise.resolve(false);
  if (pending) return pending.promise;
  let resolve: (confirmed: boolean) => void = () => {};
  const promise = new Promise<boolean>((done) => {
    resolve = done;
  });
  pending = { resolve, promise };
  notify();
  return promise;
}

/** The dialog's answer: closes it and tells whoever asked. */
export function answerStepUp(confirmed: boolean): void {
  const current = pending;
  pending = null;
  current?.resolve(confirmed);
  notify();
}

/** The error code of a refusal that the step-up dialog can lift. */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';
