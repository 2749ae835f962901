import { MAX_PAGE } from './constants';
import { z } from './zod';

/** `?page=` of a paged list: 1-based, 1 when absent, at most MAX_PAGE. */
export const pageQuerySchema = z.coerce
  .number({ error: 'must be a page number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' })
  .max(MAX_PAGE, { error: `must be at most ${MAX_PAGE}` })
  .default(1);

/** `?limit=` of a paged list: how many rows a page holds, 1 to 100, `pageSize` when absent. */
export const limitQuerySchema = (pageSize: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(100, { error: 'must be at most 100' })
    .default(pageSize);
