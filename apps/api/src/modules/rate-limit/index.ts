/** The rate-limit module's face: the rules, and the stores they count in. */

export {
  clear,
  consume,
  consumeForAccount,
  forgetRateLimitsOf,
  keyPart,
  pruneEnded,
  type RateLimitRule,
  refund,
} from './rate-limit.service';
export { databaseStore, type RateLimitStore, redisFirst, redisStore } from './rate-limit.store';
