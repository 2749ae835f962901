import { vi } from 'vitest';

/** Test helpers shared by the pages' tests: a scripted API behind a stubbed fetch, a stubbed location. */

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}
export type ApiAnswer = { status?: number; body?: unknown } | undefined;
export type ApiHandler = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;

/** Stubs fetch: every call is recorded and answered by the handler (404 envelope when it answers nothing). */
export function mockApi(handler: ApiHandler) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    const call: ApiCall = { method, path: url.pathname, search: url.searchParams, body };
    calls.push(call);
    const answer = await handler(call);
    if (!answer) {
      return new Response(
        JSON.stringify({ error: { code: 'NOT_FOUND', message: `No mock for ${method} ${url.pathname}` } }),
        { status: 404 },
      );
    }
    const status = answer.status ?? 200;
    // 204 and 205 answers carry no body at all.
    const text =
      answer.body === undefined || status === 204 || status === 205 ? null : JSON.stringify(answer.body);
    return new Response(text, { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Replaces window.location with a copy whose assign() is a mock. Undo with vi.unstubAllGlobals(). */
export function mockLocationAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

export const errorBody = (code: string, message: string, fields?: Record<string, string>) => ({
  error: fields ? { code, message, fields } : { code, message },
});
