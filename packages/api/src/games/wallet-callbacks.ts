import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import { decimalsEqual, isZeroDecimal, type WalletErrorCode } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { transactionUnderLock } from '../db/locked-transaction.js';
import { isUniqueViolation } from '../db/errors.js';
import { gameSessions, games, providers, providerTransactions, type ProviderTransactionKind } from '../db/schema.js';
import { hashToken } from '../shared/hash-token.js';
import { gameAccount, postToLedger, readBalances } from '../ledger/index.js';
import { refuseStake } from './stake-guard.js';
import { entryLimit } from '../shared/entry-limit.js';
import type { SeamlessWallet, WalletMoveRequest, WalletResult, WalletRollbackRequest, WalletSessionRequest } from './adapter.js';

/** The game session a token names, with what the wallet needs of it. */
interface WalletSession {
  id: string;
  siteId: number;
  playerId: number;
  providerId: number;
  providerCode: string;
  gameCode: string;
  currency: string;
}

type ProviderTransactionRow = typeof providerTransactions.$inferSelect;
type Refusal = Extract<WalletResult, { ok: false }>;

/** game_sessions.last_seen_at is written at most this often. */
const TOUCH_EVERY = sql`interval '60 seconds'`;

/**
 * The platform's side of the seamless wallet (adapter.ts describes the semantics): each money
 * operation is one transaction that writes the provider transaction and its ledger entry
 * together. It first takes a transaction-scoped lock on the site's provider transaction id it
 * concerns (a rollback: the id it reverses), so replays of one id, and a transaction and its
 * rollback, run one at a time; different ids only meet at the wallet row, which postToLedger locks
 * briefly. Refused stakes are recorded too (status refused), so an id answers one way for good
 * (ADR 0020).
 */
export function createSeamlessWallet(db: Db, log: FastifyBaseLogger): SeamlessWallet {
  return {
    async balance(request) {
      const session = await findSession(db, request);
      if (!session.ok) return session;
      await touch(db, session.value);
      return okNow(db, session.value, false);
    },

    async debit(request) {
      return moveMoney(db, request, 'debit');
    },

    async credit(request) {
      return moveMoney(db, request, 'credit');
    },

    async rollback(request) {
      if (request.transactionId === request.reversesTransactionId) {
        return { ok: false, code: 'VALIDATION', message: 'A rollback needs its own transaction_id, other than reverses_transaction_id.' };
      }
      const session = await findSession(db, request);
      if (!session.ok) return session;
      const result = await inLockedTransaction(db, session.value, request.reversesTransactionId, (tx) => rollbackIn(tx, session.value, request, log));
      await touch(db, session.value);
      return result;
    },
  };
}

