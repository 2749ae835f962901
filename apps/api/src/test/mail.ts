import type { FastifyInstance } from 'fastify';
import { type OutboxMessage, readOutbox } from '../modules/mail/mailer';

/**
 * The outbox (newest first) once every e-mail queued so far has been delivered: within 30 s, as a burst of
 * sign-ups on a busy two-core machine can keep the mail queue going past the default 10 s.
 */
export async function deliveredMail(app: FastifyInstance): Promise<OutboxMessage[]> {
  await app.jobs.settled(30_000);
  return readOutbox(app.config.mail.outboxDir);
}
