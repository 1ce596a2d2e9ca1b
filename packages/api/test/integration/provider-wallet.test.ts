/**
 * The seamless wallet of game providers: POST /api/providers/:code/wallet/{balance,debit,credit,
 * rollback}, signed with X-Timestamp and X-Signature over time, action and body (ADR 0020).
 * Signatures, their age, tokens and the provider of the URL are checked;
 * stakes, wins and rollbacks move money through the ledger once per provider transaction id, a
 * balance never goes below zero and always equals the sum of its entries, also under concurrency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  PROVIDER_WALLET_ACTIONS,
  WALLET_REQUESTS,
  MINOR_PER_UNIT,
  betHistoryReply,
  fromMinorUnits,
  walletErrorReply,
  walletOkReply,
  type WalletErrorCode,
} from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { playerVip, players, providerTransactions } from '../../src/db/schema.js';
import { postToLedger, readBalances } from '../../src/ledger/index.js';
import type { OpenApiDocument } from '../../src/docs/openapi-types.js';
import { backends, createTestServer, jsonOf, type TestServer } from './helpers.js';
import { credentials, expectReply, minor, newPlayer, post, siteRow, type TestSession } from './rewards-fixtures.js';
import {
  SECRETS,
  callback,
  entriesOf,
  expectLedgerConsistent,
  gameOf,
  launchGame,
  nowSeconds,
  sign,
  signedHeaders,
  testGameProviders,
} from './games-fixtures.js';

describe.each(backends)('provider wallet on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    // The concurrency tests need real parallel connections on PostgreSQL.
    server = await createTestServer({ backend, poolSize: 24, services: { gameProviders: testGameProviders() } });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  interface Table {
    player: TestSession;
    token: string;
    gameCode: string;
  }

  /** A new player of a site with `funds` on the balance, and a PG game session of theirs. */
  async function table(funds: string, externalId = 'casino1', providerCode = 'PG'): Promise<Table> {
    const player = await newPlayer(db, externalId);
    if (minor(funds) > 0n) {
      await postToLedger(db, { counter: 'adjustments', siteId: player.siteId, playerId: player.playerId, account: 'balance', amount: funds, type: 'adjustment', idempotencyKey: `test:funds:${player.playerId}` });
    }
    const game = await gameOf(db, player.siteId, providerCode);
    const { token } = await launchGame(server.app, player, providerCode, game.gameCode);
    return { player, token, gameCode: game.gameCode };
  }

  async function balanceOf(playerId: number): Promise<string> {
    return (await readBalances(db, playerId)).balance;
  }

  function expectOk(reply: { status: number; body: Record<string, unknown> }, balance: string, currency?: string): void {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const parsed = walletOkReply.parse(reply.body);
    expect(parsed.balance).toBe(balance);
    if (currency) expect(parsed.currency).toBe(currency);
  }

  function expectError(reply: { status: number; body: Record<string, unknown> }, code: WalletErrorCode, status: number): void {
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(code);
    expect(walletErrorReply.safeParse(reply.body).success, JSON.stringify(reply.body)).toBe(true);
    expect(reply.status).toBe(status);
  }

  async function transactionsOf(playerId: number) {
    return db.select().from(providerTransactions).where(eq(providerTransactions.playerId, playerId)).orderBy(providerTransactions.id);
  }

  /** A raw POST to a wallet path with the given headers (the fixtures' callback signs for its own path). */
  async function rawCallback(path: string, raw: string, headers: Record<string, string>) {
    const response = await server.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', ...headers }, payload: raw });
    return { status: response.statusCode, body: jsonOf(response) as Record<string, unknown> };
  }

  describe('authentication', () => {
    it('refuses a missing or wrong signature before reading the body, and accepts upper-case hex', async () => {
      const { token, player } = await table('100');
      const body = JSON.stringify({ type: 'balance', token });
      const balancePath = '/api/providers/PG/wallet/balance';
      expectError(await callback(server.app, 'balance', body, { secret: null }), 'INVALID_SIGNATURE', 401);
      expectError(await callback(server.app, 'balance', body, { secret: SECRETS.JILI }), 'INVALID_SIGNATURE', 401);
      // The signature of another body (a debit signed, then its amount changed).
      const debitPath = '/api/providers/PG/wallet/debit';
      const signed = JSON.stringify({ type: 'debit', token, transaction_id: 'sig-1', amount: '1' });
      expectError(await rawCallback(debitPath, signed.replace('"1"', '"99"'), signedHeaders(SECRETS.PG, debitPath, signed)), 'INVALID_SIGNATURE', 401);
      // The old scheme (the HMAC of the body alone), and a signature without its timestamp.
      expectError(await rawCallback(balancePath, body, { [PROVIDER_TIMESTAMP_HEADER]: nowSeconds(), [PROVIDER_SIGNATURE_HEADER]: sign(SECRETS.PG, body) }), 'INVALID_SIGNATURE', 401);
      const { [PROVIDER_TIMESTAMP_HEADER]: _timestamp, ...withoutTimestamp } = signedHeaders(SECRETS.PG, balancePath, body);
      expectError(await rawCallback(balancePath, body, withoutTimestamp), 'INVALID_SIGNATURE', 401);
      for (const timestamp of ['', '12.5', '-1', '1e9', 'now']) {
        expectError(await rawCallback(balancePath, body, signedHeaders(SECRETS.PG, balancePath, body, timestamp)), 'INVALID_SIGNATURE', 401);
      }
      // Malformed signatures: too short, not hex, too long.
      const good = signedHeaders(SECRETS.PG, balancePath, body)[PROVIDER_SIGNATURE_HEADER]!;
      for (const signature of ['abc', 'z'.repeat(64), `${good}00`]) {
        const reply = await rawCallback(balancePath, body, { ...signedHeaders(SECRETS.PG, balancePath, body), [PROVIDER_SIGNATURE_HEADER]: signature });
        expect(reply.status, signature).toBe(401);
      }
      const headers = signedHeaders(SECRETS.PG, balancePath, body);
      const upper = await rawCallback(balancePath, body, { ...headers, [PROVIDER_SIGNATURE_HEADER]: headers[PROVIDER_SIGNATURE_HEADER]!.toUpperCase() });
      expect(upper.status).toBe(200);
      expect(await transactionsOf(player.playerId)).toHaveLength(0);
    });

    it('answers UNKNOWN_PROVIDER for a provider without an integration, and the URL code in any case', async () => {
      const { token } = await table('10');
      expectError(await callback(server.app, 'balance', { token }, { provider: 'JDB', secret: SECRETS.PG }), 'UNKNOWN_PROVIDER', 404);
      expectOk(await callback(server.app, 'balance', { token }, { provider: 'pg' }), '10.0000');
    });

    it('answers INVALID_TOKEN for an unknown token and for a session of another provider', async () => {
      const { token } = await table('10');
      expectError(await callback(server.app, 'balance', { token: 'A'.repeat(43) }), 'INVALID_TOKEN', 401);
      expectError(await callback(server.app, 'debit', { token: 'nope', transaction_id: 'bad-token-1', amount: '1' }), 'INVALID_TOKEN', 401);
      // JILI signs correctly but the token is a PG session's.
      expectError(await callback(server.app, 'debit', { token, transaction_id: 'wrong-provider-1', amount: '1' }, { provider: 'JILI' }), 'INVALID_TOKEN', 401);
      expectError(await callback(server.app, 'balance', { token }, { provider: 'JILI' }), 'INVALID_TOKEN', 401);
    });

    it('never answers a 5xx or a non-protocol reply to a malformed body', async () => {
      const { token, player } = await table('50');
      const bodies: unknown[] = [
        'not json',
        '',
        'null',
        '[]',
        '"text"',
        '{"token":',
        { token: 123 },
        {},
        { token, transaction_id: 'm-1', amount: 5 },
        { token, transaction_id: 'm-2', amount: '-5' },
        { token, transaction_id: 'm-3', amount: '1.23456' },
        { token, transaction_id: 'm-4', amount: '1e3' },
        { token, transaction_id: 'm-5', amount: '12345678901234567' },
        { token, transaction_id: '', amount: '1' },
        { token, transaction_id: 'has space', amount: '1' },
        { token, transaction_id: 'x'.repeat(129), amount: '1' },
        { token, transaction_id: 'm-6', amount: '1', extra: true },
        { token, transaction_id: 'm-7', round_id: 7, amount: '1' },
        { token: 'x'.repeat(300), transaction_id: 'm-8', amount: '1' },
        `{"token":"${token}","transaction_id":"m-9","amount":"1","__proto__":{"amount":"2"}}`,
        JSON.stringify({ token, transaction_id: 'm-10', amount: '1', pad: 'x'.repeat(70 * 1024) }),
      ];
      for (const action of ['debit', 'credit', 'rollback']) {
        for (const body of bodies) {
          const reply = await callback(server.app, action, body);
          expect(reply.status, `${action} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
          expect(reply.status).not.toBe(200);
          expectError(reply, 'VALIDATION', 400);
        }
      }
      // Other content types are read raw as well: the signature covers the bytes.
      const asText = await callback(server.app, 'balance', JSON.stringify({ type: 'balance', token }), { contentType: 'text/plain' });
      expectOk(asText, '50.0000');
      // A rollback naming itself.
      expectError(await callback(server.app, 'rollback', { token, transaction_id: 'self', reverses_transaction_id: 'self' }), 'VALIDATION', 400);
      expect(await transactionsOf(player.playerId)).toHaveLength(0);
      expect(await balanceOf(player.playerId)).toBe('50.0000');
    });
  });

  describe('bound to the action and the time (ADR 0020)', () => {
    it("refuses a refused debit's bytes and signature sent to credit, and moves no money", async () => {
      const { token, player } = await table('5');
      const debitPath = '/api/providers/PG/wallet/debit';
      const debit = JSON.stringify({ type: 'debit', token, transaction_id: 'mint-1', round_id: 'mint-r', amount: '1000' });
      const headers = signedHeaders(SECRETS.PG, debitPath, debit);
      expectError(await rawCallback(debitPath, debit, headers), 'INSUFFICIENT_FUNDS', 402);
      // The attack of issue 21: the same bytes and headers to credit (and to rollback).
      expectError(await rawCallback('/api/providers/PG/wallet/credit', debit, headers), 'INVALID_SIGNATURE', 401);
      expectError(await rawCallback('/api/providers/pg/wallet/credit', debit, headers), 'INVALID_SIGNATURE', 401);
      expectError(await rawCallback('/api/providers/PG/wallet/rollback', debit, headers), 'INVALID_SIGNATURE', 401);
      // Signed for credit but the body says debit: the type must be the path's.
      const retyped = await callback(server.app, 'credit', debit);
      expectError(retyped, 'VALIDATION', 400);
      expect(retyped.body.errors).toEqual({ type: ['invalidValue'] });
      // Even the provider's own credit under the refused debit's id, or for its round, pays nothing.
      expectError(await callback(server.app, 'credit', { token, transaction_id: 'mint-1', round_id: 'mint-r', amount: '1000' }), 'TRANSACTION_CONFLICT', 409);
      expectError(await callback(server.app, 'credit', { token, transaction_id: 'mint-2', round_id: 'mint-r', amount: '1000' }), 'ROUND_STAKE_REFUSED', 409);
      expectError(await callback(server.app, 'credit', { token, transaction_id: 'mint-2', round_id: 'mint-r', amount: '1000' }), 'ROUND_STAKE_REFUSED', 409);
      expect(await balanceOf(player.playerId)).toBe('5.0000');
      expect(await entriesOf(db, player.playerId)).toHaveLength(1);
      // A win with no stake at all (free spins) is still paid.
      expectOk(await callback(server.app, 'credit', { token, transaction_id: 'free-win', round_id: 'bonus-r', amount: '2' }), '7.0000');
      await expectLedgerConsistent(db);
      // The refused round was never placed: the player's bet history shows only the paid one.
      const history = await post(server.app, '/api/banking/bet_history', { ...credentials(player), kind: 'game' });
      expect(expectReply(betHistoryReply, history.body).value.map((bet) => [bet.reference, bet.stake, bet.payout])).toEqual([['bonus-r', '0.0000', '2.0000']]);
    });

    it('refuses a timestamp more than five minutes old or ahead with REQUEST_EXPIRED, and a timestamp changed after signing', async () => {
      const { token, player } = await table('50');
      const now = Math.floor(Date.now() / 1000);
      const body = { token, transaction_id: 'clock-1', amount: '5' };
      expectError(await callback(server.app, 'debit', body, { timestamp: String(now - 301) }), 'REQUEST_EXPIRED', 401);
      expectError(await callback(server.app, 'debit', body, { timestamp: String(now + 301) }), 'REQUEST_EXPIRED', 401);
      expectError(await callback(server.app, 'debit', body, { timestamp: '0' }), 'REQUEST_EXPIRED', 401);
      expectError(await callback(server.app, 'balance', { token }, { timestamp: String(now - 3600) }), 'REQUEST_EXPIRED', 401);
      // A stale request with a fresh X-Timestamp: the signature no longer matches.
      const path = '/api/providers/PG/wallet/debit';
      const raw = JSON.stringify({ type: 'debit', ...body });
      const stale = signedHeaders(SECRETS.PG, path, raw, String(now - 3600));
      expectError(await rawCallback(path, raw, { ...stale, [PROVIDER_TIMESTAMP_HEADER]: String(now) }), 'INVALID_SIGNATURE', 401);
      expect(await transactionsOf(player.playerId)).toHaveLength(0);
      expect(await balanceOf(player.playerId)).toBe('50.0000');
      // Within the window either way: accepted.
      expectOk(await callback(server.app, 'debit', body, { timestamp: String(now - 280) }), '45.0000');
      expectOk(await callback(server.app, 'debit', { ...body, transaction_id: 'clock-2' }, { timestamp: String(now + 280) }), '40.0000');
    });

    it('applies a replayed credit once: the same bytes and signature again answer OK and move nothing', async () => {
      const { token, player } = await table('10');
      const path = '/api/providers/PG/wallet/credit';
      const raw = JSON.stringify({ type: 'credit', token, transaction_id: 'win-replay', round_id: 'rr', amount: '7.5' });
      const headers = signedHeaders(SECRETS.PG, path, raw);
      const replies = [];
      for (let attempt = 0; attempt < 3; attempt++) replies.push(await rawCallback(path, raw, headers));
      replies.push(...(await Promise.all(Array.from({ length: 10 }, () => rawCallback(path, raw, headers)))));
      for (const reply of replies) expectOk(reply, '17.5000');
      expect((await entriesOf(db, player.playerId)).filter((entry) => entry.type === 'win')).toHaveLength(1);
      expect(await transactionsOf(player.playerId)).toHaveLength(1);
      // The id with another amount or round is another operation.
      expectError(await callback(server.app, 'credit', { token, transaction_id: 'win-replay', round_id: 'rr', amount: '8' }), 'TRANSACTION_CONFLICT', 409);
      expectError(await callback(server.app, 'credit', { token, transaction_id: 'win-replay', round_id: 'other', amount: '7.5' }), 'TRANSACTION_CONFLICT', 409);
      expect(await balanceOf(player.playerId)).toBe('17.5000');
    });

    it('answers OK to the rollback of a refused debit and moves nothing; the debit stays refused', async () => {
      const { token, player } = await table('3');
      expectError(await callback(server.app, 'debit', { token, transaction_id: 'nofunds', round_id: 'r-nf', amount: '4' }), 'INSUFFICIENT_FUNDS', 402);
      expectOk(await callback(server.app, 'rollback', { token, transaction_id: 'nofunds-rb', round_id: 'r-nf', reverses_transaction_id: 'nofunds' }), '3.0000');
      expectOk(await callback(server.app, 'rollback', { token, transaction_id: 'nofunds-rb', round_id: 'r-nf', reverses_transaction_id: 'nofunds' }), '3.0000');
      // With another amount than the refused debit's: a conflict, as for any transaction.
      expectError(await callback(server.app, 'rollback', { token, transaction_id: 'nofunds-rb2', reverses_transaction_id: 'nofunds', amount: '5' }), 'TRANSACTION_CONFLICT', 409);
      expectError(await callback(server.app, 'debit', { token, transaction_id: 'nofunds', round_id: 'r-nf', amount: '4' }), 'INSUFFICIENT_FUNDS', 402);
      const rows = await transactionsOf(player.playerId);
      expect(rows.map((row) => [row.providerTxId, row.kind, row.status, row.amount, row.ledgerEntryId])).toEqual([
        ['nofunds', 'debit', 'refused', '4.0000', null],
        ['nofunds-rb', 'rollback', 'applied', '0.0000', null],
      ]);
      expect(await entriesOf(db, player.playerId)).toHaveLength(1);
      await expectLedgerConsistent(db);
    });
  });

  describe('balance, debit and credit', () => {
    it("answers the balance in the session's currency", async () => {
      const { token, player } = await table('123.45', 'slot5');
      const slot5 = await siteRow(db, 'slot5');
      expectOk(await callback(server.app, 'balance', { token }), '123.4500', slot5.currency);
      expect(await balanceOf(player.playerId)).toBe('123.4500');
    });

    it('takes a stake and pays a win through the ledger, once per transaction id, and counts the stake as VIP turnover', async () => {
      const { token, player, gameCode } = await table('100');
      expectOk(await callback(server.app, 'debit', { token, transaction_id: 'bet-1', round_id: 'r-1', amount: '10.25' }), '89.7500');
      expectOk(await callback(server.app, 'credit', { token, transaction_id: 'win-1', round_id: 'r-1', amount: '30' }), '119.7500');
      // Replays answer OK with the balance now and move nothing, even written differently.
      expectOk(await callback(server.app, 'debit', { token, transaction_id: 'bet-1', round_id: 'r-1', amount: '10.2500' }), '119.7500');
      expectOk(await callback(server.app, 'credit', { token, transaction_id: 'win-1', round_id: 'r-1', amount: '30.0' }), '119.7500');

      const entries = await entriesOf(db, player.playerId);
      expect(entries.map((entry) => [entry.type, entry.amount, entry.idempotency_key, entry.reference])).toEqual([
        ['adjustment', '100.0000', `test:funds:${player.playerId}`, ''],
        ['bet', '-10.2500', 'game:PG:bet-1', `game:PG:${gameCode}`],
        ['win', '30.0000', 'game:PG:win-1', `game:PG:${gameCode}`],
      ]);
      const rows = await transactionsOf(player.playerId);
      expect(rows.map((row) => [row.kind, row.providerTxId, row.amount, row.roundId, row.ledgerEntryId !== null])).toEqual([
        ['debit', 'bet-1', '10.2500', 'r-1', true],
        ['credit', 'win-1', '30.0000', 'r-1', true],
      ]);
      const [vip] = await db.select().from(playerVip).where(eq(playerVip.playerId, player.playerId));
      expect(vip).toMatchObject({ cycleTurnover: '10.2500', totalTurnover: '10.2500' });
      await expectLedgerConsistent(db);
    });

    it('records a zero win with no ledger entry, and a zero stake too', async () => {
      const { token, player } = await table('5');
      expectOk(await callback(server.app, 'debit', { token, transaction_id: 'free-1', round_id: 'r-9', amount: '0' }), '5.0000');
      expectOk(await callback(server.app, 'credit', { token, transaction_id: 'lose-1', round_id: 'r-9', amount: '0.00' }), '5.0000');
      const rows = await transactionsOf(player.playerId);
      expect(rows.map((row) => [row.kind, row.amount, row.ledgerEntryId])).toEqual([
        ['debit', '0.0000', null],
        ['credit', '0.0000', null],
      ]);
      expect(await entriesOf(db, player.playerId)).toHaveLength(1);
    });

    it('refuses a stake beyond the balance with INSUFFICIENT_FUNDS and records the refusal: the id answers the same for good', async () => {
      const { token, player } = await table('20');
      const refused = await callback(server.app, 'debit', { token, transaction_id: 'big-1', round_id: 'r-big', amount: '20.0001' });
      expectError(refused, 'INSUFFICIENT_FUNDS', 402);
      expect(refused.body.balance).toBe('20.0000');
      const rows = await transactionsOf(player.playerId);
      expect(rows.map((row) => [row.providerTxId, row.kind, row.status, row.refusalCode, row.amount, row.ledgerEntryId])).toEqual([
        ['big-1', 'debit', 'refused', 'INSUFFICIENT_FUNDS', '20.0001', null],
      ]);
      // The same request again: the same refusal, even once the balance would hold it.
      await postToLedger(db, { counter: 'adjustments', siteId: player.siteId, playerId: player.playerId, account: 'balance', amount: '5', type: 'adjustment', idempotencyKey: `test:more:${player.playerId}` });
      expectError(await callback(server.app, 'debit', { token, transaction_id: 'big-1', round_id: 'r-big', amount: '20.0001' }), 'INSUFFICIENT_FUNDS', 402);
      // The id with other content is another operation.
      expectError(await callback(server.app, 'debit', { token, transaction_id: 'big-1', round_id: 'r-big', amount: '20' }), 'TRANSACTION_CONFLICT', 409);
      expectOk(await callback(server.app, 'debit', { token, transaction_id: 'big-2', round_id: 'r-big', amount: '25' }), '0.0000');
      expectError(await callback(server.app, 'debit', { token, transaction_id: 'big-3', amount: '0.0001' }), 'INSUFFICIENT_FUNDS', 402);
      await expectLedgerConsistent(db);
    });

    it('refuses an id reused for another operation with TRANSACTION_CONFLICT', async () => {
      const { token, player } = await table('50');
      expectOk(await callback(server.app, 'debit', { token, transaction_id: 'dup-1', amount: '5' }), '45.0000');
      expectError(await callback(server.app, 'debit', { token, transaction_id: 'dup-1', amount: '6' }), 'TRANSACTION_CONFLICT', 409);
      expectError(await callback(server.app, 'debit', { token, transaction_id: 'dup-1', round_id: 'another-round', amount: '5' }), 'TRANSACTION_CONFLICT', 409);
      expectError(await callback(server.app, 'credit', { token, transaction_id: 'dup-1', amount: '5' }), 'TRANSACTION_CONFLICT', 409);
      expectError(await callback(server.app, 'rollback', { token, transaction_id: 'dup-1', reverses_transaction_id: 'other' }), 'TRANSACTION_CONFLICT', 409);
      // The same id from another player's session.
      const other = await table('50');
      expectError(await callback(server.app, 'debit', { token: other.token, transaction_id: 'dup-1', amount: '5' }), 'TRANSACTION_CONFLICT', 409);
      expect(await balanceOf(player.playerId)).toBe('45.0000');
      expect(await balanceOf(other.player.playerId)).toBe('50.0000');
    });

    it('takes no stake from a blocked player but still pays the win of a round in play', async () => {
      const { token, player } = await table('40');
      expectOk(await callback(server.app, 'debit', { token, transaction_id: 'blk-bet', amount: '10' }), '30.0000');
      await db.update(players).set({ status: 'blocked' }).where(eq(players.id, player.playerId));
      expectError(await callback(server.app, 'debit', { token, transaction_id: 'blk-bet-2', amount: '10' }), 'PLAYER_BLOCKED', 403);
      expectOk(await callback(server.app, 'credit', { token, transaction_id: 'blk-win', amount: '25' }), '55.0000');
    });

    it('keeps tenants apart: one transaction id on two providers is two transactions, each player moves alone', async () => {
      const casino = await table('10');
      const slot = await table('10', 'slot5', 'JILI');
      expectOk(await callback(server.app, 'debit', { token: casino.token, transaction_id: 'shared-1', amount: '3' }), '7.0000');
      expectOk(await callback(server.app, 'debit', { token: slot.token, transaction_id: 'shared-1', amount: '4' }, { provider: 'JILI' }), '6.0000');
      const [slotEntry] = (await entriesOf(db, slot.player.playerId)).slice(-1);
      expect(slotEntry).toMatchObject({ idempotency_key: 'game:JILI:shared-1', type: 'bet' });
      const [row] = await db
        .select()
        .from(providerTransactions)
        .where(and(eq(providerTransactions.playerId, slot.player.playerId), eq(providerTransactions.providerTxId, 'shared-1')));
      expect(row!.siteId).toBe(slot.player.siteId);
    });

    it('keeps tenants apart: one transaction id of one provider on two sites is two transactions', async () => {
      const first = await table('10', 'casino1');
      const second = await table('10', 'casino2');
      expect(second.player.siteId).not.toBe(first.player.siteId);
      expectOk(await callback(server.app, 'debit', { token: first.token, transaction_id: 'tenant-1', round_id: 'r', amount: '3' }), '7.0000');
      expectOk(await callback(server.app, 'debit', { token: second.token, transaction_id: 'tenant-1', round_id: 'r', amount: '4' }), '6.0000');
      expectOk(await callback(server.app, 'credit', { token: second.token, transaction_id: 'tenant-2', round_id: 'r', amount: '1' }), '7.0000');
      expectOk(await callback(server.app, 'rollback', { token: first.token, transaction_id: 'tenant-3', reverses_transaction_id: 'tenant-1' }), '10.0000');
      // The second site's stake is untouched by the first site's rollback of the same id.
      expectOk(await callback(server.app, 'debit', { token: second.token, transaction_id: 'tenant-1', round_id: 'r', amount: '4' }), '7.0000');
      expect(await balanceOf(first.player.playerId)).toBe('10.0000');
      expect(await balanceOf(second.player.playerId)).toBe('7.0000');
      await expectLedgerConsistent(db);
    });
  });

  describe('rollback', () => {
    it('reverses a debit once: the stake comes back; a second rollback and replays change nothing; the original is then refused', async () => {
      const { token, player } = await table('100');
      expectOk(await callback(server.app, 'debit', { token, transaction_id: 'rb-bet', round_id: 'r', amount: '40' }), '60.0000');
      expectOk(await callback(server.app, 'rollback', { token, transaction_id: 'rb-1', round_id: 'r', reverses_transaction_id: 'rb-bet', amount: '40.00' }), '100.0000');
      expectOk(await callback(server.app, 'rollback', { token, transaction_id: 'rb-1', round_id: 'r', reverses_transaction_id: 'rb-bet' }), '100.0000');
      expectOk(await callback(server.app, 'rollback', { token, transaction_id: 'rb-2', reverses_transaction_id: 'rb-bet' }), '100.0000');
      expectError(await callback(server.app, 'debit', { token, transaction_id: 'rb-bet', round_id: 'r', amount: '40' }), 'TRANSACTION_ROLLED_BACK', 409);

      const entries = await entriesOf(db, player.playerId);
      expect(entries.slice(1).map((entry) => [entry.type, entry.amount, entry.idempotency_key])).toEqual([
        ['bet', '-40.0000', 'game:PG:rb-bet'],
        ['rollback', '40.0000', 'game:PG:rb-1'],
      ]);
      const rows = await transactionsOf(player.playerId);
      expect(rows.map((row) => [row.providerTxId, row.kind, row.amount, row.reversesTxId, row.rolledBack, row.ledgerEntryId !== null])).toEqual([
        ['rb-bet', 'debit', '40.0000', null, true, true],
        ['rb-1', 'rollback', '40.0000', 'rb-bet', false, true],
        ['rb-2', 'rollback', '0.0000', 'rb-bet', false, false],
      ]);
      // The reversed stake no longer counts as turnover.
      const [vip] = await db.select().from(playerVip).where(eq(playerVip.playerId, player.playerId));
      expect(vip).toMatchObject({ cycleTurnover: '0.0000', totalTurnover: '0.0000' });
      await expectLedgerConsistent(db);
    });

    it('reverses a credit while the balance holds the win, and refuses it with INSUFFICIENT_FUNDS once the win is spent', async () => {
      const { token, player } = await table('0');
      expectOk(await callback(server.app, 'credit', { token, transaction_id: 'w-1', amount: '15' }), '15.0000');
      expectOk(await callback(server.app, 'rollback', { token, transaction_id: 'w-1-rb', reverses_transaction_id: 'w-1' }), '0.0000');

      expectOk(await callback(server.app, 'credit', { token, transaction_id: 'w-2', amount: '15' }), '15.0000');
      expectOk(await callback(server.app, 'debit', { token, transaction_id: 'w-2-spend', amount: '10' }), '5.0000');
      const refused = await callback(server.app, 'rollback', { token, transaction_id: 'w-2-rb', reverses_transaction_id: 'w-2' });
      expectError(refused, 'INSUFFICIENT_FUNDS', 402);
      expect(refused.body.balance).toBe('5.0000');
      // The credit stands and the refused rollback left no trace: it may be sent again later.
      const rows = await transactionsOf(player.playerId);
      expect(rows.find((row) => row.providerTxId === 'w-2')!.rolledBack).toBe(false);
      expect(rows.some((row) => row.providerTxId === 'w-2-rb')).toBe(false);
      expectOk(await callback(server.app, 'credit', { token, transaction_id: 'w-3', amount: '10' }), '15.0000');
      expectOk(await callback(server.app, 'rollback', { token, transaction_id: 'w-2-rb', reverses_transaction_id: 'w-2' }), '0.0000');
      await expectLedgerConsistent(db);
    });

    it('records a rollback that arrives before its debit, and refuses the late debit with TRANSACTION_ROLLED_BACK', async () => {
      const { token, player } = await table('30');
      expectOk(await callback(server.app, 'rollback', { token, transaction_id: 'early-rb', round_id: 'r5', reverses_transaction_id: 'late-bet', amount: '10' }), '30.0000');
      const late = await callback(server.app, 'debit', { token, transaction_id: 'late-bet', round_id: 'r5', amount: '10' });
      expectError(late, 'TRANSACTION_ROLLED_BACK', 409);
      expect(late.body.balance).toBe('30.0000');
      expectError(await callback(server.app, 'credit', { token, transaction_id: 'late-bet', amount: '10' }), 'TRANSACTION_ROLLED_BACK', 409);
      const rows = await transactionsOf(player.playerId);
      expect(rows.map((row) => [row.providerTxId, row.kind, row.amount, row.reversesTxId, row.ledgerEntryId])).toEqual([
        ['early-rb', 'rollback', '0.0000', 'late-bet', null],
      ]);
      expect(await entriesOf(db, player.playerId)).toHaveLength(1);
    });

    it('refuses reversing a rollback, a transaction of another player, or with another amount', async () => {
      const { token } = await table('30');
      expectOk(await callback(server.app, 'debit', { token, transaction_id: 'x-bet', amount: '5' }), '25.0000');
      expectError(await callback(server.app, 'rollback', { token, transaction_id: 'x-rb', reverses_transaction_id: 'x-bet', amount: '4' }), 'TRANSACTION_CONFLICT', 409);
      expectOk(await callback(server.app, 'rollback', { token, transaction_id: 'x-rb', reverses_transaction_id: 'x-bet' }), '30.0000');
      expectError(await callback(server.app, 'rollback', { token, transaction_id: 'x-rb-rb', reverses_transaction_id: 'x-rb' }), 'TRANSACTION_CONFLICT', 409);
      const other = await table('30');
      expectError(await callback(server.app, 'rollback', { token: other.token, transaction_id: 'x-rb-2', reverses_transaction_id: 'x-bet' }), 'TRANSACTION_CONFLICT', 409);
      expect(await balanceOf(other.player.playerId)).toBe('30.0000');
    });
  });

  describe('concurrency', () => {
    it('100 concurrent debits with distinct ids never take the balance below zero; it equals the sum of its entries', async () => {
      const { token, player } = await table('500');
      // 100 stakes of 1 to 10: about 550 in all, more than the balance.
      const amounts = Array.from({ length: 100 }, (_, index) => BigInt(1 + (index % 10)) * MINOR_PER_UNIT);
      const replies = await Promise.all(
        amounts.map((amount, index) => callback(server.app, 'debit', { token, transaction_id: `c-${index}`, amount: fromMinorUnits(amount) })),
      );
      const applied = amounts.filter((_, index) => replies[index]!.status === 200);
      for (const reply of replies) if (reply.status !== 200) expectError(reply, 'INSUFFICIENT_FUNDS', 402);
      expect(applied.length).toBeLessThan(100);
      const balance = minor(await balanceOf(player.playerId));
      expect(balance).toBeGreaterThanOrEqual(0n);
      expect(balance).toBe(minor('500') - applied.reduce((sum, amount) => sum + amount, 0n));
      const rows = await transactionsOf(player.playerId);
      expect(rows.filter((row) => row.status === 'applied')).toHaveLength(applied.length);
      expect(rows.filter((row) => row.status === 'refused')).toHaveLength(100 - applied.length);
      await expectLedgerConsistent(db);
    });

    it('50 concurrent replays of one debit move the money once', async () => {
      const { token, player } = await table('100');
      const replies = await Promise.all(
        Array.from({ length: 50 }, () => callback(server.app, 'debit', { token, transaction_id: 'replayed', round_id: 'r', amount: '7.5' })),
      );
      for (const reply of replies) expectOk(reply, '92.5000');
      expect(await balanceOf(player.playerId)).toBe('92.5000');
      expect(await transactionsOf(player.playerId)).toHaveLength(1);
      expect((await entriesOf(db, player.playerId)).filter((entry) => entry.type === 'bet')).toHaveLength(1);
    });

    it('a debit racing its own rollback ends with the stake back or never taken', async () => {
      const { token, player } = await table('100');
      await Promise.all(
        Array.from({ length: 20 }, (_, index) => [
          callback(server.app, 'debit', { token, transaction_id: `race-${index}`, amount: '3' }),
          callback(server.app, 'rollback', { token, transaction_id: `race-${index}-rb`, reverses_transaction_id: `race-${index}` }),
        ]).flat(),
      );
      expect(await balanceOf(player.playerId)).toBe('100.0000');
      await expectLedgerConsistent(db);
    });
  });

  describe('API docs', () => {
    it('documents the four callbacks in the OpenAPI document and on /api/docs, with examples that pass the protocol', async () => {
      const doc = jsonOf(await server.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })) as unknown as OpenApiDocument;
      const html = (await server.app.inject({ method: 'GET', url: '/api/docs' })).body;
      for (const action of PROVIDER_WALLET_ACTIONS) {
        const path = `/api/providers/{code}/wallet/${action}`;
        const operation = doc.paths[path]?.post;
        expect(operation, path).toBeDefined();
        expect(operation!['x-access']).toBe('provider');
        expect(operation!.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
          'path:code',
          `header:${PROVIDER_SIGNATURE_HEADER}`,
          `header:${PROVIDER_TIMESTAMP_HEADER}`,
        ]);
        const body = operation!.requestBody!.content['application/json'];
        expect(WALLET_REQUESTS[action].safeParse(body.example).success, action).toBe(true);
        expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '500']));
        expect(html).toContain(`<code class="path">${path.replace('{', '{').replace('}', '}')}</code>`);
      }
      expect(doc.paths['/api/providers/{code}/wallet/debit']!.post!.responses).toHaveProperty('402');
      expect(doc.tags.map((tag) => tag.name)).toContain('Provider wallet');
      expect(doc.components.schemas.ProviderWalletError).toMatchObject({ type: 'object' });
    });
  });

  it('leaves every balance equal to the sum of its ledger entries', async () => {
    await expectLedgerConsistent(db);
  });
});
