import { createHmac } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { CRASH_GAME_CODE, CRASH_RTP, crashSalt } from '../../games/crash.js';
import { fromMinorUnits, toMinorUnits } from '@wl/contracts';
import { hundredthsText, winOf } from '../../games/money.js';
import type { CrashBetLine, HouseReply } from '../../api.js';
import { refuse, trimMoney, type Outcome } from '../rounds.js';
import type { StudioSession } from '../sessions.js';
import { entryLimit } from '../entry-limit.js';
import { cashedOutAt, crashBetView, createCrashBets, type CrashBetRow, type CrashBetsOptions } from './bets.js';
import { crashChain, type CrashRoundRow } from './timetable.js';

/*
 * The crash game's calls (ADR 0032). Pages ask for the round about twice a second; each process
 * answers every page of a site from one snapshot read at most every SNAPSHOT_MS (the round, its
 * bets, the last crash points), placed on the server's clock per answer. Building a snapshot also
 * settles, in the background, the bets of crashed rounds of the site: the pages watching are what
 * moves a site's rounds along, and the recovery job settles whatever no page watched.
 */

const SNAPSHOT_MS = 200;
const SETTLE_EVERY_MS = 500;
const RECENT_ROUNDS = 20;
/** The live list's length: the biggest stakes (and the page's own bet). */
const LIST_LENGTH = 50;

interface Snapshot {
  round: CrashRoundRow;
  bets: CrashBetRow[];
  recent: { round: number; crash_point: string; hash: string }[];
  /** Server clock − this process's clock, rounded so the page is never told a crash before it happened. */
  offsetMs: number;
  builtAt: number;
  /** The first bets' lines as of `linesAt` (a LINES_EVERY_MS step of the server's time), shared by the polls of that step. */
  lines?: CrashBetLine[];
  linesAt?: string;
}

/** How long the bets' lines of a snapshot serve the polls: one tenth of a second of cash-outs. */
const LINES_EVERY_MS = 100;

export interface CrashGameOptions extends CrashBetsOptions {
  /** Keys the players' public tags, so a tag cannot be traced back to an account id. */
  tagKey: string;
}

