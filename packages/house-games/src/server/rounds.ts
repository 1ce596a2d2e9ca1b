import { randomUUID } from 'node:crypto';
import { fromMinorUnits, toMinorUnits } from '@wl/contracts';
import type { HmacSha256 } from '../fair/index.js';
import { fairRoundRandom } from '../games/round-random.js';
import type { AnyHouseGame } from '../games/types.js';
import type { GameLimits, HouseErrorCode, RoundView } from '../api.js';
import type { StudioSql } from './sql.js';
import type { StudioSession } from './sessions.js';
import { takeNonce } from './seeds.js';
import type { WalletAnswer, WalletClient } from './wallet-client.js';

/*
 * A round's money (issue 23 §4, ADR 0029): the stake is a wallet debit and the end of the round a
 * credit (its win, 0 for a loss), both idempotent by transaction id ("<round id>:debit",
 * "<round id>:credit") and grouped by the round id. The round row is written before any wallet
 * call and moves through
 *   debiting → open (the player acts) → crediting → settled
 *   debiting → crediting → settled            (decided at its start)
 *   debiting → refused                        (the wallet said no: nothing moved)
 *   debiting → rolling_back → rolled_back     (no answer: the stake is given back)
 * with conditional updates, so a request and the recovery job (recovery.ts) never both move a
 * round. A round left in debiting, crediting or rolling_back is finished by recovery.ts: every
 * wallet call can be repeated with its id, so a retry never moves money twice.
 */

export type Outcome<T> = { ok: true; value: T } | { ok: false; code: HouseErrorCode; message: string };

export const refuse = (code: HouseErrorCode, message: string): { ok: false; code: HouseErrorCode; message: string } => ({ ok: false, code, message });

