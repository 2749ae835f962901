import { z } from 'zod';

/** An environment variable set to '' counts as absent. */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
export const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
export const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
