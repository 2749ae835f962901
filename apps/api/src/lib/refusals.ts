import { errorEnvelopeSchema } from '@shop/contracts';

/** Route response schemas for the refusals a route can answer: each status carries the error envelope. */
export function refusals<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema])) as Record<
    Status,
    typeof errorEnvelopeSchema
  >;
}
