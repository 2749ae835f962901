/** The jobs module's face: the durable queue other modules send work to. */
export { type Jobs, QUEUES, type QueueName, startJobs } from './jobs';
