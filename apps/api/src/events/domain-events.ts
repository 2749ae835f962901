import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../db/client';
import { inTransaction } from '../db/transaction';
import type { Fact, FactOf, FactType } from './facts';

/** Runs in the publisher's transaction: what it writes commits, or rolls back, with the fact. */
type WithFact<T extends FactType> = (tx: DbOrTx, fact: FactOf<T>) => Promise<void>;
/** Runs once the fact has committed; may be lost in a crash, so only for what may be (caches, nudges). */
type AfterFact<T extends FactType> = (fact: FactOf<T>) => Promise<unknown>;

/** Publishes a fact inside the transaction that makes it true. */
export type Publish = (fact: Fact) => Promise<void>;

/**
 * The shop's domain events. A consequence that must survive a crash subscribes with `withFact` and writes
 * in the publisher's transaction (the audit row, or a durable job sent with `{ tx }`), so it happens exactly
 * once per fact; one that may be lost subscribes with `afterFact` and runs after the commit, its failure
 * logged, never the publisher's.
 */
export class DomainEvents {
  private readonly within = new Map<FactType, WithFact<FactType>[]>();
  private readonly after = new Map<FactType, AfterFact<FactType>[]>();
  private readonly afterAnyOf = new Map<FactType, (() => Promise<unknown>)[]>();

  constructor(private readonly log: FastifyBaseLogger) {}

  withFact<T extends FactType>(types: T | T[], handler: WithFact<T>): void {
    for (const type of [types].flat()) add(this.within, type, handler as unknown as WithFact<FactType>);
  }

  afterFact<T extends FactType>(types: T | T[], handler: AfterFact<T>): void {
    for (const type of [types].flat()) add(this.after, type, handler as unknown as AfterFact<FactType>);
  }

  /** Like `afterFact`, but once per commit however many of these facts it made true (a cache to clear). */
  afterAny(types: FactType[], handler: () => Promise<unknown>): void {
    for (const type of types) add(this.afterAnyOf, type, handler);
  }

  /**
   * Runs `work` in a transaction (retried like `inTransaction`) with a `publish` for its facts; once it has
   * committed, the after-commit subscribers hear of the facts of the attempt that committed.
   */
  async transaction<T>(db: Db, work: (tx: Tx, publish: Publish) => Promise<T>): Promise<T> {
    let facts: Fact[] = [];
    const result = await inTransaction(db, (tx) => {
      facts = [];
      return work(tx, async (fact) => {
        facts.push(fact);
        await this.runWithin(tx, fact);
      });
    });
    await this.committed(facts);
    return result;
  }

  /** Publishes a fact already committed (or made true outside a transaction). */
  async published(db: DbOrTx, fact: Fact): Promise<void> {
    await this.runWithin(db, fact);
    await this.committed([fact]);
  }

  private async runWithin(tx: DbOrTx, fact: Fact): Promise<void> {
    for (const handler of this.within.get(fact.type) ?? []) await handler(tx, fact);
  }

  private async committed(facts: Fact[]): Promise<void> {
    const once = new Set<() => Promise<unknown>>();
    for (const fact of facts) {
      for (const handler of this.after.get(fact.type) ?? [])
        await this.settle(fact.type, () => handler(fact));
      for (const handler of this.afterAnyOf.get(fact.type) ?? []) once.add(handler);
    }
    for (const handler of once) await this.settle(facts[0]?.type, handler);
  }

  /** A subscriber's failure is logged: the fact has committed, and the publisher's caller is not to blame. */
  private async settle(type: FactType | undefined, run: () => Promise<unknown>): Promise<void> {
    await run().catch((error: unknown) =>
      this.log.error({ err: error, fact: type }, 'a subscriber of a committed fact failed'),
    );
  }
}

function add<H>(map: Map<FactType, H[]>, type: FactType, handler: H): void {
  map.set(type, [...(map.get(type) ?? []), handler]);
}
