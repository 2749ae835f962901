import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../test/test-app';
import { DomainEvents } from './domain-events';
import type { Fact } from './facts';

let testDatabase: TestDatabase;
let database: Database;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.config, log);
  await database.db.execute(sql`CREATE TABLE heard (fact text NOT NULL)`);
});

afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

const paid = (orderId: string): Fact => ({ type: 'order.paid', orderId });

async function heard(): Promise<string[]> {
  const result = await database.db.execute(sql`SELECT fact FROM heard ORDER BY fact`);
  return (result as unknown as { rows: { fact: string }[] }).rows.map((row) => row.fact);
}

describe('domain events', () => {
  it('writes what a subscriber in the transaction writes, or nothing when the transaction rolls back', async () => {
    const events = new DomainEvents(log);
    const after: string[] = [];
    events.withFact('order.paid', async (tx, fact) => {
      await tx.execute(sql`INSERT INTO heard VALUES (${`within:${fact.orderId}`})`);
    });
    events.afterFact('order.paid', async (fact) => after.push(fact.orderId));

    await events.transaction(database.db, (_tx, publish) => publish(paid('kept')));
    await expect(
      events.transaction(database.db, async (_tx, publish) => {
        await publish(paid('rolled-back'));
        throw new Error('the change fails after its fact');
      }),
    ).rejects.toThrow('the change fails after its fact');

    expect(await heard()).toEqual(['within:kept']);
    expect(after).toEqual(['kept']);
  });

  it('tells the after-commit subscribers only the facts of the attempt that committed', async () => {
    const events = new DomainEvents(log);
    const after: string[] = [];
    events.afterFact('order.paid', async (fact) => after.push(fact.orderId));
    let attempt = 0;
    await events.transaction(database.db, async (_tx, publish) => {
      attempt += 1;
      await publish(paid(`attempt-${attempt}`));
      // PostgreSQL's serialization failure: inTransaction runs the work again.
      if (attempt === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    expect(after).toEqual(['attempt-2']);
  });

  it("logs an after-commit subscriber's failure instead of failing the change", async () => {
    const events = new DomainEvents(log);
    const after: string[] = [];
    events.afterFact('order.paid', async () => {
      throw new Error('the mail server is away');
    });
    events.afterFact('order.paid', async (fact) => after.push(fact.orderId));
    await expect(
      events.transaction(database.db, (_tx, publish) => publish(paid('despite'))),
    ).resolves.toBeUndefined();
    expect(after).toEqual(['despite']);
  });

  it('runs an afterAny subscriber once per commit, however many of its facts the commit made true', async () => {
    const events = new DomainEvents(log);
    let cleared = 0;
    events.afterAny(['order.paid', 'units.reserved'], async () => {
      cleared += 1;
    });
    await events.transaction(database.db, async (_tx, publish) => {
      await publish(paid('one'));
      await publish(paid('two'));
      await publish({ type: 'units.reserved', lines: [{ productId: 'p', size: 9 }] });
    });
    expect(cleared).toBe(1);
    await events.published(database.db, {
      type: 'user.updated',
      userId: 'u',
      actorId: null,
      before: null,
      after: null,
    });
    expect(cleared).toBe(1);
  });
});
