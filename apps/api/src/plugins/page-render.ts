import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CART_LINES_COOKIE,
  type PageHints,
  type RenderOutcome,
  type RenderPage,
  type VisitorFetch,
} from '@shop/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactSecrets } from '../lib/redact';

/** The web app's server render (apps/web/src/entry-server.tsx), as built into apps/web/dist-server. */
interface PageRenderer {
  renderPage: RenderPage;
}

/** A phone's browser that sends no client hint still names itself one in its user agent. */
const PHONE_USER_AGENT = /Mobi|iPhone|iPod|Android.+Mobile/;

/** The cart's line count in the request's cookies; the most a hint may claim (the visitor writes it). */
const CART_LINES = new RegExp(`(?:^|;\\s*)${CART_LINES_COOKIE}=(\\d{1,4})(?:;|$)`);
const CART_LINES_MAX = 1000;

/**
 * What the request tells of the visitor, to fit the page's first render (decision 20). The screen: a
 * phone's Chromium says `Sec-CH-UA-Mobile: ?1` on every request, other browsers say "Mobi" (or name the
 * phone) in the user agent. The cart's size: the cart, kept in the browser's storage, writes it to a
 * cookie. A hint only shapes the first render; the page works at any width and with any cart either way.
 */
export function pageHints(headers: FastifyRequest['headers']): PageHints {
  const hint = headers['sec-ch-ua-mobile'];
  const phone = hint === undefined ? PHONE_USER_AGENT.test(headers['user-agent'] ?? '') : hint === '?1';
  const cartLines = CART_LINES.exec(headers.cookie ?? '')?.[1];
  return {
    screen: phone ? 'narrow' : 'wide',
    cartLines: Math.min(Number(cartLines ?? 0), CART_LINES_MAX),
  };
}

/** A page that takes longer than this to render goes out as the plain shell; the browser renders it. */
const RENDER_TIMEOUT_MS = 3000;

const ROOT_ELEMENT = '<div id="root"></div>';

/** Headers of the visitor's request that the page's API calls carry along. */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const;

export type PageResponder = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * Answers page requests with the page rendered on the server and the data it shows, so the browser paints
 * it before its scripts arrive (decision 16). The page's API calls go through `app.inject` as the visitor:
 * same routes, same rules, same cookies, no network. Without a server build (apps/web/dist-server), or
 * when a render fails or is slow, the page goes out as the shell index.html and the browser renders it,
 * as before.
 */
export async function createPageResponder(app: FastifyInstance, webDist: string): Promise<PageResponder> {
  const shell = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const sendShell = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(shell);
  const rendererFile = path.join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(rendererFile) || !shell.includes(ROOT_ELEMENT)) {
    app.log.info('pages are rendered in the browser (no server build of the web app)');
    return async (_request, reply) => sendShell(reply);
  }
  const renderer = (await import(pathToFileURL(rendererFile).href)) as PageRenderer;
  // A page's canonical, Open Graph and JSON-LD URLs name the shop's address (SITE_URL), never the Host.
  const origin = new URL(app.config.siteUrl).origin;

  return async (request, reply) => {
    if (request.method !== 'GET') return sendShell(reply);
    const setCookies: string[] = [];
    const fetchAsVisitor: VisitorFetch = async (input, init) => {
      if (init?.method && init.method !== 'GET') throw new Error('A page render only reads');
      const headers: Record<string, string> = { accept: 'application/json' };
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const response = await app.inject({ method: 'GET', url: input, headers, remoteAddress: request.ip });
      const answer = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (value === undefined) continue;
        if (name === 'set-cookie') setCookies.push(...(Array.isArray(value) ? value : [String(value)]));
        else answer.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const bodiless = response.statusCode === 204 || response.statusCode === 304;
      return new Response(bodiless ? null : response.rawPayload, {
        status: response.statusCode,
        headers: answer,
      });
    };

    let outcome: RenderOutcome;
    let timer: NodeJS.Timeout | undefined;
    try {
      outcome = await Promise.race([
        renderer.renderPage(request.url, fetchAsVisitor, { ...pageHints(request.headers), origin }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('The page render timed out')), RENDER_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      request.log.warn(
        { err: error, url: redactSecrets(request.url) },
        'page render failed; sending the shell',
      );
      return sendShell(reply);
    } finally {
      clearTimeout(timer);
    }

    if (outcome.kind === 'shell') {
      if (!outcome.head) return sendShell(reply);
      const html = shell.replace('</head>', () => `${outcome.head}</head>`);
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    if (outcome.kind === 'page' && outcome.unloaded.length > 0) {
      request.log.warn(
        { url: redactSecrets(request.url), queries: outcome.unloaded },
        'page rendered without data its routes do not load; the browser fetches it',
      );
    }
    if (setCookies.length > 0) reply.header('Set-Cookie', setCookies);
    reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Sec-CH-UA-Mobile, User-Agent, Cookie');
    if (outcome.kind === 'redirect') return reply.redirect(outcome.location, outcome.status);
    const head = outcome.head.includes('<title>') ? shell.replace(/<title>[^<]*<\/title>/, '') : shell;
    const html = head
      .replace('</head>', () => `${outcome.head}</head>`)
      .replace(
        ROOT_ELEMENT,
        () =>
          `<div id="root">${outcome.body}</div><script type="application/json" id="rendered-state">${outcome.state}</script>`,
      );
    return reply.status(outcome.status).type('text/html; charset=utf-8').send(html);
  };
}
