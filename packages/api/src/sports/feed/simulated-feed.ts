import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../../db/client.js';
import { applyFeedUpdate, type FeedFixture, type FeedSelection } from './adapter.js';
import { simulateMatch, type SimulatedMatch, type Sport } from './simulation.js';
import { COUNTRIES } from './teams.js';

/*
 * The demo's simulated feed (issue 24 §3, ADR 0036): a match kicks off every few minutes between
 * two national teams, plays out in twelve minutes (the clock, goals or points or sets, prices that
 * move with score and time, a short suspension around each goal) and ends with its result, which
 * settles its bets. Everything follows from the seed and the clock: the same seed at the same
 * moment gives the same fixtures, scores and prices in every process and after a restart, so
 * several servers may run it at once (their writes agree and change nothing twice), and a test
 * drives it by passing the moment.
 */

export interface SimulatedFeedOptions {
  seed: string;
  /** A new match kicks off every this many ms. */
  kickOffEveryMs: number;
  /** How long a match lasts, kick-off to result. */
  durationMs: number;
  /** Fixtures are announced this long before their kick-off. */
  announceAheadMs: number;
}

export const DEFAULT_SIMULATED_FEED: SimulatedFeedOptions = {
  seed: 'demo',
  kickOffEveryMs: 4 * 60_000,
  durationMs: 12 * 60_000,
  announceAheadMs: 60 * 60_000,
};

const LEAGUES: Record<Sport, string> = {
  soccer: 'World Football Series',
  basketball: 'World Basketball Series',
  tennis: 'World Team Tennis Cup',
};
const TEAM_CODES = Object.keys(COUNTRIES);

function hashInt(...parts: string[]): number {
  return createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0);
}

/** The fixture of kick-off slot `slot` (its kick-off at slot × kickOffEveryMs): sport and teams from the seed. */
export function fixtureOfSlot(options: SimulatedFeedOptions, slot: number): FeedFixture {
  const pick = hashInt(options.seed, 'slot', String(slot));
  // Football half the time, basketball and tennis a quarter each.
  const sport: Sport = pick % 4 < 2 ? 'soccer' : pick % 4 === 2 ? 'basketball' : 'tennis';
  const home = TEAM_CODES[(pick >>> 2) % TEAM_CODES.length]!;
  const others = TEAM_CODES.filter((code) => code !== home);
  const away = others[(pick >>> 8) % others.length]!;
  const [homeEn, homeNames] = COUNTRIES[home]!;
  const [awayEn, awayNames] = COUNTRIES[away]!;
  return {
    feedKey: `sim:${options.seed}:${slot}`,
    sport,
    league: LEAGUES[sport],
    startTime: new Date(slot * options.kickOffEveryMs),
    homeTeam: homeEn,
    awayTeam: awayEn,
    localNames: Object.fromEntries(Object.keys(homeNames).map((lang) => [lang, { home: homeNames[lang as keyof typeof homeNames], away: awayNames[lang as keyof typeof awayNames] }])),
  };
}

/** The slots whose matches are announced or under way at `now`. */
export function slotsAround(options: SimulatedFeedOptions, now: number): number[] {
  const first = Math.ceil((now - options.durationMs) / options.kickOffEveryMs);
  const last = Math.floor((now + options.announceAheadMs) / options.kickOffEveryMs);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index);
}

const strengthOf = (team: string) => Object.values(COUNTRIES).find(([name]) => name === team)?.[2] ?? 40 + (hashInt('strength', team) % 50);

interface OpenMatch {
  feed_key: string;
  sport: string;
  start_time: Date | string;
  home_team_name: string;
  away_team_name: string;
}

/** What one process last wrote per match, so an unchanged second writes nothing. */
export interface FeedMemory {
  courses: Map<string, SimulatedMatch>;
  states: Map<string, string>;
  prices: Map<string, string>;
  announced: Set<string>;
}

export function newFeedMemory(): FeedMemory {
  return { courses: new Map(), states: new Map(), prices: new Map(), announced: new Set() };
}

/**
 * One step of the feed at `now`: announces the coming fixtures, moves every open match it drives
 * (`sim:` fixtures, and the demo's own matches it adopted) to its state at `now`, and results the
 * ones that ended. Answers how many matches it resulted.
 */
