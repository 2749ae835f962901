import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html';
import { refusals } from '../../lib/refusals';
import { setMarketing, type UnsubscribeDeps, unsubscriberOf } from './marketing';

const tokenQuerySchema = z.object({
  token: z
    .string({ error: 'is required' })
    .max(200, { error: 'is not an unsubscribe link' })
    .regex(/^[\w-]+\.[\w-]+$/, { error: 'is not an unsubscribe link' }),
});

/** `a***@example.com`: enough for the person to know it is theirs, not enough to tell anyone else. */
const masked = (email: string) => {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
};

const STYLE = `body{margin:0;background:#f5f5f3;color:#222;font:16px/1.5 Helvetica,Arial,sans-serif}
main{max-width:32rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:8px}
h1{font-size:1.5rem;margin:0 0 1rem}p{margin:0 0 1rem}
button{font:inherit;font-weight:600;color:#fff;background:#111;border:0;border-radius:999px;padding:.6rem 1.4rem;cursor:pointer}
button:focus-visible{outline:3px solid #0b5ed7;outline-offset:2px}a{color:#0b57d0}`;

/** A small page of its own (no script), under a policy that lets its one form post back here. */
function page(reply: FastifyReply, title: string, body: string) {
  const nonce = randomBytes(16).toString('base64');
  return (
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      // Its form posts back here: the browser names the shop as the post's Origin (the shop-wide no-referrer
      // would send 'null', which the origin check refuses).
      .header('referrer-policy', 'same-origin')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
      )
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Sneaker Shop</title><style nonce="${nonce}">${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
      )
  );
}

const UNSUBSCRIBED = 'You are unsubscribed';
const unsubscribedText = (email: string) =>
  `<p>${escapeHtml(masked(email))} gets no more price drops or offers from the shop. E-mails about your orders, returns and the alerts you asked for still come.</p><p>Changed your mind? Tick the box again in <a href="/account/profile">your profile</a>.</p>`;

/**
 * One-click unsubscribe (RFC 8058, issue 40): the link every marketing e-mail carries in its
 * `List-Unsubscribe` header. A POST to it unsubscribes at once, with no sign-in and no page to confirm (a
 * mail client sends `List-Unsubscribe=One-Click` as a form); a GET shows a page whose button does the same.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ deps: UnsubscribeDeps }> = async (app, { deps }) => {
  // Mail clients send the one-click body as a form; nothing else of the shop takes forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    '/api/unsubscribe',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "An e-mail's unsubscribe link opened in a browser: a page that names the address and unsubscribes it with one button (the link's POST)",
        querystring: tokenQuerySchema,
        response: { ...refusals(400) },
      },
    },
    async (request, reply) => {
      const person = await unsubscriberOf(deps, request.query.token);
      if (person.marketingState !== 'subscribed')
        return page(reply, UNSUBSCRIBED, unsubscribedText(person.email));
      return page(
        reply,
        'Unsubscribe from price drops and offers?',
        `<p>The shop e-mails its price drops and offers to ${escapeHtml(masked(person.email))}. Unsubscribe to stop them; e-mails about your orders still come.</p><form method="post" action="/api/unsubscribe?token=${escapeHtml(request.query.token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );

  app.post(
    '/api/unsubscribe',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "One-click unsubscribe (RFC 8058): the person the signed token names gets no more marketing e-mail, at once (no sign-in). A browser's form gets a page, anyone else { state: 'unsubscribed' }",
        querystring: tokenQuerySchema,
        response: { 200: z.object({ state: z.literal('unsubscribed') }), ...refusals(400) },
      },
    },
    async (request, reply) => {
      const person = await unsubscriberOf(deps, request.query.token);
      await setMarketing(deps.db, person.id, 'unsubscribed', 'unsubscribe');
      if (request.headers.accept?.includes('text/html'))
        return page(reply, UNSUBSCRIBED, unsubscribedText(person.email));
      return { state: 'unsubscribed' as const };
    },
  );
};
