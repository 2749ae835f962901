import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import { fromThisMachine } from '../../lib/this-machine';
import { can, currentUser } from '../../plugins/session';
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
  /** A marketing e-mail's own headers (List-Unsubscribe, List-Unsubscribe-Post); none on service e-mail. */
  headers: z.record(z.string(), z.string()).optional(),
});

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
          'Mail written to the outbox (embedded mode without SMTP_URL): all of it for staff with users.read or a guest on the machine itself, your own for a signed-in user',
        response: { 200: z.object({ messages: z.array(outboxMessageSchema) }), ...refusals(401) },
      },
    },
    async (request) => {
      const messages = await readOutbox(app.config.mail.outboxDir);
      const viewer = await currentUser(request);
      if (can(viewer, 'users.read')) return { messages };
      if (viewer) return { messages: messages.filter((message) => message.to === viewer.email) };
      if (fromThisMachine(request, app.config.trustProxy)) return { messages };
      throw new AppError(
        'UNAUTHORIZED',
        'Log in to read your e-mails here; the whole outbox is for the admin or the machine running the shop',
      );
    },
  );
};