/** A debit (stake) or a credit (win). */
async function moveMoney(db: Db, request: WalletMoveRequest, kind: 'debit' | 'credit'): Promise<WalletResult> {
  const found = await findSession(db, request);
  if (!found.ok) return found;
  const session = found.value;
  const result = await inLockedTransaction(db, session, request.transactionId, async (tx) => {
    // A credit learns in the same read whether its round's stakes were all refused.
    const stakesOf = kind === 'credit' ? request.roundId : '';
    const { existing, reversed, stakesAllRefused } = await findTransactionAndRollback(tx, session, request.transactionId, stakesOf);
    if (existing) return replay(tx, session, existing, { kind, amount: request.amount, roundId: request.roundId });
    if (reversed) {
      return refuseNow(tx, session, 'TRANSACTION_ROLLED_BACK', 'A rollback already reversed this transaction id.');
    }
    const refuse = async (code: WalletErrorCode, message: string): Promise<WalletResult> => {
      const balance = await recordMove(tx, session, request, kind, { ledgerEntryId: null, turnover: false, refusal: code });
      return { ok: false, code, message, balance: balance!, currency: session.currency };
    };
    // Every stake passes the stake guard (limits and exclusions live there); wins and rollbacks still settle.
    const refusal = kind === 'debit' ? await refuseStake(tx, { siteId: session.siteId, playerId: session.playerId, amount: request.amount }) : null;
    if (refusal) return refuse(refusal.code, refusal.message);
    // No stake of the round was taken: there is no win to pay (a refused stake replayed as a win mints money).
    if (kind === 'credit' && stakesAllRefused) {
      return refuse('ROUND_STAKE_REFUSED', "The round's stake was refused: it has no win to pay.");
    }

    if (isZeroDecimal(request.amount)) {
      // A lost round's credit of 0 (or a free stake): recorded; nothing moves.
      const balance = await recordMove(tx, session, request, kind, { ledgerEntryId: null, turnover: false });
      return { ok: true, balance: balance!, currency: session.currency, replayed: false };
    }
    const posted = await postToLedger(tx, {
      siteId: session.siteId,
      playerId: session.playerId,
      account: 'balance',
      amount: kind === 'debit' ? `-${request.amount}` : request.amount,
      counter: gameAccount(session.providerCode),
      type: kind === 'debit' ? 'bet' : 'win',
      reference: ledgerReference(session),
      idempotencyKey: ledgerKey(session, request.transactionId),
      // inLockedTransaction holds the lock of this transaction id, whose ledger key this is.
      keyLockedByCaller: true,
      // The provider transaction (and a stake's turnover) in the transfer's own statement.
      writesWithTransfer: moveWrites(session, request, kind, { ledgerEntryId: sql`written.id`, from: sql`written`, turnover: kind === 'debit' }),
    });
    if (!posted.ok) return refuse('INSUFFICIENT_FUNDS', 'The stake is more than the balance.');
    // A transfer of this key standing already (written under another id's lock) records its move here.
    if (!posted.applied) await recordMove(tx, session, request, kind, { ledgerEntryId: posted.transferId, turnover: kind === 'debit' });
    return { ok: true, balance: posted.balanceAfter, currency: session.currency, replayed: false };
  });
  await touch(db, session);
  return result;
}

/**
 * Records a debit or credit as its provider transaction (refused with `refusal`, so the id answers
 * the same for good), in one statement with what goes with it (ADR 0033): a stake's VIP turnover
 * when `turnover`; answers the balance when no transfer moved it (ledgerEntryId null), else null.
 */
async function recordMove(
  tx: Db,
  session: WalletSession,
  request: WalletMoveRequest,
  kind: 'debit' | 'credit',
  move: { ledgerEntryId: number | null; turnover: boolean; refusal?: WalletErrorCode },
): Promise<string | null> {
  const writes = moveWrites(session, request, kind, { ...move, ledgerEntryId: sql`${move.ledgerEntryId}::bigint` });
  const balance =
    move.ledgerEntryId === null
      ? sql`select balance::text as balance from wallets where player_id = ${session.playerId} and site_id = ${session.siteId}`
      : sql`select null as balance`;
  const [row] = await queryRows<{ balance: string | null }>(
    tx,
    sql`with ${sql.join(
      writes.map((write, index) => sql`${sql.raw(`write_${index}`)} as (${write})`),
      sql`, `,
    )} ${balance}`,
  );
  // A player with no wallet row yet has a balance of zero (readBalances).
  return move.ledgerEntryId === null ? (row?.balance ?? '0.0000') : null;
}

/**
 * The writes of a debit or credit: its provider transaction (naming its ledger transfer), and a
 * stake's VIP turnover when `turnover`; each selects its one row from `from` when given (the
 * ledger's `written` relation: only when the transfer is written).
 */
function moveWrites(
  session: WalletSession,
  request: WalletMoveRequest,
  kind: 'debit' | 'credit',
  move: { ledgerEntryId: SQL; from?: SQL; turnover: boolean; refusal?: WalletErrorCode },
): SQL[] {
  const from = move.from ? sql`from ${move.from}` : sql``;
  const record = sql`insert into provider_transactions (site_id, player_id, game_session_id, provider_id, provider_tx_id, kind, amount, round_id,
      ledger_entry_id, status, refusal_code)
    select ${session.siteId}, ${session.playerId}, ${session.id}, ${session.providerId}, ${request.transactionId}, ${kind},
      ${request.amount}::numeric, ${request.roundId}, ${move.ledgerEntryId}, ${move.refusal ? 'refused' : 'applied'}, ${move.refusal ?? null} ${from}`;
  return move.turnover ? [record, turnoverUpsert(session.playerId, session.siteId, request.amount, from)] : [record];
}

