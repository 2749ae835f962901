import { TAX_CATEGORIES } from './tax';
import { z } from './zod';

/** What a product or a shipping method is taxed as, on the wire (decision 34). */
export const taxCategorySchema = z.enum(TAX_CATEGORIES, {
  error: `must be one of ${TAX_CATEGORIES.join(', ')}`,
});