export function createCrashGame(options: CrashGameOptions) {
  const bets = createCrashBets(options);
  const snapshots = new LRUCache<string, Promise<Snapshot>>({ ...entryLimit(10_000), ttl: SNAPSHOT_MS });
  const settling = new Map<string, number>();

  // Every poll lists up to 50 bets: each player's tag is computed once, not once per poll.
  const tags = new LRUCache<string, string>(entryLimit(100_000));
  const playerTag = (site: string, player: string): string => {
    const key = `${site}:${player}`;
    let tag = tags.get(key);
    if (tag === undefined) {
      tag = createHmac('sha256', options.tagKey).update(key).digest('hex').slice(0, 4);
      tags.set(key, tag);
    }
    return tag;
  };

  function settleInBackground(site: string): void {
    const last = settling.get(site);
    if (last !== undefined && (last < 0 || Date.now() - last < SETTLE_EVERY_MS)) return;
    settling.set(site, -1);
    bets
      .settleCrashedBets({ site })
      .catch((error: unknown) => options.log.warn({ site, err: error instanceof Error ? error.message : String(error) }, 'crash settlement failed; retried'))
      .finally(() => settling.set(site, Date.now()));
  }

  async function build(site: string): Promise<Snapshot> {
    const round = await bets.current(site);
    // Read after the query came back: the offset errs towards an earlier server time.
    const offsetMs = Math.floor(round.now_ms - Date.now());
    const [list, recent] = await Promise.all([
      bets.betsOf(site, round.round),
      options.sql.query<{ round: number; crash_point: string; hash: string }>(
        `SELECT round, crash_point::text AS crash_point, hash FROM house.crash_rounds
          WHERE site = $1 AND crashed_at <= now() ORDER BY round DESC LIMIT ${RECENT_ROUNDS}`,
        [site],
      ),
    ]);
    settleInBackground(site);
    return { round, bets: list, recent, offsetMs, builtAt: Date.now() };
  }

  function snapshot(site: string): Promise<Snapshot> {
    const cached = snapshots.get(site);
    if (cached) return cached;
    const made = build(site);
    snapshots.set(site, made);
    made.catch(() => snapshots.delete(site));
    return made;
  }

  function lineOf(bet: CrashBetRow, nowMs: number): CrashBetLine {
    const cashed = cashedOutAt(bet, nowMs);
    const crashed = nowMs >= bet.crashed_ms;
    const win = cashed !== null ? winOf(toMinorUnits(bet.stake), cashed) : crashed ? 0n : null;
    return {
      player: playerTag(bet.site, bet.player),
      mine: false,
      stake: trimMoney(bet.stake),
      cashedOut: cashed === null ? null : hundredthsText(cashed),
      win: win === null ? null : trimMoney(fromMinorUnits(win)),
    };
  }

  /**
   * The snapshot's lines at `nowMs`: made once per LINES_EVERY_MS for every poll of the site (a
   * page asks twice a second, so a hundred players would otherwise make them a hundred times).
   */
  function linesOf(taken: Snapshot, nowMs: number): CrashBetLine[] {
    // The crash starts a step of its own: no line reads as still flying once the round crashed.
    const step = `${Math.floor(nowMs / LINES_EVERY_MS)}:${nowMs >= taken.round.crashed_ms}`;
    if (taken.lines === undefined || taken.linesAt !== step) {
      // The list's length and one more: the line the player's own bet leaves free.
      taken.lines = taken.bets.slice(0, LIST_LENGTH + 1).map((bet) => lineOf(bet, nowMs));
      taken.linesAt = step;
    }
    return taken.lines;
  }

  return {
    code: CRASH_GAME_CODE,
    rtp: CRASH_RTP,
    settleCrashedBets: bets.settleCrashedBets,
    openBet: bets.openBet,
    history: bets.history,
    /** Places a bet, in the snapshot's round when it still takes bets by this process's clock. */
    async place(session: StudioSession, betInput: unknown) {
      const cached = await snapshots.get(session.site);
      const takingBets = cached && Date.now() + cached.offsetMs < cached.round.flight_ms - 50 ? cached.round : undefined;
      return bets.place(session, betInput, takingBets);
    },
    cashOut: bets.cashOut,

    /** The `state` call's seeds for the crash game: the site's chain, whose end is published. */
    async seeds(session: StudioSession): Promise<{ serverSeedHash: string; clientSeed: string; nonce: number }> {
      const round = (await snapshot(session.site)).round;
      const chain = await crashChain(options.sql, session.site, Number(round.chain));
      return { serverSeedHash: chain.end_hash, clientSeed: crashSalt(session.site, Number(round.chain)), nonce: Number(round.chain_index) };
    },

    /** The `crash` call. */
    async now(session: StudioSession): Promise<Outcome<Omit<HouseReply<'crash'>, 'ok'>>> {
      let taken: Snapshot;
      try {
        taken = await snapshot(session.site);
      } catch (error) {
        options.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'crash round unavailable');
        return refuse('INTERNAL_ERROR', 'The round could not be read. Try again.');
      }
      const { round } = taken;
      const nowMs = Date.now() + taken.offsetMs;
      const crashed = nowMs >= round.crashed_ms;
      const phase = nowMs < round.flight_ms ? 'betting' : crashed ? 'crashed' : 'flying';
      const mineAt = taken.bets.findIndex((bet) => bet.player === session.player && bet.demo === session.demo);
      const mine = mineAt < 0 ? undefined : taken.bets[mineAt];
      const all = linesOf(taken, nowMs);
      const others = all.filter((_, index) => index !== mineAt).slice(0, mine ? LIST_LENGTH - 1 : LIST_LENGTH);
      const lines = mine ? [{ ...(all[mineAt] ?? lineOf(mine, nowMs)), mine: true }, ...others] : others;
      return {
        ok: true,
        value: {
          serverTime: new Date(nowMs).toISOString(),
          growthPerMs: Number(round.growth_per_ms),
          pauseMs: options.timetable.pauseMs,
          round: {
            round: Number(round.round),
            phase,
            flightAt: new Date(round.flight_ms).toISOString(),
            bettingMs: options.timetable.bettingMs,
            crashedAt: crashed ? new Date(round.crashed_ms).toISOString() : null,
            crashPoint: crashed ? round.crash_point : null,
            nextAt: crashed ? new Date(round.crashed_ms + options.timetable.pauseMs).toISOString() : null,
            fair: {
              chain: Number(round.chain),
              index: Number(round.chain_index),
              salt: crashSalt(round.site, Number(round.chain)),
              previousHash: round.previous_hash,
              hash: crashed ? round.hash : null,
            },
            bets: lines,
          },
          recent: taken.recent
            .filter((entry) => Number(entry.round) !== Number(round.round) || crashed)
            .map((entry) => ({ round: Number(entry.round), crashPoint: entry.crash_point, hash: entry.hash })),
          myBet: mine ? crashBetView({ ...mine, now_ms: nowMs }, nowMs) : null,
        },
      };
    },
  };
}

export type CrashGame = ReturnType<typeof createCrashGame>;