async function rollbackIn(tx: Db, session: WalletSession, request: WalletRollbackRequest, log: FastifyBaseLogger): Promise<WalletResult> {
  const existing = await findTransaction(tx, session, request.transactionId);
  if (existing) {
    if (
      existing.kind !== 'rollback' ||
      existing.reversesTxId !== request.reversesTransactionId ||
      existing.playerId !== session.playerId ||
      existing.roundId !== request.roundId
    ) {
      return refuseNow(tx, session, 'TRANSACTION_CONFLICT', 'This transaction id names another operation.');
    }
    return okNow(tx, session, true);
  }

  const original = await findTransaction(tx, session, request.reversesTransactionId);
  const record = (amount: string, ledgerEntryId: number | null) =>
    tx.insert(providerTransactions).values({
      siteId: session.siteId,
      playerId: session.playerId,
      gameSessionId: session.id,
      providerId: session.providerId,
      providerTxId: request.transactionId,
      kind: 'rollback',
      amount,
      roundId: request.roundId,
      reversesTxId: request.reversesTransactionId,
      ledgerEntryId,
    });

  // Not seen yet (the original is late or was lost): recorded, so the original is refused when it comes.
  if (!original) {
    await record('0', null);
    return okNow(tx, session, false);
  }
  if (original.kind === 'rollback') return refuseNow(tx, session, 'TRANSACTION_CONFLICT', 'A rollback cannot be reversed.');
  if (original.playerId !== session.playerId) {
    return refuseNow(tx, session, 'TRANSACTION_CONFLICT', 'The reversed transaction belongs to another player.');
  }
  if (request.amount !== undefined && !decimalsEqual(request.amount, original.amount)) {
    return refuseNow(tx, session, 'TRANSACTION_CONFLICT', "The amount is not the reversed transaction's amount.");
  }
  // Reversed already by another rollback, or refused (it moved nothing, so there is nothing to give
  // back): this one is recorded, changes nothing and answers OK, as the provider's retry loop expects.
  if (original.rolledBack || original.status === 'refused') {
    await record('0', null);
    return okNow(tx, session, false);
  }

  let ledgerEntryId: number | null = null;
  if (!isZeroDecimal(original.amount)) {
    const amount = original.amount;
    const posted = await postToLedger(tx, {
      siteId: session.siteId,
      playerId: session.playerId,
      account: 'balance',
      // A debit's stake comes back; a credit's win goes out again.
      amount: original.kind === 'debit' ? amount : `-${amount}`,
      counter: gameAccount(session.providerCode),
      type: 'rollback',
      reference: ledgerReference(session),
      idempotencyKey: ledgerKey(session, request.transactionId),
    });
    if (!posted.ok) {
      // The win was spent: the balance may not go negative (docs/product.md D6), so the credit stands
      // and the provider's rollback is refused; the operator settles the difference.
      log.warn({ providerCode: session.providerCode, playerId: session.playerId, gameSessionId: session.id }, 'rollback of a win refused: balance too low');
      return refuseNow(tx, session, 'INSUFFICIENT_FUNDS', 'The balance no longer holds the win to reverse.');
    }
    ledgerEntryId = posted.transferId;
    if (original.kind === 'debit') await addTurnover(tx, session.playerId, session.siteId, `-${amount}`);
  }
  await tx.update(providerTransactions).set({ rolledBack: true }).where(eq(providerTransactions.id, original.id));
  await record(original.amount, ledgerEntryId);
  return okNow(tx, session, false);
}

/**
 * A transaction id seen before: the same operation again answers as the first time (OK with the
 * balance now, or the same refusal) and moves nothing; another operation under the id is a conflict.
 */
