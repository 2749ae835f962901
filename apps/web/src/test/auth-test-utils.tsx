import { QueryClient } from '@tanstack/react-query';
import type { createMemoryRouter, RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { SessionUser } from '../lib/session';
import { renderInRouter } from './render-routes';

/** Test helpers for pages that talk to the API and read the session: a fake API and a memory router. */

export interface Reply {
  status?: number;
  body?: unknown;
}

type Handler = Reply | ((body: unknown, url: URL) => Reply | Promise<Reply>);

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Replaces fetch with a fake API: `routes` maps 'METHOD /api/path' to a reply (or a function giving one).
 * Anything else answers 404 in the shop's error envelope. Returns the calls made, in order.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' && init.body ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: `${url.pathname}${url.search}`, body });
    const handler = routes[`${method} ${url.pathname}`];
    const reply: Reply = handler
      ? typeof handler === 'function'
        ? await handler(body, url)
        : handler
      : apiError(404, 'NOT_FOUND', `No route for ${method} ${url.pathname}`);
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** A failure in the shop's envelope. */
export function apiError(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): Reply {
  return { status, body: { error: fields ? { code, message, fields } : { code, message } } };
}

export const testUser: SessionUser = {
  uid: 'u1',
  username: 'sam_runner',
  email: 'sam@example.com',
  emailVerified: true,
  role: 'user',
};

/** What GET /api/auth/get-session answers for this user (null for a guest). */
export function sessionReply(user: SessionUser | null): Reply {
  if (!user) return { body: null };
  return {
    body: {
      session: { id: 's1', userId: user.uid },
      user: {
        id: user.uid,
        email: user.email,
        emailVerified: user.emailVerified,
        username: user.username,
        displayUsername: user.username,
        role: user.role,
      },
    },
  };
}

/**
 * Renders routes in a memory router with a fresh QueryClient. `session` seeds the ['session'] query
 * (undefined leaves it to the fake API, so it stays loading while that never answers).
 */
export function renderRoutes(routes: RouteObject[], path: string, session?: SessionUser | null) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (session !== undefined) client.setQueryData(['session'], session);
  return renderInRouter(routes, path, client);
}

/** The current location of a memory router as path + search. */
export function here(router: ReturnType<typeof createMemoryRouter>): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
