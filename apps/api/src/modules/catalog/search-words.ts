import type { DbOrTx } from '../../db/client';
import * as repository from './catalog.repository';
import { parseLexemes } from './lexemes';

/**
 * Typo correction for searches: a searched word the catalogue never uses is read as the catalogue's words
 * closest to it by edit distance, counting a swap of two neighbouring letters as one edit ('bleu' → 'blue',
 * 'smaba' → 'samba', 'jordn' → 'jordan', 'addidas' → 'adidas'). The words come from the `search_word`
 * vocabulary, kept in memory for a minute and dropped at once when this instance changes the catalogue.
 */

/** How long the vocabulary is kept before it is read again (another instance may have added words). */
const VOCABULARY_TTL_MS = 60_000;
/** A word of up to this many letters may be one edit away; a longer one two. */
const ONE_EDIT_MAX_LENGTH = 4;
/** Words shorter than this are never corrected (too many words are one edit from 'ab'). */
const MIN_CORRECTED_LENGTH = 3;
/** At most this many corrections of one word, all at the smallest distance found. */
const MAX_CORRECTIONS = 3;
/** A bound on the words kept stemmed or corrected: a flood of made-up words starts the memory over. */
const MAX_REMEMBERED_WORDS = 50_000;

interface Vocabulary {
  known: Set<string>;
  /** The words by length, so a word is compared only with those of a length it could be edited into. */
  byLength: Map<number, string[]>;
  loadedAt: number;
  generation: number;
  /** Corrections already found, by word (a search is often asked again). */
  corrected: Map<string, string[]>;
}

let generation = 0;
const vocabularies = new WeakMap<DbOrTx, Vocabulary>();

/** The catalogue's words changed (a product was added or edited): read them again on the next search. */
export function forgetVocabulary(): void {
  generation += 1;
}

async function vocabularyOf(db: DbOrTx): Promise<Vocabulary> {
  const cached = vocabularies.get(db);
  if (cached && cached.generation === generation && Date.now() - cached.loadedAt < VOCABULARY_TTL_MS) {
    return cached;
  }
  const words = await repository.findVocabulary(db);
  const byLength = new Map<number, string[]>();
  for (const word of words) {
    const list = byLength.get(word.length) ?? [];
    list.push(word);
    byLength.set(word.length, list);
  }
  const vocabulary = {
    known: new Set(words),
    byLength,
    loadedAt: Date.now(),
    generation,
    corrected: new Map(),
  };
  vocabularies.set(db, vocabulary);
  return vocabulary;
}

/**
 * The optimal string alignment distance between two words (insertions, deletions, substitutions and
 * swaps of neighbouring letters), or `limit + 1` as soon as it must be more than `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previous = before.map(() => 0);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((before[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (before[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (previous[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = before;
    before = current;
  }
  return before[b.length] ?? limit + 1;
}

/** The closest words of the vocabulary to a word it does not hold (none when nothing is close enough). */
function closestWords(word: string, vocabulary: Vocabulary): string[] {
  if (word.length < MIN_CORRECTED_LENGTH) return [];
  const limit = word.length <= ONE_EDIT_MAX_LENGTH ? 1 : 2;
  let best = limit + 1;
  let found: string[] = [];
  for (let length = word.length - limit; length <= word.length + limit; length += 1) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      const distance = editDistance(word, candidate, Math.min(limit, best));
      if (distance < best) {
        best = distance;
        found = [candidate];
      } else if (distance === best && distance <= limit) {
        found.push(candidate);
      }
    }
  }
  return found.sort().slice(0, MAX_CORRECTIONS);
}

/** For each searched word the catalogue never uses, the words it is read as too. */
export async function correctionsOf(db: DbOrTx, words: string[]): Promise<Map<string, string[]>> {
  const corrections = new Map<string, string[]>();
  if (words.length === 0) return corrections;
  const vocabulary = await vocabularyOf(db);
  for (const word of words) {
    if (vocabulary.known.has(word)) continue;
    let found = vocabulary.corrected.get(word);
    if (!found) {
      found = closestWords(word, vocabulary);
      if (vocabulary.corrected.size >= MAX_REMEMBERED_WORDS) vocabulary.corrected.clear();
      vocabulary.corrected.set(word, found);
    }
    corrections.set(word, found);
  }
  return corrections;
}

/** Words already stemmed (the same for every database: PostgreSQL's English configuration). */
const stemmed = new Map<string, string[]>();

/** Each word's full-text lexemes, as PostgreSQL stems them (none for a stop word such as 'the'). */
export async function lexemesOf(db: DbOrTx, words: string[]): Promise<Map<string, string[]>> {
  const missing = [...new Set(words.filter((word) => !stemmed.has(word)))];
  if (missing.length > 0) {
    const found = await repository.findLexemes(db, missing);
    if (stemmed.size + missing.length > MAX_REMEMBERED_WORDS) stemmed.clear();
    for (const word of missing) {
      stemmed.set(
        word,
        parseLexemes(found.get(word) ?? '').map((entry) => entry.lexeme),
      );
    }
  }
  return new Map(words.map((word) => [word, stemmed.get(word) ?? []]));
}