async function replay(
  tx: Db,
  session: WalletSession,
  existing: ProviderTransactionRow,
  expected: { kind: ProviderTransactionKind; amount: string; roundId: string },
): Promise<WalletResult> {
  if (
    existing.kind !== expected.kind ||
    existing.playerId !== session.playerId ||
    existing.roundId !== expected.roundId ||
    !decimalsEqual(existing.amount, expected.amount)
  ) {
    return refuseNow(tx, session, 'TRANSACTION_CONFLICT', 'This transaction id names another operation.');
  }
  if (existing.status === 'refused') {
    return refuseNow(tx, session, (existing.refusalCode ?? 'TRANSACTION_CONFLICT') as WalletErrorCode, 'This transaction was refused before; it stays refused.');
  }
  if (existing.rolledBack) return refuseNow(tx, session, 'TRANSACTION_ROLLED_BACK', 'This transaction was rolled back.');
  return okNow(tx, session, true);
}

/**
 * Runs `fn` in one transaction holding a lock on (site, provider, transaction id) until it ends,
 * taken with the transaction's BEGIN in one round trip (transactionUnderLock, ADR 0034). Two
 * callbacks that meet at the unique key anyway (one id from two game sessions) have the loser run
 * again: it then sees the winner's row.
 */
async function inLockedTransaction(db: Db, session: WalletSession, transactionId: string, fn: (tx: Db) => Promise<WalletResult>): Promise<WalletResult> {
  const run = () => transactionUnderLock(db, { namespace: session.providerId, name: `${session.siteId}:${transactionId}` }, fn);
  try {
    return await run();
  } catch (error) {
    // The id's ledger key taken by another operation's id (a rollback named with it): the run
    // again answers the conflict.
    if (!isUniqueViolation(error, 'provider_transactions_site_provider_tx_key') && !isUniqueViolation(error, 'ledger_transfers_idempotency_key')) throw error;
    return run();
  }
}

/**
 * Game sessions read in the last minute, by token hash: every callback of a round names its
 * session, and a session row never changes once its launch succeeded (launch.ts deletes only one
 * whose launch failed, before its token was handed out).
 */
const sessionsByToken = new LRUCache<string, WalletSession>({ ...entryLimit(100_000), ttl: 60_000 });

/** The game session of a token, when it is one of the request's provider. */
async function findSession(db: Db, request: WalletSessionRequest): Promise<{ ok: true; value: WalletSession } | Refusal> {
  const tokenHash = hashToken(request.token);
  const row = sessionsByToken.get(tokenHash) ?? (await readSession(db, tokenHash));
  // A token of another provider's session is no token of this provider: same answer as an unknown one.
  if (!row || row.providerCode.toUpperCase() !== request.providerCode.toUpperCase()) {
    return { ok: false, code: 'INVALID_TOKEN', message: 'The token names no game session of this provider.' };
  }
  sessionsByToken.set(tokenHash, row);
  return { ok: true, value: row };
}

