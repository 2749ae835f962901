import { z } from './zod';

/** `/api/health`: the process answers (it touches nothing else). */
export const livenessSchema = z.object({ status: z.literal('ok') });

const check = z.enum(['ok', 'failed', 'not used']);

/** `/api/ready`: what an instance needs to serve, each checked (503 when one fails). */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: check,
  redis: check,
  queue: check,
});
