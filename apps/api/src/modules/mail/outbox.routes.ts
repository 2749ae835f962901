import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

/** Only without SMTP: the messages the shop would have sent, for the development outbox page. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Mail written to the outbox (embedded mode only, when SMTP_URL is not set)',
        response: { 200: z.object({ messages: z.array(outboxMessageSchema) }) },
      },
    },
    async () => ({ messages: await readOutbox(app.config.mail.outboxDir) }),
  );
};
