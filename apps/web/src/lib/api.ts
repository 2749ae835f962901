import type { ErrorEnvelope } from '@shop/contracts';
import { askStepUp, STEP_UP_REQUIRED } from './step-up';

/** A failed API call, carrying the server's error envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

let serverFetch: Fetch | undefined;

/**
 * Where API calls go while the server renders a page (entry-server.tsx): to the API in the same process,
 * as the visitor the page is for. In the browser calls go to `fetch`.
 */
export function setServerFetch(fetchOnServer: Fetch): void {
  serverFetch = fetchOnServer;
}

/** `fetch` for the shop's API, in the browser and while the server renders a page. */
export const apiFetch: Fetch = (input, init) => (serverFetch ?? fetch)(input, init);

type Query = Record<string, string | number | undefined | null>;

export function toQueryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The error envelope of a refused response as an ApiError. */
export async function refusalOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  let envelope: Partial<ErrorEnvelope> | undefined;
  try {
    envelope = text ? (JSON.parse(text) as Partial<ErrorEnvelope>) : undefined;
  } catch {
    envelope = undefined;
  }
  return new ApiError(
    response.status,
    envelope?.error?.code ?? 'HTTP_ERROR',
    envelope?.error?.message ?? `The request failed (${response.status})`,
    envelope?.error?.fields,
  );
}

/**
 * `apiFetch`, and when the server asks for a step-up (403 STEP_UP_REQUIRED), the step-up dialog: once the
 * member has confirmed it is them, the request is sent again, once. A refusal otherwise answers as it came.
 */
export async function fetchWithStepUp(input: string, init: RequestInit): Promise<Response> {
  const response = await apiFetch(input, init);
  if (response.status !== 403) return response;
  const refusal = await refusalOf(response.clone());
  if (refusal.code !== STEP_UP_REQUIRED || !(await askStepUp())) return response;
  return apiFetch(input, init);
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetchWithStepUp(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      'We could not reach the shop. Check your connection and try again.',
    );
  }
  if (!response.ok) throw await refusalOf(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The shop's API under /api. Paths are given without the /api prefix, as the spec writes them. */
export const api = {
  get: <T>(path: string, query: Query = {}) => request<T>('GET', `${path}${toQueryString(query)}`),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};

/** The explanation to show in the red alert for a failed call (the server's message when there is one). */
export function errorText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
