import type { Config } from '../../config';
import type { Db } from '../client';

export interface SeedSummary {
  products: number;
  created: number;
}

/** Placeholder until the catalogue generator lands; creates nothing. */
export async function seedDatabase(_db: Db, _config: Config): Promise<SeedSummary> {
  return { products: 0, created: 0 };
}
