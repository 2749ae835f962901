import type { ErrorCode } from '@shop/contracts';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  STEP_UP_REQUIRED: 403,
  TWO_FACTOR_REQUIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_A_BUYER: 403,
  ACCOUNT_SUSPENDED: 403,
  EMAIL_IN_USE: 409,
  USERNAME_TAKEN: 409,
  USER_NOT_FOUND: 401,
  WRONG_PASSWORD: 401,
  INVALID_TOKEN: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  OUT_OF_STOCK: 409,
  /** One account already holds as many unpaid orders or units as it may. */
  TOO_MANY_PENDING: 409,
  /** A drop's product before its release time. */
  DROP_NOT_RELEASED: 409,
  /** A drawn drop's product, bought without a winning entry (or past its purchase window). */
  DROP_NOT_WON: 409,
  /** A first-come drop's product, bought without a valid admission from its waiting room. */
  DROP_ADMISSION_REQUIRED: 409,
  /** More pairs of a drop than one person may buy. */
  DROP_LIMIT_REACHED: 409,
  /** A draw's entry is not open (yet, or any more). */
  DROP_ENTRY_CLOSED: 409,
  /** One entry per person, per address and per phone number. */
  ALREADY_ENTERED: 409,
  /** A change of address while entered in an open draw (the entry keeps the address it was made from). */
  DROP_ENTRY_ADDRESS: 409,
  /** A proof of work that does not solve its challenge, is stale, or was used before. */
  PROOF_INVALID: 400,
  /** No promotion has this code. */
  PROMOTION_NOT_FOUND: 404,
  /** Paused or archived by staff. */
  PROMOTION_INACTIVE: 422,
  PROMOTION_NOT_STARTED: 422,
  PROMOTION_EXPIRED: 422,
  /** Every use of the code is taken (a race for the last one is lost). */
  PROMOTION_USED_UP: 409,
  /** The account used it as often as one customer may. */
  PROMOTION_ALREADY_USED: 409,
  PROMOTION_BELOW_MINIMUM: 422,
  /** Nothing in the cart is among the products, brands or categories it is for. */
  PROMOTION_NOT_ELIGIBLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  PAYMENT_FAILED: 502,
  PAYMENT_UNAVAILABLE: 503,
  /** The tax engine failed and the settings refuse to price from the rate table instead (decision 34). */
  TAX_UNAVAILABLE: 503,
  /** A sign-in method whose provider cannot be reached right now. */
  SIGN_IN_UNAVAILABLE: 503,
  /** The database cannot be reached for the moment (a restart, a failover): retry after Retry-After. */
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

/** A refusal with a code the client can act on. Services throw it; the error plugin answers it. */
export class AppError extends Error {
  readonly status: number;
  /** Seconds until a rate-limited request may be retried (sent as Retry-After). */
  retryAfter?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }

  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', `${what} not found`);
  }

  static invalid(field: string, reason: string): AppError {
    return new AppError('VALIDATION_ERROR', `${field} ${reason}`, { [field]: reason });
  }

  static rateLimited(message: string, retryAfter: number): AppError {
    const error = new AppError('RATE_LIMITED', message);
    error.retryAfter = retryAfter;
    return error;
  }
}
