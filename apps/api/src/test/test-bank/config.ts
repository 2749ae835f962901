import { z } from 'zod';
import { optionalString } from '../../lib/env-schema';

export interface TestBankSettings {
  /** Signs the bank's webhooks (HMAC-SHA256 of the body). */
  secret: string;
}

/** TEST_BANK_SECRET: without it the bank is not configured. */
export const testBankConfig = z
  .object({ TEST_BANK_SECRET: optionalString })
  .transform((e): TestBankSettings | null => (e.TEST_BANK_SECRET ? { secret: e.TEST_BANK_SECRET } : null));
