import { randomUUID } from 'node:crypto';
import { fromMinorUnits, toMinorUnits } from '@wl/contracts';
import { CRASH_GAME_CODE, CRASH_MIN_CASHOUT, crashBetSchema, crashMultiplierAt, crashSalt, effectiveCapHundredths, type CrashBetView } from '../../games/crash.js';
import { CRASH_MAX_HUNDREDTHS } from '../../games/crash-point.js';
import { hundredthsOf, hundredthsText, winOf } from '../../games/money.js';
import type { GameLimits, RoundView } from '../../api.js';
import {
  moveDemoMoneyOf,
  moveRound,
  refuse,
  settleRound,
  takeStake,
  trimMoney,
  type Logger,
  type Outcome,
  type RoundStatus,
} from '../rounds.js';
import type { StudioSession } from '../sessions.js';
import type { StudioSql } from '../sql.js';
import type { WalletClient } from '../wallet-client.js';
import { currentCrashRound, epochMs, exposureCapHundredths, type CrashRoundRow, type CrashTimetable } from './timetable.js';

/*
 * A player's bet in a shared crash round (ADR 0032) is a round of house.rounds (rounds.ts) with
 * crash_round set: the stake a wallet debit, its end a credit (the win, 0 for a loss), idempotent
 * by id, finished by the recovery job when a call goes unanswered. What is particular:
 * - a bet is taken only while its round takes bets (the INSERT checks the database's clock
 *   against flight_at), and its real-money stake is added to the round's total_stake under the
 *   round's maximum payout;
 * - a cash-out is judged by the database's clock against crashed_at in the same UPDATE that
 *   records it, so a request arriving after the crash is refused whatever the load;
 * - a bet still open after its round crashed is settled by settleCrashedBets: it won at its cap
 *   (the automatic cash-out, the max win, or the round's exposure cap) when the crash point
 *   reached it, and lost otherwise.
 */

/** A bet's state (house.rounds.state). */
export interface CrashBetState {
  round: number;
  autoCashout: string | null;
  /** The bet's own cap in hundredths as text: its automatic cash-out, or the max win over the stake. */
  capHundredths: string;
  /** The multiplier it was cashed out at (by hand, or at settlement when its cap was reached). */
  cashedOut: string | null;
}

/** A bet with its round, as the views and the settlement read it. */
export interface CrashBetRow extends CrashRoundRow {
  id: string;
  player: string;
  demo: boolean;
  currency: string;
  stake: string;
  win: string | null;
  status: RoundStatus;
  state: CrashBetState;
  bet: unknown;
  wallet_token: string | null;
  session_hash: string | null;
  created_ms: number;
}

const BET_COLUMNS = `b.id, b.site, b.player, b.demo, b.currency, b.stake::text AS stake, b.win::text AS win, b.status, b.state, b.bet,
  b.wallet_token, b.session_hash, ${epochMs('b.created_at')} AS created_ms,
  c.round, c.chain, c.chain_index, c.hash, c.previous_hash, c.crash_point::text AS crash_point, c.growth_per_ms,
  ${epochMs('c.flight_at')} AS flight_ms, ${epochMs('c.crashed_at')} AS crashed_ms,
  c.max_payout::text AS max_payout, c.total_stake::text AS total_stake, ${epochMs('now()')} AS now_ms`;

const BET_FROM = 'house.rounds b JOIN house.crash_rounds c ON c.site = b.site AND c.round = b.crash_round';

/** Winning bets of crashed rounds paid at once by one settlement pass. */
const SETTLE_CONCURRENCY = 4;

