import { z } from './zod';

/** `/api/health`: the process answers (it touches nothing else). */
export const livenessSchema = z.object({ status: z.literal('ok') });

const check = z.enum(['ok', 'failed', 'not used']);

/**
 * `/api/ready`: each dependency checked. `unavailable` (503) when the database or the job queue fails, which
 * the instance cannot serve without; `degraded` (200) when only Redis fails, which it serves without.
 */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: check,
  redis: check,
  queue: check,
});
