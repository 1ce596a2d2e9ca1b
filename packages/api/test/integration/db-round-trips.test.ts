/**
 * The database helpers of the game money path (ADR 0034): a transaction that takes an advisory lock
 * with its BEGIN, and named prepared statements on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client.js';
import { lockKey, transactionUnderLock } from '../../src/db/locked-transaction.js';
import { backends, openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)('transactionUnderLock on %s', (backend) => {
  let test: TestDatabase;
  const db = (): Db => test.database.db;

  beforeAll(async () => {
    test = await openTestDatabase(backend);
    await db().execute(sql`create table lock_probe (id serial primary key, tag text not null)`);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('commits what fn wrote and answers its result; a nested transaction is a savepoint', async () => {
    const answer = await transactionUnderLock(db(), { namespace: 7, name: 'commit' }, async (tx) => {
      await tx.execute(sql`insert into lock_probe (tag) values ('kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into lock_probe (tag) values ('undone')`);
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
      return 'done';
    });
    expect(answer).toBe('done');
    const rows = await queryRows<{ tag: string }>(db(), sql`select tag from lock_probe where tag in ('kept', 'undone')`);
    expect(rows.map((row) => row.tag)).toEqual(['kept']);
  });

  it('rolls back everything when fn throws, and the connection serves the next query', async () => {
    await expect(
      transactionUnderLock(db(), { namespace: 7, name: 'rollback' }, async (tx) => {
        await tx.execute(sql`insert into lock_probe (tag) values ('rolled back')`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from lock_probe where tag = 'rolled back'`);
    expect(row!.n).toBe(0);
    // A statement error aborts the transaction; the rollback still returns a usable connection.
    await expect(transactionUnderLock(db(), { namespace: 7, name: 'error' }, (tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow();
    const [after] = await queryRows<{ one: number }>(db(), sql`select 1 as one`);
    expect(after!.one).toBe(1);
  });

  it('runs transactions of one lock name one at a time, and of two names side by side', async () => {
    const order: string[] = [];
    const hold = (name: string, tag: string, ms: number) =>
      transactionUnderLock(db(), { namespace: 9, name }, async (tx) => {
        order.push(`${tag} in`);
        await tx.execute(sql`select 1`);
        await sleep(ms);
        order.push(`${tag} out`);
      });
    // PGlite runs one transaction at a time anyway; the lock is what orders PostgreSQL's.
    await Promise.all([hold('same', 'first', 150), sleep(20).then(() => hold('same', 'second', 0))]);
    expect(order).toEqual(['first in', 'first out', 'second in', 'second out']);
    if (backend === 'postgres') {
      order.length = 0;
      await Promise.all([hold('one', 'a', 150), sleep(20).then(() => hold('other', 'b', 0))]);
      expect(order).toEqual(['a in', 'b in', 'b out', 'a out']);
    }
  });

  it('names its lock by two 32-bit integers and refuses a namespace out of range', () => {
    const [first, second] = lockKey({ namespace: 12, name: '3:tx-1' });
    expect(first).toBe(12);
    expect(Number.isInteger(second) && second >= -(2 ** 31) && second < 2 ** 31).toBe(true);
    expect(lockKey({ namespace: 12, name: '3:tx-1' })).toEqual([first, second]);
    expect(lockKey({ namespace: 12, name: '3:tx-2' })[1]).not.toBe(second);
    expect(() => lockKey({ namespace: 2 ** 31, name: 'x' })).toThrow();
    expect(() => lockKey({ namespace: 1.5, name: 'x' })).toThrow();
  });
});

describe.runIf(TEST_DATABASE_URL)('prepared statements on postgres', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    // One connection, so the statements listed are the ones this test's queries prepared.
    test = await openTestDatabase('postgres', 'memory://', 1);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('prepares a parametrised query once per connection and runs it again by name; a query without values stays unnamed', async () => {
    const db = test.database.db;
    const probe = (n: number) => queryRows<{ doubled: number }>(db, sql`select ${n}::int * 2 as doubled`);
    expect((await probe(2))[0]!.doubled).toBe(4);
    expect((await probe(21))[0]!.doubled).toBe(42);
    await db.execute(sql.raw('select 7 as unnamed_probe'));
    const prepared = await queryRows<{ name: string; statement: string }>(db, sql`select name, statement from pg_prepared_statements where ${1} = 1`);
    const doubling = prepared.filter((row) => row.statement.includes('* 2 as doubled'));
    expect(doubling).toHaveLength(1);
    expect(doubling[0]!.name).toMatch(/^wl_/);
    expect(prepared.some((row) => row.statement.includes('unnamed_probe'))).toBe(false);
  });
});

describe.runIf(TEST_DATABASE_URL)('a connection the server ends in the middle of a transaction', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await test?.close();
  });

  it('fails that transaction, not the process, and the pool goes on serving', async () => {
    const db = test.database.db;
    const outcome = await db
      .transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const [{ pid }] = (await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
        // Another connection of the pool ends this one, as a PostgreSQL restart ends them all.
        await db.execute(sql`select pg_terminate_backend(${pid})`);
        // The server's FATAL arrives while no statement of this transaction runs (an uncaught
        // 'error' event of the connection, before the pool listened on checked-out connections).
        await sleep(300);
        await tx.execute(sql`select 1`);
        return 'committed';
      })
      .catch((error: Error) => `failed: ${error.message}`);
    expect(outcome).toMatch(/^failed: /);
    expect(await queryRows<{ one: number }>(db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});
