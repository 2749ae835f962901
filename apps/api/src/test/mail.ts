import type { FastifyInstance } from 'fastify';
import { type OutboxMessage, readOutbox } from '../modules/mail/mailer';

/** The outbox (newest first) once every e-mail queued so far has been delivered. */
export async function deliveredMail(app: FastifyInstance): Promise<OutboxMessage[]> {
  await app.jobs.settled();
  return readOutbox(app.config.mail.outboxDir);
}
