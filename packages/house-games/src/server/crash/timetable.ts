import { createHash, randomBytes } from 'node:crypto';
import { toMinorUnits } from '@wl/contracts';
import {
  CRASH_CHAIN_LENGTH,
  chainHash,
  crashFlightMs,
  crashPointOfHash,
  crashSalt,
} from '../../games/crash.js';
import { hundredthsOf, hundredthsText } from '../../games/money.js';
import type { StudioSql } from '../sql.js';

/*
 * The crash game's timetable (ADR 0032). A site's rounds follow each other with no leader and no
 * timer: whoever needs the current round (a page asking, a bet) reads the site's newest round, and
 * when it crashed more than the pause (CRASH_PAUSE_MS) ago makes the next one, numbered one higher, with its
 * whole timetable (bets until flight_at, the crash at crashed_at, from its crash point) fixed in
 * the row. Two processes making the same round insert the same number; the first wins
 * (ON CONFLICT DO NOTHING) and both read it back. So the rounds run on time whatever the load:
 * the crash moment is written before the round starts, and a cash-out is judged against it by
 * the database's clock.
 */

/** How long a round takes bets, and how long its crash stays on screen before the next one. */
export interface CrashTimetable {
  bettingMs: number;
  pauseMs: number;
  /** The multiplier's growth per ms (CRASH_GROWTH_PER_MS; the tests fly faster). */
  growthPerMs: number;
}

export interface CrashRoundRow {
  site: string;
  round: number;
  chain: number;
  chain_index: number;
  hash: string;
  previous_hash: string;
  crash_point: string;
  growth_per_ms: number;
  /** Epoch milliseconds of the database's clock (numbers: every driver reads float8 alike). */
  flight_ms: number;
  crashed_ms: number;
  max_payout: string;
  total_stake: string;
  /** The database's clock when the row was read. */
  now_ms: number;
}

/** Epoch milliseconds of a timestamptz column, as float8. */
export const epochMs = (column: string): string => `(extract(epoch FROM ${column}) * 1000)::float8`;

const ROUND_COLUMNS = `site, round, chain, chain_index, hash, previous_hash, crash_point::text AS crash_point, growth_per_ms,
  ${epochMs('flight_at')} AS flight_ms, ${epochMs('crashed_at')} AS crashed_ms,
  max_payout::text AS max_payout, total_stake::text AS total_stake, ${epochMs('now()')} AS now_ms`;

const nodeChainParent = (hash: string): string => createHash('sha256').update(hash, 'utf8').digest('hex');

interface ChainRow {
  number: number;
  seed: string;
  end_hash: string;
  length: number;
}

/** The site's chain `number`, made (with a new secret seed) if it does not exist yet. */
export async function crashChain(sql: StudioSql, site: string, number: number): Promise<ChainRow> {
  const read = () =>
    sql.query<ChainRow>('SELECT number, seed, end_hash, length FROM house.crash_chains WHERE site = $1 AND number = $2', [site, number]);
  const [found] = await read();
  if (found) return found;
  const seed = randomBytes(32).toString('hex');
  const endHash = chainHash(seed, CRASH_CHAIN_LENGTH, 0, nodeChainParent);
  await sql.query(
    `INSERT INTO house.crash_chains (site, number, seed, end_hash, length) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [site, number, seed, endHash, CRASH_CHAIN_LENGTH],
  );
  const [made] = await read();
  return made!;
}

/** The site's newest round, if any. */
export async function newestCrashRound(sql: StudioSql, site: string): Promise<CrashRoundRow | undefined> {
  const [row] = await sql.query<CrashRoundRow>(`SELECT ${ROUND_COLUMNS} FROM house.crash_rounds WHERE site = $1 ORDER BY round DESC LIMIT 1`, [site]);
  return row;
}

export async function crashRoundOf(sql: StudioSql, site: string, round: number): Promise<CrashRoundRow | undefined> {
  const [row] = await sql.query<CrashRoundRow>(`SELECT ${ROUND_COLUMNS} FROM house.crash_rounds WHERE site = $1 AND round = $2`, [site, round]);
  return row;
}

/**
 * The round a page shows now: the newest, or the next one made when the newest crashed more than
 * the pause ago. `maxPayout` is the site's per-round maximum, written into a new round.
 */
export async function currentCrashRound(sql: StudioSql, site: string, options: CrashTimetable & { maxPayout: string }): Promise<CrashRoundRow> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const newest = await newestCrashRound(sql, site);
    if (newest && newest.now_ms < newest.crashed_ms + options.pauseMs) return newest;
    await makeNextRound(sql, site, newest, options);
  }
  // Three rounds made and gone in a moment: the clock or the database misbehaves.
  throw new Error('the crash timetable could not make a round');
}

async function makeNextRound(sql: StudioSql, site: string, newest: CrashRoundRow | undefined, options: CrashTimetable & { maxPayout: string }): Promise<void> {
  let chainNumber = newest?.chain ?? 1;
  let index = (newest?.chain_index ?? 0) + 1;
  let chain = await crashChain(sql, site, chainNumber);
  if (index > chain.length) {
    chainNumber += 1;
    index = 1;
    chain = await crashChain(sql, site, chainNumber);
  }
  const hash = chainHash(chain.seed, chain.length, index, nodeChainParent);
  const previousHash = nodeChainParent(hash);
  const point = crashPointOfHash(hash, crashSalt(site, chainNumber));
  await sql.query(
    `INSERT INTO house.crash_rounds (site, round, chain, chain_index, hash, previous_hash, crash_point, growth_per_ms, flight_at, crashed_at, max_payout)
     SELECT $1, $2, $3, $4, $5, $6, $7::numeric, $11::double precision, t.flight_at, t.flight_at + make_interval(secs => $9::double precision / 1000), $10::numeric
       FROM (SELECT now() + make_interval(secs => $8::double precision / 1000) AS flight_at) t
     ON CONFLICT DO NOTHING`,
    [site, (newest?.round ?? 0) + 1, chainNumber, index, hash, previousHash, hundredthsText(point), options.bettingMs, crashFlightMs(point, options.growthPerMs), options.maxPayout, options.growthPerMs],
  );
}

/**
 * The round's cap from its maximum payout: every bet still flying is cashed out at the multiplier
 * where all its stakes together would pay the maximum (in hundredths, rounded down; null when the
 * round took no real-money stake).
 */
export function exposureCapHundredths(round: Pick<CrashRoundRow, 'max_payout' | 'total_stake'>): bigint | null {
  const total = toMinorUnits(round.total_stake);
  if (total <= 0n) return null;
  return (toMinorUnits(round.max_payout) * 100n) / total;
}

/** The crash point of a round, in hundredths. */
export const crashPointOf = (round: Pick<CrashRoundRow, 'crash_point'>): bigint => hundredthsOf(round.crash_point);