/** Runs `work` over `items`, `concurrency` at a time. */
async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) await work(items[index]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** What a bet is cashed out at when it is not cashed out by hand: its own cap or the round's exposure cap. */
export function settlementCap(bet: Pick<CrashBetRow, 'state' | 'max_payout' | 'total_stake' | 'demo'>): bigint {
  // Play money does not count against the round's maximum payout.
  return effectiveCapHundredths([BigInt(bet.state.capHundredths), bet.demo ? null : exposureCapHundredths(bet)]);
}

/** The multiplier a bet was cashed out at `atMs` (server clock), or null while it flies or once lost. */
export function cashedOutAt(bet: CrashBetRow, atMs: number): bigint | null {
  if (bet.state.cashedOut !== null) return hundredthsOf(bet.state.cashedOut);
  const cap = settlementCap(bet);
  const point = hundredthsOf(bet.crash_point);
  if (atMs >= bet.crashed_ms) return cap <= point ? cap : null;
  // Flying: an automatic cash-out shows once the multiplier passed it.
  return atMs > bet.flight_ms && cap <= crashMultiplierAt(atMs - bet.flight_ms, bet.growth_per_ms) ? cap : null;
}

/** The player's view of a bet (the history, the `crash` call's myBet). */
export function crashBetView(bet: CrashBetRow, atMs: number): RoundView {
  const crashed = atMs >= bet.crashed_ms;
  const status: RoundView['status'] =
    bet.status === 'open' || bet.status === 'debiting'
      ? 'open'
      : bet.status === 'crediting' || bet.status === 'settled'
        ? 'settled'
        : bet.status === 'refused'
          ? 'refused'
          : 'rolled_back';
  const cashed = cashedOutAt(bet, atMs);
  const view: CrashBetView = {
    round: Number(bet.round),
    autoCashout: bet.state.autoCashout,
    cashedOut: cashed === null ? null : hundredthsText(cashed),
    crashPoint: crashed ? bet.crash_point : null,
  };
  return {
    id: bet.id,
    game: CRASH_GAME_CODE,
    createdAt: new Date(bet.created_ms).toISOString(),
    stake: trimMoney(bet.stake),
    win: status === 'open' || bet.win === null ? null : trimMoney(bet.win),
    status,
    bet: bet.bet,
    view,
    fair: {
      serverSeedHash: bet.previous_hash,
      clientSeed: crashSalt(bet.site, Number(bet.chain)),
      nonce: Number(bet.chain_index),
      // The round's hash tells its crash point: only once it crashed.
      serverSeed: crashed ? bet.hash : null,
    },
  };
}

export interface CrashBetsOptions {
  sql: StudioSql;
  wallet: WalletClient;
  log: Logger;
  limits(site: string): GameLimits;
  timetable: CrashTimetable;
}

export function createCrashBets(options: CrashBetsOptions) {
  const { sql, wallet, log } = options;
  const current = (site: string): Promise<CrashRoundRow> =>
    currentCrashRound(sql, site, { ...options.timetable, maxPayout: options.limits(site).crashExposure });

  async function loadBet(id: string, session: StudioSession): Promise<CrashBetRow | undefined> {
    const [row] = await sql.query<CrashBetRow>(
      `SELECT ${BET_COLUMNS} FROM ${BET_FROM} WHERE b.id = $1 AND b.site = $2 AND b.player = $3 AND b.game = $4 AND b.demo = $5`,
      [id, session.site, session.player, CRASH_GAME_CODE, session.demo],
    );
    return row;
  }

  /**
   * Ends a bet at `cashout` hundredths (null: lost): records it unless something else ended it
   * first, then pays it. `whileFlying` makes the database refuse it once the round crashed.
   */
  async function endBet(bet: CrashBetRow, cashout: bigint | null, whileFlying: boolean): Promise<{ ended: boolean; balance: string | null }> {
    const win = cashout === null ? 0n : winOf(toMinorUnits(bet.stake), cashout);
    const next: RoundStatus = bet.demo ? 'settled' : 'crediting';
    const updated = await sql.query(
      `UPDATE house.rounds b
          SET state = CASE WHEN $2::text IS NULL THEN b.state ELSE jsonb_set(b.state, '{cashedOut}', to_jsonb($2::text)) END,
              win = $3::numeric, status = $4, step = b.step + 1, updated_at = now()
        WHERE b.id = $1 AND b.status = 'open'
          AND (NOT $5::boolean OR EXISTS (SELECT 1 FROM house.crash_rounds c WHERE c.site = b.site AND c.round = b.crash_round AND now() < c.crashed_at))
        RETURNING b.id`,
      [bet.id, cashout === null ? null : hundredthsText(cashout), fromMinorUnits(win), next, whileFlying],
    );
    if (updated.length !== 1) return { ended: false, balance: null };
    if (bet.demo) return { ended: true, balance: win > 0n && bet.session_hash ? await moveDemoMoneyOf(sql, bet.session_hash, win) : null };
    return { ended: true, balance: await settleRound({ sql, wallet, log }, { id: bet.id, token: bet.wallet_token!, win: fromMinorUnits(win) }) };
  }

  /** Settles the open bets of crashed rounds (of one site, of one player): at their cap when the crash point reached it. */
  async function settleCrashedBets(filter: { site?: string; player?: string } = {}): Promise<number> {
    const rows = await sql.query<CrashBetRow>(
      `SELECT ${BET_COLUMNS} FROM ${BET_FROM}
        WHERE b.crash_round IS NOT NULL AND b.status = 'open' AND c.crashed_at <= now()
          AND ($1::text IS NULL OR b.site = $1) AND ($2::text IS NULL OR b.player = $2)
        ORDER BY c.crashed_at LIMIT 500`,
      [filter.site ?? null, filter.player ?? null],
    );
    let settled = 0;
    const settle = async (bet: CrashBetRow, cap: bigint | null) => {
      try {
        if ((await endBet(bet, cap, false)).ended) settled += 1;
      } catch (error) {
        log.warn({ roundId: bet.id, err: error instanceof Error ? error.message : String(error) }, 'crash bet settlement failed; retried later');
      }
    };
    const winners: { bet: CrashBetRow; cap: bigint }[] = [];
    const losers: CrashBetRow[] = [];
    for (const bet of rows) {
      const cap = settlementCap(bet);
      if (cap <= hundredthsOf(bet.crash_point)) winners.push({ bet, cap });
      else losers.push(bet);
    }
    // The winners first, a few at a time: their wins reach their balances within moments. The
    // losers' credits of 0 change no balance: one at a time, so a crash does not become a burst of
    // wallet calls in front of every other player's rounds.
    await inParallel(winners, SETTLE_CONCURRENCY, ({ bet, cap }) => settle(bet, cap));
    await inParallel(losers, 1, (bet) => settle(bet, null));
    return settled;
  }

  return {
    current,
    settleCrashedBets,

    /** The player's open bet (of any round not settled yet). */
    async openBet(session: StudioSession): Promise<RoundView | null> {
      const [row] = await sql.query<CrashBetRow>(
        `SELECT ${BET_COLUMNS} FROM ${BET_FROM}
          WHERE b.site = $1 AND b.player = $2 AND b.game = $3 AND b.demo = $4 AND b.status IN ('debiting', 'open')
          ORDER BY b.created_at DESC LIMIT 1`,
        [session.site, session.player, CRASH_GAME_CODE, session.demo],
      );
      return row ? crashBetView(row, row.now_ms) : null;
    },

    /**
     * Places a bet in the round taking bets. `takingBets` is the caller's recent read of it (the
     * `crash` call's snapshot), which saves a query; the INSERT checks the round's time anyway.
     */
    async place(
      session: StudioSession,
      betInput: unknown,
      takingBets?: CrashRoundRow,
    ): Promise<Outcome<{ round: RoundView; balance: string }>> {
      const parsed = crashBetSchema.safeParse(betInput);
      if (!parsed.success) return refuse('VALIDATION', `The bet is not valid: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
      const stake = toMinorUnits(parsed.data.stake);
      const limits = options.limits(session.site);
      if (stake < toMinorUnits(limits.minBet) || stake > toMinorUnits(limits.maxBet)) {
        return refuse('BET_LIMIT', `A stake is from ${limits.minBet} to ${limits.maxBet}.`);
      }
      // "2" and "2.0" are 2.00: one spelling in the bet, the views and the history.
      const autoCashout = parsed.data.autoCashout == null ? null : hundredthsText(hundredthsOf(parsed.data.autoCashout));
      // The bet's own cap: its automatic cash-out, and the max win (a bet never pays more).
      const maxWinCap = (toMinorUnits(limits.maxWin) * 100n) / stake;
      const cap = effectiveCapHundredths([autoCashout === null ? null : hundredthsOf(autoCashout), maxWinCap, CRASH_MAX_HUNDREDTHS]);
      if (cap < hundredthsOf(CRASH_MIN_CASHOUT)) return refuse('BET_LIMIT', 'This stake could not win anything under the maximum win.');

      const round = takingBets ?? (await current(session.site));
      if (!takingBets && round.now_ms >= round.flight_ms) return refuse('BETTING_CLOSED', 'Bets are closed: the rocket is flying. Bet on the next round.');

      const id = randomUUID();
      const state: CrashBetState = { round: Number(round.round), autoCashout, capHundredths: cap.toString(), cashedOut: null };
      const bet = { stake: parsed.data.stake, autoCashout };
      const insert = () =>
        sql.query<{ created_ms: number }>(
          `INSERT INTO house.rounds (id, site, player, game, currency, demo, bet, state, multi_step, stake, status, wallet_token, crash_round, session_hash)
           SELECT $1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, true, $9::numeric, 'debiting', $10, c.round, $11
             FROM house.crash_rounds c WHERE c.site = $2 AND c.round = $12 AND now() < c.flight_at
           RETURNING ${epochMs('created_at')} AS created_ms`,
          [id, session.site, session.player, CRASH_GAME_CODE, session.currency, session.demo, JSON.stringify(bet), JSON.stringify(state), fromMinorUnits(stake), session.walletToken, session.demo ? session.tokenHash : null, round.round],
        );
      const isOneOpenBet = (error: unknown) => (error as { code?: string }).code === '23505';
      let inserted: { created_ms: number }[];
      try {
        inserted = await insert().catch(async (error: unknown) => {
          if (!isOneOpenBet(error)) throw error;
          // The player's bet of a round that crashed and is not settled yet holds the one open
          // bet: settle it, then try once more.
          if ((await settleCrashedBets({ site: session.site, player: session.player })) === 0) throw error;
          return insert();
        });
      } catch (error) {
        if (isOneOpenBet(error)) return refuse('ROUND_IN_PROGRESS', 'You have a bet in this round already.');
        throw error;
      }
      if (inserted.length !== 1) return refuse('BETTING_CLOSED', 'Bets are closed: the rocket is flying. Bet on the next round.');

      if (!session.demo) {
        // The stake counts against the round's maximum payout: at least 1.01 × the stakes must fit.
        const reserved = await sql.query(
          `UPDATE house.crash_rounds SET total_stake = total_stake + $3::numeric
            WHERE site = $1 AND round = $2 AND now() < flight_at AND (total_stake + $3::numeric) * $4::numeric <= max_payout
            RETURNING round`,
          [session.site, round.round, fromMinorUnits(stake), CRASH_MIN_CASHOUT],
        );
        if (reserved.length !== 1) {
          const [still] = await sql.query<{ open: boolean }>('SELECT now() < flight_at AS open FROM house.crash_rounds WHERE site = $1 AND round = $2', [session.site, round.round]);
          const closed = !still?.open;
          await moveRound(sql, id, 'debiting', 'refused', { refusal: closed ? 'BETTING_CLOSED' : 'ROUND_FULL' });
          return closed
            ? refuse('BETTING_CLOSED', 'Bets are closed: the rocket is flying. Bet on the next round.')
            : refuse('ROUND_FULL', 'This round is full. Bet on the next round.');
        }
      }

      const taken = await takeStake({ sql, wallet, log }, session, { roundId: id, stake, demoDelta: -stake, next: 'open', demoNext: 'open' });
      if (!taken.ok) return taken;
      const { balance } = taken.value;
      // The bet as written (no read back: one query less per bet).
      const placed: CrashBetRow = {
        ...round,
        id,
        site: session.site,
        player: session.player,
        demo: session.demo,
        currency: session.currency,
        stake: fromMinorUnits(stake),
        win: null,
        status: 'open',
        state,
        bet,
        wallet_token: null,
        session_hash: null,
        created_ms: inserted[0]!.created_ms,
        now_ms: inserted[0]!.created_ms,
      };
      return { ok: true, value: { round: crashBetView(placed, placed.now_ms), balance } };
    },

    async cashOut(session: StudioSession, roundId: string, readBalance: () => Promise<Outcome<string>>): Promise<Outcome<{ round: RoundView; balance: string }>> {
      const bet = await loadBet(roundId, session);
      if (!bet || bet.status !== 'open') return refuse('ROUND_NOT_OPEN', 'This bet is not open.');
      if (bet.now_ms < bet.flight_ms) return refuse('ROUND_NOT_OPEN', 'The rocket has not taken off yet.');
      if (bet.now_ms >= bet.crashed_ms) return refuse('ROUND_NOT_OPEN', 'Too late: the rocket crashed.');
      const now = crashMultiplierAt(bet.now_ms - bet.flight_ms, bet.growth_per_ms);
      const cap = settlementCap(bet);
      const cashout = now < cap ? now : cap;
      if (cashout < hundredthsOf(CRASH_MIN_CASHOUT)) return refuse('VALIDATION', `The smallest cash-out is ${CRASH_MIN_CASHOUT}×.`);
      const ended = await endBet(bet, cashout, true);
      if (!ended.ended) {
        // The crash came between the read and the write, or another tab cashed it out first.
        return refuse('ROUND_NOT_OPEN', 'Too late: the rocket crashed.');
      }
      const after = await loadBet(roundId, session);
      let balance = ended.balance;
      if (balance === null) {
        const read = await readBalance();
        balance = read.ok ? read.value : '0';
      }
      return { ok: true, value: { round: crashBetView(after!, after!.now_ms), balance } };
    },

    async history(session: StudioSession, before: string | undefined): Promise<RoundView[]> {
      const rows = await sql.query<CrashBetRow>(
        `SELECT ${BET_COLUMNS} FROM ${BET_FROM}
          WHERE b.site = $1 AND b.player = $2 AND b.game = $3 AND b.demo = $4 AND b.status NOT IN ('debiting', 'refused')
            AND ($5::text IS NULL OR b.created_at < (SELECT created_at FROM house.rounds WHERE id = $5))
          ORDER BY b.created_at DESC LIMIT 50`,
        [session.site, session.player, CRASH_GAME_CODE, session.demo, before ?? null],
      );
      return rows.map((row) => crashBetView(row, row.now_ms));
    },

    /** The bets of one round, biggest stakes first (the live list). */
    async betsOf(site: string, round: number): Promise<CrashBetRow[]> {
      return sql.query<CrashBetRow>(
        `SELECT ${BET_COLUMNS} FROM ${BET_FROM}
          WHERE b.site = $1 AND b.crash_round = $2 AND b.status IN ('open', 'crediting', 'settled')
          ORDER BY b.stake DESC, b.created_at LIMIT 200`,
        [site, round],
      );
    },
  };
}

export type CrashBets = ReturnType<typeof createCrashBets>;
