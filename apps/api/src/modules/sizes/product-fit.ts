import {
  FIT_ADVICE_SHARE,
  FIT_ANSWERS,
  FIT_MIN_ANSWERS,
  type FitAnswer,
  type ProductFit,
  sizeKey,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client';

/**
 * What a model's page says of its fit comes from its buyers: their reviews' answers and their size
 * exchanges. The composition root hands these readers over from the reviews, returns and orders modules.
 */
export interface FitReaders {
  /** How many reviews gave each fit answer, per size their writers bought (null: not kept). */
  answers(db: DbOrTx, productId: string): Promise<{ fit: FitAnswer; size: string | null; answers: number }[]>;
  /** Pairs exchanged for another size, per size bought and size exchanged for. */
  exchanges(db: DbOrTx, productId: string): Promise<{ size: number; exchangeSize: number; units: number }[]>;
  /** Pairs sold in paid orders. */
  bought(db: DbOrTx, productId: string): Promise<number>;
}

/**
 * A model's exchange note needs at least this many pairs exchanged the same way: one exchange is one
 * buyer's foot, two the start of a pattern a shopper may weigh (and the figures beside it say how few).
 */
const EXCHANGE_NOTE_MIN = 2;

const ADVICE: Record<FitAnswer, string> = {
  small: 'Most buyers say it runs small: consider half a size up',
  true: 'Most buyers say it fits true to size',
  large: 'Most buyers say it runs large: consider half a size down',
};

type Counts = Record<FitAnswer, number>;
const none = (): Counts => ({ small: 0, true: 0, large: 0 });

/**
 * The answers' part of a model's fit: how many answered; the distribution, also by size bought, from
 * FIT_MIN_ANSWERS answers on; and advice once FIT_ADVICE_SHARE of them agree (decision 38).
 */
export function fitOfAnswers(
  rows: readonly { fit: FitAnswer; size: string | null; answers: number }[],
): Pick<ProductFit, 'small' | 'true' | 'large' | 'answers' | 'advice' | 'bySize'> {
  const totals = none();
  const bySize = new Map<string, Counts>();
  for (const row of rows) {
    totals[row.fit] += row.answers;
    if (row.size === null) continue;
    const counts = bySize.get(row.size) ?? none();
    counts[row.fit] += row.answers;
    bySize.set(row.size, counts);
  }
  const answers = totals.small + totals.true + totals.large;
  if (answers < FIT_MIN_ANSWERS)
    return { small: null, true: null, large: null, answers, advice: null, bySize: null };
  const agreed = FIT_ANSWERS.find((fit) => totals[fit] / answers >= FIT_ADVICE_SHARE);
  return {
    ...totals,
    answers,
    advice: agreed ? ADVICE[agreed] : null,
    bySize: [...bySize]
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([key, counts]) => ({ key, ...counts })),
  };
}

/** A step between sizes in words: 0.5 'half a size', 1 'a size', 1.5 '1.5 sizes'. */
function stepInWords(step: number): string {
  if (step === 0.5) return 'half a size';
  if (step === 1) return 'a size';
  return `${sizeKey(step)} sizes`;
}

/** The step most of these exchanges made (the smaller of two as common). */
function typicalStep(steps: Map<number, number>): number {
  let typical = 0;
  let most = 0;
  for (const [step, units] of steps) {
    if (units > most || (units === most && step < typical)) {
      typical = step;
      most = units;
    }
  }
  return typical;
}

/**
 * "1 in 4 buyers exchanged this model for half a size up": the way most exchanges went (none when as many
 * went each way), from EXCHANGE_NOTE_MIN pairs that way on, as a share of the pairs bought rounded to
 * "1 in N" ("Most buyers" when that is fewer than 1 in 2), and by the step most of them made.
 */
function exchangeNote(
  ways: { up: number; down: number; upSteps: Map<number, number>; downSteps: Map<number, number> },
  bought: number,
): string | null {
  if (ways.up === ways.down) return null;
  const [pairs, steps, way] =
    ways.up > ways.down ? [ways.up, ways.upSteps, 'up'] : [ways.down, ways.downSteps, 'down'];
  if (pairs < EXCHANGE_NOTE_MIN || bought <= 0) return null;
  const oneIn = Math.round(bought / pairs);
  const who = oneIn < 2 ? 'Most buyers' : `1 in ${oneIn} buyers`;
  return `${who} exchanged this model for ${stepInWords(typicalStep(steps))} ${way}`;
}

/** The exchanges' part of a model's fit: pairs exchanged up and down, of the pairs bought, and the note. */
export function fitOfExchanges(
  rows: readonly { size: number; exchangeSize: number; units: number }[],
  bought: number,
): Pick<ProductFit, 'exchangedUp' | 'exchangedDown' | 'bought' | 'exchangeNote'> {
  const ways = { up: 0, down: 0, upSteps: new Map<number, number>(), downSteps: new Map<number, number>() };
  for (const row of rows) {
    const step = row.exchangeSize - row.size;
    if (step === 0) continue;
    const steps = step > 0 ? ways.upSteps : ways.downSteps;
    steps.set(Math.abs(step), (steps.get(Math.abs(step)) ?? 0) + row.units);
    if (step > 0) ways.up += row.units;
    else ways.down += row.units;
  }
  return {
    exchangedUp: ways.up,
    exchangedDown: ways.down,
    bought,
    exchangeNote: exchangeNote(ways, bought),
  };
}

/** How a model fits, as its page shows it: its reviews' answers and its buyers' exchanges. */
export async function productFit(readers: FitReaders, db: DbOrTx, productId: string): Promise<ProductFit> {
  const [answers, exchanges, bought] = await Promise.all([
    readers.answers(db, productId),
    readers.exchanges(db, productId),
    readers.bought(db, productId),
  ]);
  return { ...fitOfAnswers(answers), ...fitOfExchanges(exchanges, bought) };
}
