/**
 * Fixtures of the banking tests (ADR 0015): players with a full name and a live session, the site's
 * banks and receiving accounts, credits straight through the ledger, operators and their calls,
 * and the ledger invariant checked per account (balance and held equal the sums of their entries).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { queryRows, type Db } from '../../src/db/client.js';
import { banks, players, receivingAccounts } from '../../src/db/schema.js';
import { postToLedger } from '../../src/ledger/index.js';
import { createOperator } from '../../src/banking/operators.js';
import { DEMO_PASSWORD } from '../../src/demo/index.js';
import { postJson } from './helpers.js';
import { credentials, minor, newPlayer, post, type TestSession } from './rewards-fixtures.js';

export const BANKING = {
  summary: '/api/banking/summary',
  banks: '/api/banking/banks',
  accounts: '/api/banking/accounts',
  accountAdd: '/api/banking/accounts/add',
  accountDefault: '/api/banking/accounts/set_default',
  accountRemove: '/api/banking/accounts/remove',
  methods: '/api/banking/deposit_methods',
  receiptUpload: '/api/banking/receipt_upload',
  receipt: '/api/banking/receipt',
  deposit: '/api/banking/deposit',
  depositCancel: '/api/banking/deposit/cancel',
  deposits: '/api/banking/deposits',
  withdrawal: '/api/banking/withdrawal',
  withdrawalCancel: '/api/banking/withdrawal/cancel',
  withdrawals: '/api/banking/withdrawals',
  statement: '/api/banking/statement',
  betHistory: '/api/banking/bet_history',
} as const;

export const FULL_NAME = 'Juan Dela Cruz';

/** A new active player of a demo site with a full name (bank accounts must be in it) and a live session. */
export async function bankingPlayer(db: Db, externalId: string, fullName = FULL_NAME): Promise<TestSession> {
  const player = await newPlayer(db, externalId);
  await db.update(players).set({ fullName }).where(eq(players.id, player.playerId));
  return player;
}

export async function credit(db: Db, player: TestSession, amount: string, key: string): Promise<void> {
  const posted = await postToLedger(db, { siteId: player.siteId, playerId: player.playerId, account: 'balance', amount, counter: 'adjustments', type: 'adjustment', idempotencyKey: key });
  expect(posted.ok).toBe(true);
}

export async function firstBank(db: Db, siteId: number): Promise<number> {
  const [row] = await db.select({ id: banks.id }).from(banks).where(eq(banks.siteId, siteId)).orderBy(asc(banks.sort)).limit(1);
  return row!.id;
}

/** The first bank-transfer method of the site and its first receiving account. */
export async function receivingOf(db: Db, siteId: number): Promise<{ method_id: number; receiving_account_id: number }> {
  const [row] = await db
    .select({ method_id: receivingAccounts.methodId, receiving_account_id: receivingAccounts.id })
    .from(receivingAccounts)
    .where(eq(receivingAccounts.siteId, siteId))
    .orderBy(asc(receivingAccounts.methodId), asc(receivingAccounts.id))
    .limit(1);
  return row!;
}

/** The session and the player's proof that bank-account changes need (ADR 0022): the demo players' password. */
export function proven(player: TestSession): { account_id: string; auth: string; password: string } {
  return { ...credentials(player), password: DEMO_PASSWORD };
}

/** Adds a bank account through the call and answers its id. */
export async function addAccount(app: FastifyInstance, db: Db, player: TestSession, accountNumber = '0012345678', fullName = FULL_NAME): Promise<number> {
  const { body } = await post(app, BANKING.accountAdd, { ...proven(player), bank_id: await firstBank(db, player.siteId), account_name: fullName, account_number: accountNumber });
  expect(body.statusCode, JSON.stringify(body)).toBe(1);
  const value = body.value as { bank_account_id: number; account_number: string }[];
  return value.find((account) => account.account_number === accountNumber)!.bank_account_id;
}

/** Asks for a deposit through the call and answers its id. */
export async function requestDeposit(app: FastifyInstance, db: Db, player: TestSession, amount: string, extra: Record<string, unknown> = {}): Promise<number> {
  const { body } = await post(app, BANKING.deposit, { ...credentials(player), ...(await receivingOf(db, player.siteId)), amount, transfer_reference: 'FT0001', ...extra });
  expect(body.statusCode, JSON.stringify(body)).toBe(1);
  return (body.value as { deposit_id: number }).deposit_id;
}

/** Creates an operator (optionally scoped to a site) and answers its key. */
export async function operatorKey(db: Db, name: string, siteId: number | null = null): Promise<string> {
  const created = await createOperator(db, { name, siteId, createdBy: 'test' });
  if (!created.ok) throw new Error(created.message);
  return created.key;
}

export async function opsCall(app: FastifyInstance, path: string, key: string | null, payload: unknown) {
  const { response, body } = await postJson(app, path, payload, { headers: key === null ? {} : { authorization: `Bearer ${key}` } });
  return { status: response.statusCode, body };
}

/** Every account of the player's wallet equals the sum of its entries, none below zero. */
export async function expectWalletMatchesLedger(db: Db, playerId: number): Promise<void> {
  const [row] = await queryRows<{ balance: string; held: string; tokens: string; sum_balance: string; sum_held: string; sum_tokens: string }>(
    db,
    sql`select coalesce(w.balance, 0)::text as balance, coalesce(w.held, 0)::text as held, coalesce(w.tokens, 0)::text as tokens,
          (select coalesce(sum(amount), 0) from ledger_entries where player_id = ${playerId} and account = 'balance')::text as sum_balance,
          (select coalesce(sum(amount), 0) from ledger_entries where player_id = ${playerId} and account = 'held')::text as sum_held,
          (select coalesce(sum(amount), 0) from ledger_entries where player_id = ${playerId} and account = 'tokens')::text as sum_tokens
        from (select 1) one left join wallets w on w.player_id = ${playerId}`,
  );
  expect(minor(row!.balance)).toBe(minor(row!.sum_balance));
  expect(minor(row!.held)).toBe(minor(row!.sum_held));
  expect(minor(row!.tokens)).toBe(minor(row!.sum_tokens));
  expect(minor(row!.balance)).toBeGreaterThanOrEqual(0n);
  expect(minor(row!.held)).toBeGreaterThanOrEqual(0n);
}

/** The same over every wallet of the database: balance, held, tokens and frozen tokens. */
export async function expectAllWalletsMatchLedger(db: Db): Promise<void> {
  const mismatched = await queryRows<{ player_id: number }>(
    db,
    sql`select w.player_id from wallets w
        left join (
          select player_id,
            coalesce(sum(amount) filter (where account = 'balance'), 0) as balance,
            coalesce(sum(amount) filter (where account = 'tokens'), 0) as tokens,
            coalesce(sum(amount) filter (where account = 'frozen_tokens'), 0) as frozen_tokens,
            coalesce(sum(amount) filter (where account = 'held'), 0) as held
          from ledger_entries group by player_id
        ) l on l.player_id = w.player_id
        where w.balance <> coalesce(l.balance, 0) or w.tokens <> coalesce(l.tokens, 0) or w.frozen_tokens <> coalesce(l.frozen_tokens, 0)
           or w.held <> coalesce(l.held, 0) or w.balance < 0 or w.held < 0`,
  );
  expect(mismatched).toEqual([]);
}

/** The player's pending payment rows of a kind. */
export async function paymentStatus(db: Db, id: number): Promise<string> {
  const [row] = await queryRows<{ status: string }>(db, sql`select status from payments where id = ${id}`);
  return row!.status;
}

