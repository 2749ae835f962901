/**
 * A first-come drop's admission (its waiting room's token), kept per product in localStorage until it
 * expires, so the checkout can send it as `admission` when the cart holds that product.
 */

const KEY = 'drop-admissions';

interface Admission {
  token: string;
  expiresAt: string;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const isLive = (admission: Admission, now: number) => Date.parse(admission.expiresAt) > now;

/** The stored admissions that have not expired, by product id. */
function readAll(now = Date.now()): Record<string, Admission> {
  let raw: unknown;
  try {
    raw = JSON.parse(storage()?.getItem(KEY) ?? '{}');
  } catch {
    raw = {};
  }
  const live: Record<string, Admission> = {};
  if (!raw || typeof raw !== 'object') return live;
  for (const [productId, value] of Object.entries(raw as Record<string, Partial<Admission>>)) {
    if (typeof value?.token !== 'string' || typeof value.expiresAt !== 'string') continue;
    const admission = { token: value.token, expiresAt: value.expiresAt };
    if (isLive(admission, now)) live[productId] = admission;
  }
  return live;
}

/** Keeps the token for the product until `expiresAt` (expired ones are dropped on the way). */
export function saveAdmission(productId: string, token: string, expiresAt: string): void {
  const all = { ...readAll(), [productId]: { token, expiresAt } };
  try {
    storage()?.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage blocked: the admission works on this page only through the waiting room again.
  }
}

/** The product's unexpired admission token, if any. */
export function readAdmission(productId: string): string | undefined {
  return readAll()[productId]?.token;
}

/** The admission to send with a checkout of these lines: the first of their products that has one. */
export function admissionFor(lines: readonly { id: string }[]): string | undefined {
  for (const line of lines) {
    const token = readAdmission(line.id);
    if (token) return token;
  }
  return undefined;
}
