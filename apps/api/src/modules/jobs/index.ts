/** The jobs module's face: the durable queue other modules send work to. */
export type { Jobs, QueueName } from './jobs';