export async function runFeedTick(db: Db, options: SimulatedFeedOptions, now: number, memory: FeedMemory): Promise<{ resulted: number }> {
  for (const slot of slotsAround(options, now)) {
    const fixture = fixtureOfSlot(options, slot);
    if (memory.announced.has(fixture.feedKey)) continue;
    await applyFeedUpdate(db, { kind: 'fixture', fixture });
    memory.announced.add(fixture.feedKey);
  }
  const open = await queryRows<OpenMatch>(
    db,
    sql`select feed_key, sport, start_time, home_team_name, away_team_name from matches
        where resulted_at is null and (feed_key like ${`sim:${options.seed}:%`} or feed_key like 'demo:%')
          and start_time <= ${new Date(now + options.announceAheadMs).toISOString()}
        order by start_time, id`,
  );
  let resulted = 0;
  for (const match of open) {
    const sport: Sport = match.sport === 'basketball' || match.sport === 'tennis' ? match.sport : 'soccer';
    let course = memory.courses.get(match.feed_key);
    if (!course) {
      course = simulateMatch(options.seed, { key: match.feed_key, sport, homeStrength: strengthOf(match.home_team_name), awayStrength: strengthOf(match.away_team_name) }, { durationMs: options.durationMs });
      memory.courses.set(match.feed_key, course);
    }
    const state = course.stateAt(now - new Date(match.start_time).getTime());
    if (state.phase === 'finished') {
      const done = await applyFeedUpdate(db, { kind: 'result', feedKey: match.feed_key, homeScore: course.result.homeScore, awayScore: course.result.awayScore });
      if (done.changed) resulted += 1;
      for (const cache of [memory.courses, memory.states, memory.prices]) cache.delete(match.feed_key);
      continue;
    }
    const live = state.phase === 'live';
    const stateKey = JSON.stringify([state.phase, state.homeScore, state.awayScore, state.minute, state.suspended]);
    if (memory.states.get(match.feed_key) !== stateKey) {
      await applyFeedUpdate(db, {
        kind: 'state',
        feedKey: match.feed_key,
        status: live ? 'live' : 'upcoming',
        homeScore: live ? state.homeScore : null,
        awayScore: live ? state.awayScore : null,
        minute: live ? state.minute : null,
        suspended: state.suspended,
      });
      memory.states.set(match.feed_key, stateKey);
    }
    const selections: FeedSelection[] = state.selections.map((selection) => ({ betType: selection.betType, side: selection.side, line: selection.criteria1, odds: selection.odds }));
    const pricesKey = JSON.stringify(selections);
    if (memory.prices.get(match.feed_key) !== pricesKey) {
      await applyFeedUpdate(db, { kind: 'prices', feedKey: match.feed_key, selections });
      memory.prices.set(match.feed_key, pricesKey);
    }
  }
  return { resulted };
}

/**
 * Gives the demo's own matches (seeded without a feed) to the simulated feed: each gets a feed key
 * and is played from its start time like the feed's own. Matches already under way or past when
 * adopted end at the feed's first step with a simulated result.
 */
export async function adoptUnfedMatches(db: Db): Promise<number> {
  const rows = await queryRows<{ id: number }>(db, sql`update matches set feed_key = 'demo:' || id where feed_key is null and resulted_at is null and status <> 'finished' returning id`);
  return rows.length;
}

/** Runs the simulated feed every second until stopped; a failed step is logged and the next one tries again. */
export function startSimulatedFeed(db: Db, options: SimulatedFeedOptions, log: FastifyBaseLogger): { stop(): Promise<void> } {
  const memory = newFeedMemory();
  let stopped = false;
  let running: Promise<unknown> | null = adoptUnfedMatches(db)
    .catch((error: unknown) => log.warn({ err: error instanceof Error ? error.message : String(error) }, 'sports feed: adopting the demo matches failed'))
    .finally(() => (running = null));
  const timer = setInterval(() => {
    // A step still running (a slow database) is not queued behind: the next free second catches up.
    if (stopped || running) return;
    running = runFeedTick(db, options, Date.now(), memory)
      .catch((error: unknown) => {
        // A dead connection or a lock timeout: this step is lost, the next one writes everything again.
        memory.states.clear();
        memory.prices.clear();
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'sports feed step failed; retried');
      })
      .finally(() => (running = null));
  }, 1_000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