export interface Logger {
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

export interface RoundEngineOptions {
  sql: StudioSql;
  wallet: WalletClient;
  game(code: string): AnyHouseGame | undefined;
  limits(site: string): GameLimits;
  log: Logger;
  /** Node's HMAC in place of @noble/hashes' (same bytes, faster). */
  hmacSha256?: HmacSha256;
}

export type RoundStatus = 'debiting' | 'open' | 'crediting' | 'settled' | 'refused' | 'rolling_back' | 'rolled_back';

export interface RoundRow {
  id: string;
  site: string;
  player: string;
  game: string;
  currency: string;
  demo: boolean;
  nonce: number;
  bet: unknown;
  state: unknown;
  step: number;
  stake: string;
  win: string | null;
  status: RoundStatus;
  wallet_token: string | null;
  created_at: string | Date;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  revealed: boolean;
}

/** The columns of a round with its seed pair, for views and recovery. */
export const ROUND_COLUMNS = `r.id, r.site, r.player, r.game, r.currency, r.demo, r.nonce, r.bet, r.state, r.step,
  r.stake::text AS stake, r.win::text AS win, r.status, r.wallet_token, r.created_at,
  p.server_seed, p.server_seed_hash, p.client_seed, (p.revealed_at IS NOT NULL) AS revealed`;

export const debitId = (roundId: string): string => `${roundId}:debit`;
const creditId = (roundId: string): string => `${roundId}:credit`;
const rollbackId = (roundId: string): string => `${roundId}:rollback`;

const money = (minor: bigint): string => fromMinorUnits(minor);

/** Moves a round from one status to another, unless something else (a request, the recovery job) moved it first. */
export async function moveRound(sql: StudioSql, id: string, from: RoundStatus, to: RoundStatus, extra: { refusal?: string } = {}): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE house.rounds SET status = $3, refusal = COALESCE($4, refusal), updated_at = now() WHERE id = $1 AND status = $2 RETURNING id`,
    [id, from, to, extra.refusal ?? null],
  );
  return rows.length === 1;
}

/** The end of a round in the wallet: its win (0 for a loss) under the round's credit id. */
export function creditRound(wallet: WalletClient, round: { id: string; token: string; win: string }): Promise<WalletAnswer> {
  return wallet.credit({ token: round.token, transactionId: creditId(round.id), roundId: round.id, amount: round.win });
}

/** The round's stake given back under the round's rollback id (which also bars a debit the wallet never saw). */
export function rollBackStake(wallet: WalletClient, round: { id: string; token: string; stake: string }): Promise<WalletAnswer> {
  return wallet.rollback({ token: round.token, transactionId: rollbackId(round.id), roundId: round.id, reversesTransactionId: debitId(round.id), amount: round.stake });
}

/** What the player sees of a round. */
export function roundViewOf(row: RoundRow, game: AnyHouseGame): RoundView {
  const status: RoundView['status'] =
    row.status === 'open' || row.status === 'debiting'
      ? 'open'
      : row.status === 'crediting' || row.status === 'settled'
        ? 'settled'
        : row.status === 'refused'
          ? 'refused'
          : 'rolled_back';
  const over = status !== 'open';
  return {
    id: row.id,
    game: row.game,
    createdAt: new Date(row.created_at).toISOString(),
    stake: trimMoney(row.stake),
    win: row.win === null || status === 'open' ? null : trimMoney(row.win),
    status,
    bet: row.bet,
    view: game.view(row.state, over),
    fair: {
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: Number(row.nonce),
      // The server seed only once its pair is rotated and the round over: before, it would tell the future.
      serverSeed: row.revealed && over ? row.server_seed : null,
    },
  };
}

/** "12.5000" → "12.50": amounts to the player in cents. */
export function trimMoney(amount: string): string {
  const minor = toMinorUnits(amount);
  return fromMinorUnits(minor, { places: 4 }).replace(/(\.\d\d)00$/, '$1');
}

/** The stake could not be confirmed: give it back (a rollback of an id the wallet never saw also bars it for good). */
export async function undoRoundStake(deps: { sql: StudioSql; wallet: WalletClient; log: Logger }, id: string, token: string, stake: string): Promise<void> {
  if (!(await moveRound(deps.sql, id, 'debiting', 'rolling_back'))) return;
  const answer = await rollBackStake(deps.wallet, { id, token, stake });
  if (answer.kind === 'ok') await moveRound(deps.sql, id, 'rolling_back', 'rolled_back');
  else deps.log.warn({ roundId: id, answer: answer.kind }, 'stake rollback unanswered; the recovery job retries it');
}

/**
 * Pays the end of a round whose status is crediting: the credit, then settled; answers the balance
 * after it. No answer (null) leaves it crediting for the recovery job: the player is shown the
 * round with its win, which the retried credit (same id) pays.
 */
export async function settleRound(
  deps: { sql: StudioSql; wallet: WalletClient; log: Logger },
  round: { id: string; token: string; win: string },
): Promise<string | null> {
  const answer = await creditRound(deps.wallet, round);
  if (answer.kind === 'ok') {
    // The player's answer does not wait for this mark (one round trip less per round, ADR 0033):
    // until it lands the round reads crediting, and a recovery pass meanwhile repeats the credit
    // under the same id, which the wallet answers as a replay that moves nothing.
    moveRound(deps.sql, round.id, 'crediting', 'settled').catch((error: unknown) =>
      deps.log.warn({ roundId: round.id, err: error instanceof Error ? error.message : String(error) }, 'settled mark failed; the recovery job redoes it'),
    );
    return trimMoney(answer.balance);
  }
  if (answer.kind === 'refused') deps.log.error({ roundId: round.id, code: answer.code }, 'the wallet refused a round credit; left for an operator');
  else deps.log.warn({ roundId: round.id, reason: answer.reason }, 'round credit unanswered; the recovery job retries it');
  return null;
}

/** A demo session's play money, in cents. */
export async function demoBalanceOf(sql: StudioSql, tokenHash: string): Promise<string> {
  const [row] = await sql.query<{ balance: string }>('SELECT demo_balance::text AS balance FROM house.sessions WHERE token_hash = $1', [tokenHash]);
  return trimMoney(row?.balance ?? '0');
}

/** Moves play money: `delta` minor units (negative for a stake); null when the balance is too low. */
export async function moveDemoMoneyOf(sql: StudioSql, tokenHash: string, delta: bigint): Promise<string | null> {
  const [row] = await sql.query<{ balance: string }>(
    `UPDATE house.sessions SET demo_balance = demo_balance + $2::numeric WHERE token_hash = $1 AND demo_balance + $2::numeric >= 0
      RETURNING demo_balance::text AS balance`,
    [tokenHash, money(delta)],
  );
  return row ? trimMoney(row.balance) : null;
}

/** A round's stake as takeStake takes it. */
export interface StakeToTake {
  roundId: string;
  /** Minor units, taken from the wallet. */
  stake: bigint;
  /** Play money moved at once (the stake, with the win of a round decided at its start). */
  demoDelta: bigint;
  /** The round's status once the wallet took the stake, and once play money did. */
  next: RoundStatus;
  demoNext: RoundStatus;
}

/**
 * Takes the stake of a round written as debiting: play money for a demo session, else the wallet's
 * debit under the round's debit id; the round then moves on. A refusal moves the round to refused,
 * an unanswered debit rolls the stake back; either answers the refusal to show. Answers the balance
 * to show and the wallet's balance after the debit (null for play money).
 */
export async function takeStake(
  deps: { sql: StudioSql; wallet: WalletClient; log: Logger },
  session: StudioSession,
  take: StakeToTake,
): Promise<Outcome<{ balance: string; walletBalance: string | null }>> {
  const { sql, wallet, log } = deps;
  const id = take.roundId;
  if (session.demo) {
    const after = await moveDemoMoneyOf(sql, session.tokenHash, take.demoDelta);
    if (after === null) {
      await moveRound(sql, id, 'debiting', 'refused', { refusal: 'INSUFFICIENT_FUNDS' });
      return refuse('INSUFFICIENT_FUNDS', 'The stake is more than the play money left.');
    }
    await moveRound(sql, id, 'debiting', take.demoNext);
    return { ok: true, value: { balance: after, walletBalance: null } };
  }
  const token = session.walletToken!;
  const debit = await wallet.debit({ token, transactionId: debitId(id), roundId: id, amount: money(take.stake) });
  if (debit.kind === 'refused') {
    await moveRound(sql, id, 'debiting', 'refused', { refusal: debit.code });
    return walletRefusal(debit);
  }
  if (debit.kind === 'unknown') {
    log.warn({ roundId: id, game: session.game, reason: debit.reason }, 'stake unanswered; rolling the round back');
    await undoRoundStake(deps, id, token, money(take.stake));
    return refuse('WALLET_UNAVAILABLE', 'The bet could not be confirmed and was cancelled; nothing was taken.');
  }
  if (!(await moveRound(sql, id, 'debiting', take.next))) return refuse('WALLET_UNAVAILABLE', 'The bet was cancelled.');
  return { ok: true, value: { balance: trimMoney(debit.balance), walletBalance: debit.balance } };
}

/** The player-facing refusal of a wallet's "no" to a stake. */
export function walletRefusal(answer: Extract<WalletAnswer, { kind: 'refused' }>): { ok: false; code: HouseErrorCode; message: string } {
  switch (answer.code) {
    case 'INSUFFICIENT_FUNDS':
      return refuse('INSUFFICIENT_FUNDS', 'The stake is more than the balance.');
    // Blocked, in a time-out or self-exclusion, or at a loss or wager limit (issue 25): the site says which.
    case 'PLAYER_BLOCKED':
    case 'PLAYER_EXCLUDED':
    case 'LIMIT_EXCEEDED':
      return refuse('BETS_REFUSED', 'The site does not accept bets from this account now.');
    case 'INVALID_TOKEN':
      return refuse('SESSION_EXPIRED', 'The game session has ended: open the game again from the site.');
    default:
      return refuse('INTERNAL_ERROR', 'The bet could not be placed.');
  }
}

export function createRoundEngine(options: RoundEngineOptions) {
  const { sql, wallet, log } = options;

  async function loadRound(id: string, session: StudioSession): Promise<RoundRow | undefined> {
    const [row] = await sql.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM house.rounds r JOIN house.seed_pairs p ON p.id = r.seed_pair_id
        WHERE r.id = $1 AND r.site = $2 AND r.player = $3 AND r.game = $4`,
      [id, session.site, session.player, session.game],
    );
    return row;
  }

  const demoBalance = (session: StudioSession) => demoBalanceOf(sql, session.tokenHash);
  const moveDemoMoney = (session: StudioSession, delta: bigint) => moveDemoMoneyOf(sql, session.tokenHash, delta);

  /** Pays the end of a round (settleRound); without an answer the player is shown `expectedBalance`. */
  async function settle(row: Pick<RoundRow, 'id' | 'wallet_token' | 'win'>, expectedBalance: string | null): Promise<string | null> {
    return (await settleRound({ sql, wallet, log }, { id: row.id, token: row.wallet_token!, win: row.win ?? '0' })) ?? expectedBalance;
  }

  function capWin(win: bigint | null, limits: GameLimits): bigint | null {
    if (win === null) return null;
    const max = toMinorUnits(limits.maxWin);
    return win > max ? max : win;
  }

  async function readBalance(session: StudioSession): Promise<Outcome<string>> {
    if (session.demo) return { ok: true, value: await demoBalance(session) };
    const answer = await wallet.balance(session.walletToken!);
    if (answer.kind === 'ok') return { ok: true, value: trimMoney(answer.balance) };
    if (answer.kind === 'refused') return walletRefusal(answer);
    return refuse('WALLET_UNAVAILABLE', 'The balance cannot be read right now.');
  }

  return {

    async start(session: StudioSession, betInput: unknown): Promise<Outcome<{ round: RoundView; balance: string }>> {
      const game = options.game(session.game);
      if (!game) return refuse('VALIDATION', 'This game does not exist.');
      const parsed = game.betSchema.safeParse(betInput);
      if (!parsed.success) return refuse('VALIDATION', `The bet is not valid: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
      const bet = parsed.data;
      const stake: bigint = game.stakeOf(bet);
      const limits = options.limits(session.site);
      if (stake < toMinorUnits(limits.minBet) || stake > toMinorUnits(limits.maxBet)) {
        return refuse('BET_LIMIT', `A stake is from ${limits.minBet} to ${limits.maxBet}.`);
      }

      const seeds = await takeNonce(sql, session.site, session.player);
      const random = fairRoundRandom({ serverSeed: seeds.serverSeed, clientSeed: seeds.clientSeed, nonce: seeds.nonce }, options.hmacSha256);
      const first = game.start(bet, random);
      const win = capWin(first.win, limits);
      const id = randomUUID();
      const multiStep = typeof game.act === 'function';
      let createdAt: string | Date;
      try {
        const [inserted] = await sql.query<{ created_at: string | Date }>(
          `INSERT INTO house.rounds (id, site, player, game, currency, demo, seed_pair_id, nonce, bet, state, multi_step, stake, win, status, wallet_token)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $12, $13, 'debiting', $14) RETURNING created_at`,
          [id, session.site, session.player, session.game, session.currency, session.demo, seeds.pairId, seeds.nonce, JSON.stringify(bet), JSON.stringify(first.state), multiStep, money(stake), win === null ? null : money(win), session.walletToken],
        );
        createdAt = inserted!.created_at;
      } catch (error) {
        if ((error as { code?: string }).code === '23505') return refuse('ROUND_IN_PROGRESS', 'A round of this game is still open: finish it first.');
        throw error;
      }
      const next: RoundStatus = win === null ? 'open' : 'crediting';

      const taken = await takeStake({ sql, wallet, log }, session, {
        roundId: id,
        stake,
        demoDelta: -stake + (win ?? 0n),
        next,
        demoNext: next === 'crediting' ? 'settled' : 'open',
      });
      if (!taken.ok) return taken;
      let balance = taken.value.balance;
      const { walletBalance } = taken.value;
      if (walletBalance !== null && next === 'crediting') {
        const expected = trimMoney(money(toMinorUnits(walletBalance) + (win ?? 0n)));
        balance = (await settle({ id, wallet_token: session.walletToken, win: money(win ?? 0n) }, expected)) ?? expected;
      }
      // The round as written (no read back: one query less per round); a credit left unanswered
      // shows as settled, since the recovery job pays it.
      const row: RoundRow = {
        id,
        site: session.site,
        player: session.player,
        game: session.game,
        currency: session.currency,
        demo: session.demo,
        nonce: seeds.nonce,
        bet,
        state: first.state,
        step: 0,
        stake: money(stake),
        win: win === null ? null : money(win),
        status: next === 'crediting' ? 'settled' : next,
        wallet_token: null,
        created_at: createdAt,
        server_seed: seeds.serverSeed,
        server_seed_hash: seeds.serverSeedHash,
        client_seed: seeds.clientSeed,
        revealed: false,
      };
      return { ok: true, value: { round: roundViewOf(row, game), balance } };
    },

    async act(session: StudioSession, roundId: string, actionInput: unknown): Promise<Outcome<{ round: RoundView; balance: string }>> {
      const game = options.game(session.game);
      if (!game?.act || !game.actionSchema) return refuse('VALIDATION', 'This game takes no actions.');
      const row = await loadRound(roundId, session);
      if (!row || row.status !== 'open') return refuse('ROUND_NOT_OPEN', 'This round is not open.');
      const parsed = game.actionSchema.safeParse(actionInput);
      if (!parsed.success) return refuse('VALIDATION', 'The action is not valid.');
      let step: { state: unknown; win: bigint | null };
      try {
        step = game.act(row.state, parsed.data);
      } catch (error) {
        if (error instanceof Error && error.name === 'GameRuleError') return refuse('VALIDATION', error.message);
        throw error;
      }
      const win = capWin(step.win, options.limits(session.site));
      const next: RoundStatus = win === null ? 'open' : session.demo ? 'settled' : 'crediting';
      const updated = await sql.query(
        `UPDATE house.rounds SET state = $3::jsonb, step = step + 1, status = $4, win = $5, updated_at = now()
          WHERE id = $1 AND step = $2 AND status = 'open' RETURNING id`,
        [roundId, row.step, JSON.stringify(step.state), next, win === null ? null : money(win)],
      );
      // Another action (a second tab, a double tap) came first.
      if (updated.length !== 1) return refuse('ROUND_NOT_OPEN', 'This round has moved on: reload it.');

      let balance: string | null = null;
      if (win !== null && session.demo) balance = await moveDemoMoney(session, win);
      else if (win !== null) balance = await settle({ id: roundId, wallet_token: row.wallet_token, win: money(win) }, null);
      const shown: string = balance ?? (session.demo ? await demoBalance(session) : await readBalance(session).then((read) => (read.ok ? read.value : '0')));
      const after = await loadRound(roundId, session);
      return { ok: true, value: { round: roundViewOf(after!, game), balance: shown } };
    },

    balance: readBalance,

    async openRound(session: StudioSession): Promise<RoundView | null> {
      const game = options.game(session.game);
      if (!game?.act) return null;
      const [row] = await sql.query<RoundRow>(
        `SELECT ${ROUND_COLUMNS} FROM house.rounds r JOIN house.seed_pairs p ON p.id = r.seed_pair_id
          WHERE r.site = $1 AND r.player = $2 AND r.game = $3 AND r.status = 'open' AND r.demo = $4`,
        [session.site, session.player, session.game, session.demo],
      );
      return row ? roundViewOf(row, game) : null;
    },

    async history(session: StudioSession, before: string | undefined): Promise<RoundView[]> {
      const game = options.game(session.game);
      if (!game) return [];
      const rows = await sql.query<RoundRow>(
        `SELECT ${ROUND_COLUMNS} FROM house.rounds r JOIN house.seed_pairs p ON p.id = r.seed_pair_id
          WHERE r.site = $1 AND r.player = $2 AND r.game = $3 AND r.demo = $4 AND r.status NOT IN ('debiting', 'refused')
            AND ($5::text IS NULL OR r.created_at < (SELECT created_at FROM house.rounds WHERE id = $5))
          ORDER BY r.created_at DESC LIMIT 50`,
        [session.site, session.player, session.game, session.demo, before ?? null],
      );
      return rows.map((row) => roundViewOf(row, game));
    },
  };
}

export type RoundEngine = ReturnType<typeof createRoundEngine>;
