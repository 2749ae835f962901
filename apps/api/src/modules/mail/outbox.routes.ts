import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import { currentUser } from '../auth/session';
import { readOutbox } from './mailer';

const outboxMessageSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
});

const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/**
 * A person at the machine that runs the shop: the connection comes from loopback, straight (no proxy
 * header), and names a loopback host (so a page of another site cannot reach it by DNS rebinding).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const { headers, socket } = request.raw;
  return (
    LOOPBACK_ADDRESS.test(socket.remoteAddress ?? '') &&
    headers['x-forwarded-for'] === undefined &&
    headers.forwarded === undefined &&
    LOOPBACK_HOST.test(headers.host ?? '')
  );
}

/**
 * Only without SMTP: the messages the shop would have sent, for the development outbox page. Reset and
 * verification links are keys to accounts, so (docs/decisions/0006): an admin reads every message, a
 * signed-in user only the messages addressed to them, a guest only from the machine itself.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary:
          'Mail written to the outbox (embedded mode without SMTP_URL): all of it for an admin or a guest on the machine itself, your own for a signed-in user',
        response: { 200: z.object({ messages: z.array(outboxMessageSchema) }), ...refusals(401) },
      },
    },
    async (request) => {
      const messages = await readOutbox(app.config.mail.outboxDir);
      const viewer = await currentUser(request);
      if (viewer?.role === 'admin') return { messages };
      if (viewer) return { messages: messages.filter((message) => message.to === viewer.email) };
      if (fromThisMachine(request)) return { messages };
      throw new AppError(
        'UNAUTHORIZED',
        'Log in to read your e-mails here; the whole outbox is for the admin or the machine running the shop',
      );
    },
  );
};