async function readSession(db: Db, tokenHash: string): Promise<WalletSession | undefined> {
  const [row] = await db
    .select({
      id: gameSessions.id,
      siteId: gameSessions.siteId,
      playerId: gameSessions.playerId,
      providerId: gameSessions.providerId,
      providerCode: providers.code,
      gameCode: games.gameCode,
      currency: gameSessions.currency,
    })
    .from(gameSessions)
    .innerJoin(providers, eq(providers.id, gameSessions.providerId))
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .where(eq(gameSessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

async function findTransaction(tx: Db, session: WalletSession, transactionId: string): Promise<ProviderTransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(providerTransactions)
    .where(
      and(
        eq(providerTransactions.siteId, session.siteId),
        eq(providerTransactions.providerId, session.providerId),
        eq(providerTransactions.providerTxId, transactionId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Whether the player's round (a named one: '' groups nothing) has stakes and all of them were
 * refused. A win with no stake at all (free spins, a jackpot) is paid as usual.
 */
function roundStakesAllRefused(session: WalletSession, roundId: string): SQL {
  return sql`(select count(*) filter (where status = 'refused') > 0 and count(*) filter (where status = 'applied') = 0
    from provider_transactions
    where site_id = ${session.siteId} and provider_id = ${session.providerId} and player_id = ${session.playerId}
      and round_id = ${roundId} and kind = 'debit')`;
}

/**
 * In one query, under the id's lock: the transaction of this id, whether a rollback of the
 * player's reversed the id before it arrived (a late debit must not take a stake given back
 * already), and with a round id (`stakesOf`) whether that round's stakes were all refused.
 */
async function findTransactionAndRollback(
  tx: Db,
  session: WalletSession,
  transactionId: string,
  stakesOf: string,
): Promise<{ existing: ProviderTransactionRow | undefined; reversed: boolean; stakesAllRefused: boolean }> {
  // The one-row relation on the left keeps the round's answer when no transaction matches.
  const stakes = stakesOf ? roundStakesAllRefused(session, stakesOf) : sql`false`;
  const joined = await tx
    .select({ row: providerTransactions, stakesAllRefused: sql<boolean>`round_stakes.all_refused` })
    .from(sql`(select ${stakes} as all_refused) round_stakes`)
    .leftJoin(
      providerTransactions,
      or(
        and(
          eq(providerTransactions.siteId, session.siteId),
          eq(providerTransactions.providerId, session.providerId),
          eq(providerTransactions.providerTxId, transactionId),
        ),
        and(
          eq(providerTransactions.providerId, session.providerId),
          eq(providerTransactions.kind, 'rollback'),
          eq(providerTransactions.reversesTxId, transactionId),
          eq(providerTransactions.playerId, session.playerId),
        ),
      ),
    );
  const rows = joined.flatMap((found) => (found.row ? [found.row] : []));
  return {
    stakesAllRefused: joined[0]?.stakesAllRefused === true,
    existing: rows.find((row) => row.siteId === session.siteId && row.providerTxId === transactionId),
    reversed: rows.some((row) => row.kind === 'rollback' && row.reversesTxId === transactionId && row.playerId === session.playerId),
  };
}

/**
 * VIP turnover (docs/product.md §9: progress toward the next level is measured on it): a stake adds to the
 * cycle's and the total turnover, a reversed stake takes it off again (never below zero). A
 * player without a standing yet starts at the site's lowest level, as signup does.
 */
async function addTurnover(tx: Db, playerId: number, siteId: number, amount: string): Promise<void> {
  await tx.execute(turnoverUpsert(playerId, siteId, amount));
}

/** addTurnover's upsert; `from` (a FROM clause of one row) makes it write only with that row. */
function turnoverUpsert(playerId: number, siteId: number, amount: string, from: SQL = sql``): SQL {
  const delta = sql`${amount}::numeric`;
  return sql`insert into player_vip (player_id, level, cycle_turnover, total_turnover)
    select ${playerId}, (select coalesce(min(level), 0) from vip_levels where site_id = ${siteId}), greatest(${delta}, 0), greatest(${delta}, 0) ${from}
    on conflict (player_id) do update set cycle_turnover = greatest(player_vip.cycle_turnover + ${delta}, 0),
      total_turnover = greatest(player_vip.total_turnover + ${delta}, 0), updated_at = now()`;
}

/**
 * Sessions this process wrote last_seen_at for in the last minute: the write is skipped for them
 * (a round is several callbacks; the database's own condition still holds across processes).
 */
const touchedRecently = new LRUCache<string, true>({ ...entryLimit(100_000), ttl: 60_000 });

/** Keeps the session's last callback time, at most once a minute. */
async function touch(db: Db, session: WalletSession): Promise<void> {
  if (touchedRecently.get(session.id)) return;
  touchedRecently.set(session.id, true);
  await db
    .update(gameSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(gameSessions.id, session.id), sql`${gameSessions.lastSeenAt} < now() - ${TOUCH_EVERY}`));
}

async function okNow(db: Db, session: WalletSession, replayed: boolean): Promise<WalletResult> {
  const { balance } = await readBalances(db, session.playerId);
  return { ok: true, balance, currency: session.currency, replayed };
}

async function refuseNow(db: Db, session: WalletSession, code: WalletErrorCode, message: string): Promise<Refusal> {
  const { balance } = await readBalances(db, session.playerId);
  return { ok: false, code, message, balance, currency: session.currency };
}

/** The ledger's key of a provider transaction: unique per site, so a replay never posts twice. */
function ledgerKey(session: WalletSession, transactionId: string): string {
  return `game:${session.providerCode}:${transactionId}`;
}

/** The ledger's reference of game money: the game, as the winners' ticker reads it (rewards/transactions.ts). */
function ledgerReference(session: WalletSession): string {
  return `game:${session.providerCode}:${session.gameCode}`;
}
