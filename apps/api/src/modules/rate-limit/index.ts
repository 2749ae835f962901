/** The rate-limit module's face: the rules, and the store they count in. */
export * from './rate-limit.service';
export type { RateLimitStore } from './rate-limit.store';
