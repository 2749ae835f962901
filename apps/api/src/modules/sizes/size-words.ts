import { chartGenderOf, keyLabel, type ShopperSizeSystem } from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import * as catalog from '../catalog';
import type { SizeWords } from '../mail';
import * as users from '../users';
import { chartBook } from './chart-book';

/** Sizes as the shop always wrote them: the bare US key. */
export const keysAsTheyAre: SizeWords = (_productId, key) => key;

/**
 * The sizes of these products as a reader of `system` reads them, through each product's chart (its brand,
 * men's or women's by its genders; the charts are held in memory). A product gone from the catalogue, or
 * a key its chart lacks, keeps its key ('US 10').
 */
export async function sizeWordsIn(
  db: DbOrTx,
  system: ShopperSizeSystem,
  productIds: readonly string[],
): Promise<SizeWords> {
  if (system === 'US' || productIds.length === 0) return keysAsTheyAre;
  const [book, products] = await Promise.all([
    chartBook(db),
    catalog.getProducts(db, [...new Set(productIds)]),
  ]);
  const rowsOf = new Map(
    products.map((product) => [product._id, book.rows(product.brand, chartGenderOf(product.gender))]),
  );
  return (productId, key) => keyLabel(rowsOf.get(productId), key, system);
}

/** The sizes of these products as the user reads them (their profile's size system). */
export async function sizeWordsOf(
  db: DbOrTx,
  userId: string,
  productIds: readonly string[],
): Promise<SizeWords> {
  const reader = (await users.contactsOf(db, [userId])).get(userId);
  return sizeWordsIn(db, reader?.sizeSystem ?? 'US', productIds);
}

/**
 * For e-mails to many readers about these products (back-in-stock alerts, a draw's news): each reader's
 * words, made once per size system.
 */
export function sizeWordsPerSystem(
  db: DbOrTx,
  productIds: readonly string[],
): (system: ShopperSizeSystem) => Promise<SizeWords> {
  const made = new Map<ShopperSizeSystem, Promise<SizeWords>>();
  return (system) => {
    let words = made.get(system);
    if (!words) {
      words = sizeWordsIn(db, system, productIds);
      made.set(system, words);
    }
    return words;
  };
}
