/**
 * The demo sportsbook's simulated odds feed: the whole course of a match (soccer, basketball,
 * tennis) drawn up front from (seed, key), and the in-play prices of any moment of it.
 *
 * Pure and deterministic: no clock, no Math.random, no I/O. The same (seed, key, spec) gives the
 * same match on every server instance and in every test, so a match needs no storage: whoever
 * knows its seed and its kick-off time can rebuild the state of any instant.
 *
 * The prices come from the same model the course is drawn from, so they are fair (before the
 * margin) for the simulated matches: a bettor cannot beat the demo book by knowing the model.
 */
import { createHash } from 'node:crypto';

export type Sport = 'soccer' | 'basketball' | 'tennis';
export type BetType = '1X2' | 'HDP' | 'OU';
export type Side = 'home' | 'draw' | 'away' | 'over' | 'under';

/** One price of a market: criteria1 is the line ('' for 1X2; "-0.5", "+1.25" for HDP: the HOME side's handicap, and both sides of an HDP market carry the same home line; "2.5", "160.5" for OU). odds: decimal odds as a string with exactly two decimals, at least "1.01". */
export interface Selection {
  betType: BetType;
  side: Side;
  criteria1: string;
  odds: string;
}

/** A match's state at one moment of the simulation. */
export interface MatchState {
  phase: 'upcoming' | 'live' | 'finished';
  /** Match clock: minutes played (soccer 0..90, basketball 0..40, tennis: games played), 0 before the start. */
  minute: number;
  /** Soccer goals, basketball points, tennis sets won. */
  homeScore: number;
  awayScore: number;
  /** true for a short while around a decisive event (soccer: from a goal until 1 minute after it; basketball: never except the last minute; tennis: from a set's end until 1 game after) and during the whole finished phase: no bets are taken. */
  suspended: boolean;
  /** The markets open at this moment; empty when finished. 1X2 (soccer has home/draw/away; basketball and tennis have home/away only), one HDP market (home and away) and one OU market (over and under). */
  selections: Selection[];
}

export interface SimulatedMatchSpec {
  /** Any string; together with the seed it decides everything (e.g. "soccer:BRA-ARG:2026-11-26T12:00Z"). */
  key: string;
  sport: Sport;
  /** Team strengths 0..100 (e.g. 90 vs 50 = a strong favourite); values outside are clamped. */
  homeStrength: number;
  awayStrength: number;
}

/** The whole course of a match, precomputed from (seed, spec): deterministic, same input same output, on any machine. */
export interface SimulatedMatch {
  spec: SimulatedMatchSpec;
  /** How long the match lasts in real milliseconds once started. */
  durationMs: number;
  /** The state `elapsedMs` after the kick-off (negative: before the start → phase 'upcoming' with pre-match prices; >= durationMs → 'finished' with the final score). */
  stateAt(elapsedMs: number): MatchState;
  /** The final score. */
  result: { homeScore: number; awayScore: number };
  /**
   * The instants (elapsed ms from the start) at which the score changes, in order, each with the
   * score after it. Soccer and basketball changes fall in 1..durationMs-1; the set that decides a
   * tennis match ends the match, so its change is at durationMs exactly.
   */
  scoreChanges: { atMs: number; homeScore: number; awayScore: number }[];
}

/** A demo match lasts 12 real minutes whatever the sport: long enough to bet in-play, short enough to watch. */
export const DEFAULT_DURATION_MS = 720_000;
/** The default overround of two-way markets (HDP, OU, and the home/away 1X2 of basketball and tennis). */
export const DEFAULT_MARGIN = 1.04;
export const ODDS_FLOOR = 1.01;
/**
 * The longest price offered. Beyond it an outcome is practically decided: the exact price of a
 * 1-in-200 chance means little, and an unbounded price would make one small stake a large liability.
 */
export const ODDS_CAP = 101;
/**
 * Below this fair probability an outcome counts as practically decided and is priced ODDS_CAP.
 * Decided markets stay listed (capped / floored) rather than dropped, so every live state carries
 * the same three markets and the feed's layout never jumps.
 */
export const PRACTICALLY_DECIDED = 0.005;

/**
 * Soccer's three-way 1X2 carries 1.5 times the two-way excess (1.04 → 1.06): books charge more on
 * three outcomes, and one `margin` knob keeps the two in proportion for an operator's manual price.
 */
export function threeWayMargin(margin: number): number {
  return 1 + 1.5 * (margin - 1);
}

/** Decimal odds for a fair probability with the margin, floored at 1.01 and capped at 101.00. */
export function oddsFor(probability: number, margin: number): string {
  if (!(probability >= PRACTICALLY_DECIDED)) return ODDS_CAP.toFixed(2);
  const odds = Math.round(100 / (probability * margin)) / 100;
  return Math.min(ODDS_CAP, Math.max(ODDS_FLOOR, odds)).toFixed(2);
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness

type Random = () => number;

/**
 * sfc32 seeded with SHA-256 of (seed, key): the generator is integer arithmetic only, and the few
 * Math.exp/Math.log calls of the course are V8's own portable code (not the platform's libm), so
 * a course is the same on every machine. JSON keeps ("a", "bc") and ("ab", "c") apart.
 */
function seededRandom(seed: string, key: string): Random {
  const digest = createHash('sha256').update(JSON.stringify([seed, key])).digest();
  let a = digest.readUInt32BE(0);
  let b = digest.readUInt32BE(4);
  let c = digest.readUInt32BE(8);
  let d = digest.readUInt32BE(12);
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  // Mixes the seed words before the first draw that counts (sfc32's usual warm-up).
  for (let i = 0; i < 15; i += 1) next();
  return next;
}

function clampStrength(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 50;
}

/** Strength difference in -1..1. */
function strengthGap(home: number, away: number): number {
  return (clampStrength(home) - clampStrength(away)) / 100;
}

function normalCdf(z: number): number {
  // Abramowitz & Stegun 7.1.26 (error < 1.5e-7): far below a price's two decimals.
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** "-0.5", "+1.25", "+1", "0": the sign always shown but on a level line, as books print handicaps. */
function formatHandicap(line: number): string {
  if (line === 0) return '0';
  return `${line > 0 ? '+' : '-'}${String(Math.abs(line))}`;
}

function twoWay(betType: BetType, sides: [Side, Side], criteria1: string, first: number, margin: number): Selection[] {
  return [
    { betType, side: sides[0], criteria1, odds: oddsFor(first, margin) },
    { betType, side: sides[1], criteria1, odds: oddsFor(1 - first, margin) },
  ];
}

// ---------------------------------------------------------------------------------------------
// Soccer: goals are two independent Poisson processes at constant rates over the 90 minutes.

const SOCCER_MINUTES = 90;
/** Expected goals of a match, whatever the strengths (a mismatch moves goals to one side). */
const SOCCER_TOTAL_GOALS = 2.6;
/** How strongly the strength gap splits the goals: 90 vs 40 gives about 2.16 – 0.44. */
const SOCCER_SLOPE = 1.6;
/** The pricing grid: more than 10 remaining goals for one side has a negligible probability. */
const MAX_GOALS = 10;

/** Expected goals over a whole match. Neutral venue: no home advantage (tournament matches). */
export function soccerGoalRates(homeStrength: number, awayStrength: number): { home: number; away: number } {
  // The logistic share is exp(k·gap) / (exp(k·gap) + exp(-k·gap)): the stronger side scores more,
  // and the total stays SOCCER_TOTAL_GOALS so a mismatch does not inflate the OU line.
  const share = 1 / (1 + Math.exp(-2 * SOCCER_SLOPE * strengthGap(homeStrength, awayStrength)));
  return { home: SOCCER_TOTAL_GOALS * share, away: SOCCER_TOTAL_GOALS * (1 - share) };
}

function poissonPmf(mean: number, max: number): number[] {
  const pmf = [Math.exp(-mean)];
  for (let k = 1; k <= max; k += 1) pmf.push((pmf[k - 1] ?? 0) * (mean / k));
  return pmf;
}

interface Course {
  /** Match clock of each change (minutes, or games for tennis), ascending. */
  changes: { clock: number; homeScore: number; awayScore: number }[];
  clockLength: number;
}

function soccerCourse(random: Random, spec: SimulatedMatchSpec): Course {
  const rates = soccerGoalRates(spec.homeStrength, spec.awayStrength);
  const goals: { clock: number; home: boolean }[] = [];
  for (const home of [true, false]) {
    const perMinute = (home ? rates.home : rates.away) / SOCCER_MINUTES;
    if (perMinute <= 0) continue;
    // Exponential gaps between goals: a Poisson process, the model the prices assume.
    for (let clock = -Math.log(1 - random()) / perMinute; clock < SOCCER_MINUTES; clock += -Math.log(1 - random()) / perMinute) {
      goals.push({ clock, home });
    }
  }
  goals.sort((x, y) => x.clock - y.clock);
  let homeScore = 0;
  let awayScore = 0;
  const changes = goals.map((goal) => {
    if (goal.home) homeScore += 1;
    else awayScore += 1;
    return { clock: goal.clock, homeScore, awayScore };
  });
  return { changes, clockLength: SOCCER_MINUTES };
}

/** Probabilities of a home Asian handicap bet at `line` (a multiple of 0.25) given the distribution of the final goal difference. */
function asianHandicap(finalDifference: readonly { difference: number; probability: number }[], line: number): { win: number; push: number } {
  // A quarter line splits the stake over the two neighbouring lines (−0.75 = half on −0.5, half on −1).
  const parts = Number.isInteger(line * 2) ? [line] : [line - 0.25, line + 0.25];
  let win = 0;
  let push = 0;
  for (const part of parts) {
    for (const { difference, probability } of finalDifference) {
      // Multiples of 0.25 are exact in binary: the comparisons are exact.
      const outcome = difference + part;
      if (outcome > 0) win += probability;
      else if (outcome === 0) push += probability;
    }
  }
  return { win: win / parts.length, push: push / parts.length };
}

function soccerPrices(state: PricingState, strengths: Strengths, margin: number): Selection[] {
  const rates = soccerGoalRates(strengths.home, strengths.away);
  const left = Math.min(1, Math.max(0, (SOCCER_MINUTES - state.minute) / SOCCER_MINUTES));
  const homeGoals = poissonPmf(rates.home * left, MAX_GOALS);
  const awayGoals = poissonPmf(rates.away * left, MAX_GOALS);
  const lead = state.homeScore - state.awayScore;

  // Distribution of the final goal difference: current lead + the remaining goals of each side.
  const byDifference = new Map<number, number>();
  let mass = 0;
  for (const [i, pHome] of homeGoals.entries()) {
    for (const [j, pAway] of awayGoals.entries()) {
      const p = pHome * pAway;
      byDifference.set(lead + i - j, (byDifference.get(lead + i - j) ?? 0) + p);
      mass += p;
    }
  }
  // Renormalised so the grid's truncation does not leak into the margin.
  const finalDifference = [...byDifference].map(([difference, p]) => ({ difference, probability: p / mass }));
  let pHome = 0;
  let pDraw = 0;
  for (const { difference, probability } of finalDifference) {
    if (difference > 0) pHome += probability;
    else if (difference === 0) pDraw += probability;
  }
  const pAway = Math.max(0, 1 - pHome - pDraw);

  // HDP (Asian handicap, quarter lines priced as split stakes, whole lines push): the line on the
  // FINAL score of the match (not goals from the bet on) whose home side is nearest an even chance.
  // With a push the fair price is (1 − P(push)) / P(win), i.e. a probability of win / (1 − push).
  const expectedDifference = lead + (rates.home - rates.away) * left;
  const centre = Math.round(-expectedDifference * 4) / 4;
  let bestLine = centre;
  let bestHome = 0.5;
  let bestDistance = Infinity;
  for (let step = -8; step <= 8; step += 1) {
    const line = centre + step / 4;
    const { win, push } = asianHandicap(finalDifference, line);
    if (1 - push < 1e-9) continue; // a certain push is no market
    const home = win / (1 - push);
    if (Math.abs(home - 0.5) < bestDistance - 1e-12) {
      bestDistance = Math.abs(home - 0.5);
      bestLine = line;
      bestHome = home;
    }
  }

  // OU: half-goal lines only (no push): current total + the remaining-goals line nearest 50/50.
  const remaining = poissonPmf((rates.home + rates.away) * left, 2 * MAX_GOALS);
  let atMost = 0;
  let bestExtra = 0;
  let bestOver = 0;
  bestDistance = Infinity;
  for (const [k, p] of remaining.entries()) {
    atMost += p;
    const over = Math.max(0, 1 - atMost); // P(more than k further goals)
    if (Math.abs(over - 0.5) < bestDistance) {
      bestDistance = Math.abs(over - 0.5);
      bestExtra = k;
      bestOver = over;
    }
  }
  const ouLine = state.homeScore + state.awayScore + bestExtra + 0.5;

  const margin3 = threeWayMargin(margin);
  return [
    { betType: '1X2', side: 'home', criteria1: '', odds: oddsFor(pHome, margin3) },
    { betType: '1X2', side: 'draw', criteria1: '', odds: oddsFor(pDraw, margin3) },
    { betType: '1X2', side: 'away', criteria1: '', odds: oddsFor(pAway, margin3) },
    ...twoWay('HDP', ['home', 'away'], formatHandicap(bestLine), bestHome, margin),
    ...twoWay('OU', ['over', 'under'], String(ouLine), bestOver, margin),
  ];
}

// ---------------------------------------------------------------------------------------------
// Basketball: alternating possessions of random length; each scores 0–3 points. The final margin
// and total are then sums of many small independent scores: normal, with variance ∝ time left.

const BASKETBALL_MINUTES = 40;
const POSSESSION_MIN_SECONDS = 8;
const POSSESSION_SPREAD_SECONDS = 18;
/** Mean possession length: ≈ 141 possessions a game, ≈ 155 points at equal strength. */
const POSSESSION_MEAN_SECONDS = POSSESSION_MIN_SECONDS + POSSESSION_SPREAD_SECONDS / 2;
const POSSESSION_VARIANCE_SECONDS = POSSESSION_SPREAD_SECONDS ** 2 / 12;
/**
 * The buzzer cuts the last possession short (it does not count): renewal theory puts the expected
 * number of possessions in t seconds at t/μ − (μ² − σ²)/(2μ²), ≈ 0.45 fewer than t/μ.
 */
const POSSESSIONS_CUT_BY_BUZZER = (POSSESSION_MEAN_SECONDS ** 2 - POSSESSION_VARIANCE_SECONDS) / (2 * POSSESSION_MEAN_SECONDS ** 2);
/** Points of a scoring possession: 1 (free throws) 7 %, 2 68 %, 3 25 %. */
const POINTS_IF_SCORED = { one: 0.07, two: 0.68 };
const MEAN_POINTS_IF_SCORED = 0.07 * 1 + 0.68 * 2 + 0.25 * 3;
const MEAN_SQUARE_IF_SCORED = 0.07 * 1 + 0.68 * 4 + 0.25 * 9;

interface Offence {
  /** Points per possession. */
  mean: number;
  /** Probability a possession scores. */
  scoring: number;
  /** Variance of the points of one possession. */
  variance: number;
}

/** Each side's offence, and the chance home wins a tie at the buzzer. */
export function basketballModel(homeStrength: number, awayStrength: number): { home: Offence; away: Offence; tieBreakHome: number } {
  // ±0.2 points per possession per unit of gap: 90 vs 50 is an ≈ 11-point favourite.
  const gap = strengthGap(homeStrength, awayStrength);
  const offence = (mean: number): Offence => {
    const scoring = mean / MEAN_POINTS_IF_SCORED;
    return { mean, scoring, variance: scoring * MEAN_SQUARE_IF_SCORED - mean * mean };
  };
  const home = offence(1.1 + 0.2 * gap);
  const away = offence(1.1 - 0.2 * gap);
  return { home, away, tieBreakHome: home.mean / (home.mean + away.mean) };
}

function basketballCourse(random: Random, spec: SimulatedMatchSpec): Course {
  const model = basketballModel(spec.homeStrength, spec.awayStrength);
  const end = BASKETBALL_MINUTES * 60;
  const changes: Course['changes'] = [];
  let homeScore = 0;
  let awayScore = 0;
  let homeBall = random() < 0.5; // the jump ball
  for (let seconds = 0; ; homeBall = !homeBall) {
    const length = POSSESSION_MIN_SECONDS + POSSESSION_SPREAD_SECONDS * random();
    if (seconds + length > end) break;
    seconds += length;
    if (random() >= (homeBall ? model.home : model.away).scoring) continue;
    const kind = random();
    const points = kind < POINTS_IF_SCORED.one ? 1 : kind < POINTS_IF_SCORED.one + POINTS_IF_SCORED.two ? 2 : 3;
    if (homeBall) homeScore += points;
    else awayScore += points;
    changes.push({ clock: seconds / 60, homeScore, awayScore });
  }
  if (homeScore === awayScore) {
    // The compressed clock has no room for overtime: a tie is settled by one free throw at the buzzer.
    if (random() < model.tieBreakHome) homeScore += 1;
    else awayScore += 1;
    changes.push({ clock: BASKETBALL_MINUTES, homeScore, awayScore });
  }
  return { changes, clockLength: BASKETBALL_MINUTES };
}

function basketballPrices(state: PricingState, strengths: Strengths, margin: number): Selection[] {
  const model = basketballModel(strengths.home, strengths.away);
  const secondsLeft = Math.max(0, (BASKETBALL_MINUTES - state.minute) * 60);
  const possessionsEach = Math.max(0, secondsLeft / POSSESSION_MEAN_SECONDS - POSSESSIONS_CUT_BY_BUZZER) / 2;
  // The number of possessions left varies too (renewal theory: t·σ²/μ³); it moves the total much
  // more than the margin, where the two sides' possessions mostly cancel.
  const countVariance = (secondsLeft * POSSESSION_VARIANCE_SECONDS) / POSSESSION_MEAN_SECONDS ** 3;
  const scoringVariance = possessionsEach * (model.home.variance + model.away.variance);
  const meanMargin = state.homeScore - state.awayScore + possessionsEach * (model.home.mean - model.away.mean);
  // The floor on the variances keeps the last instants well defined (a near-step function).
  const marginSd = Math.sqrt(scoringVariance + countVariance * ((model.home.mean - model.away.mean) / 2) ** 2 + 0.01);
  const totalSd = Math.sqrt(scoringVariance + countVariance * ((model.home.mean + model.away.mean) / 2) ** 2 + 0.01);
  /** P(regulation margin > x) for a half-integer x: the .5 is the continuity correction. */
  const marginAbove = (x: number) => 1 - normalCdf((x - meanMargin) / marginSd);
  const pTie = marginAbove(-0.5) - marginAbove(0.5);
  // A tie's buzzer free throw adds a point to the total.
  const meanTotal = state.homeScore + state.awayScore + possessionsEach * (model.home.mean + model.away.mean) + pTie;
  const pHome = marginAbove(0.5) + pTie * model.tieBreakHome;
  // HDP: the .5 line nearest the expected margin; the buzzer free throw only matters on ±0.5.
  const cover = Math.floor(meanMargin) + 0.5;
  const pCover = Math.abs(cover) === 0.5 ? pHome : marginAbove(cover);
  // OU: the .5 line nearest the expected total.
  const ouLine = Math.floor(meanTotal) + 0.5;
  const pOver = 1 - normalCdf((ouLine - meanTotal) / totalSd);
  return [
    ...twoWay('1X2', ['home', 'away'], '', pHome, margin),
    ...twoWay('HDP', ['home', 'away'], formatHandicap(-cover), pCover, margin),
    ...twoWay('OU', ['over', 'under'], String(ouLine), pOver, margin),
  ];
}

// ---------------------------------------------------------------------------------------------
// Tennis: best of three independent sets; the clock counts games.

/** 90 vs 50 wins a set ≈ 77 % of the time, the match ≈ 87 %. */
const TENNIS_SLOPE = 3;
/** The loser's games in a set (0..4 → 6-0..6-4; 5 → 7-5; 6 → 7-6): ≈ 10 games a set. */
const LOSER_GAME_WEIGHTS = [3, 7, 13, 19, 22, 16, 20];

export function tennisSetProbability(homeStrength: number, awayStrength: number): number {
  return 1 / (1 + Math.exp(-TENNIS_SLOPE * strengthGap(homeStrength, awayStrength)));
}

function tennisCourse(random: Random, spec: SimulatedMatchSpec): Course {
  const pSet = tennisSetProbability(spec.homeStrength, spec.awayStrength);
  const weightTotal = LOSER_GAME_WEIGHTS.reduce((sum, weight) => sum + weight, 0);
  const changes: Course['changes'] = [];
  let homeScore = 0;
  let awayScore = 0;
  let games = 0;
  while (homeScore < 2 && awayScore < 2) {
    if (random() < pSet) homeScore += 1;
    else awayScore += 1;
    let pick = random() * weightTotal;
    let loserGames = 0;
    while (loserGames < LOSER_GAME_WEIGHTS.length - 1 && pick >= (LOSER_GAME_WEIGHTS[loserGames] ?? 0)) {
      pick -= LOSER_GAME_WEIGHTS[loserGames] ?? 0;
      loserGames += 1;
    }
    games += loserGames <= 4 ? 6 + loserGames : loserGames === 5 ? 12 : 13;
    changes.push({ clock: games, homeScore, awayScore });
  }
  return { changes, clockLength: games };
}

function tennisPrices(state: PricingState, strengths: Strengths, margin: number): Selection[] {
  // The state carries sets only: the prices move at each set, not within one.
  const p = tennisSetProbability(strengths.home, strengths.away);
  const home = Math.min(2, Math.max(0, state.homeScore));
  const away = Math.min(2, Math.max(0, state.awayScore));
  const matchWin = (h: number, a: number): number => (h >= 2 ? 1 : a >= 2 ? 0 : p * matchWin(h + 1, a) + (1 - p) * matchWin(h, a + 1));
  const homeTwoNil = away > 0 ? 0 : home >= 2 ? 1 : p ** (2 - home);
  const awayTwoNil = home > 0 ? 0 : away >= 2 ? 1 : (1 - p) ** (2 - away);
  const threeSets = home >= 2 || away >= 2 ? (home + away === 3 ? 1 : 0) : 1 - homeTwoNil - awayTwoNil;
  // The line follows the pre-match favourite: home −1.5 covers only 2-0, home +1.5 all but 0-2.
  const line = p >= 0.5 ? -1.5 : 1.5;
  const pCover = line < 0 ? homeTwoNil : 1 - awayTwoNil;
  return [
    ...twoWay('1X2', ['home', 'away'], '', matchWin(home, away), margin),
    ...twoWay('HDP', ['home', 'away'], formatHandicap(line), pCover, margin),
    ...twoWay('OU', ['over', 'under'], '2.5', threeSets, margin),
  ];
}

// ---------------------------------------------------------------------------------------------
// Public entry points

interface PricingState {
  minute: number;
  homeScore: number;
  awayScore: number;
}
interface Strengths {
  home: number;
  away: number;
}

/** Pre-match and in-play pricing, exported for tests and for an operator's manual price: the fair probabilities of each outcome given the state, then odds with the margin (the two-way overround; soccer's 1X2 gets threeWayMargin of it). */
export function pricesFor(sport: Sport, state: PricingState, strengths: Strengths, margin: number = DEFAULT_MARGIN): Selection[] {
  if (!Number.isFinite(margin) || margin < 1) throw new RangeError(`margin must be a number >= 1, got ${margin}`);
  switch (sport) {
    case 'soccer':
      return soccerPrices(state, strengths, margin);
    case 'basketball':
      return basketballPrices(state, strengths, margin);
    case 'tennis':
      return tennisPrices(state, strengths, margin);
    default:
      throw new RangeError(`unknown sport ${String(sport)}`);
  }
}

export function simulateMatch(seed: string, spec: SimulatedMatchSpec, options?: { durationMs?: number }): SimulatedMatch {
  const durationMs = options?.durationMs ?? DEFAULT_DURATION_MS;
  if (!Number.isFinite(durationMs) || durationMs < 1_000) throw new RangeError(`durationMs must be at least 1000, got ${durationMs}`);
  const random = seededRandom(seed, spec.key);
  const course = spec.sport === 'soccer' ? soccerCourse(random, spec) : spec.sport === 'basketball' ? basketballCourse(random, spec) : tennisCourse(random, spec);
  const { clockLength } = course;

  // Tennis games end on the clock's ticks, so its last set ends the match; soccer and basketball
  // events stay strictly inside it so their final state is seen live before the whistle.
  const changes = course.changes.map((change) => ({
    atMs:
      spec.sport === 'tennis'
        ? Math.round((change.clock / clockLength) * durationMs)
        : Math.min(durationMs - 1, Math.max(1, Math.floor((change.clock / clockLength) * durationMs))),
    homeScore: change.homeScore,
    awayScore: change.awayScore,
  }));
  const last = changes.at(-1);
  const result = { homeScore: last?.homeScore ?? 0, awayScore: last?.awayScore ?? 0 };
  const strengths = { home: spec.homeStrength, away: spec.awayStrength };

  // A match is priced at whole clock minutes (games) only, so at most a few hundred distinct
  // states exist along its course: cache them, stateAt is called every second for every match.
  const priceCache = new Map<string, readonly Selection[]>();
  const pricesAt = (minute: number, homeScore: number, awayScore: number): Selection[] => {
    const cacheKey = `${minute}:${homeScore}:${awayScore}`;
    let prices = priceCache.get(cacheKey);
    if (prices === undefined) {
      prices = pricesFor(spec.sport, { minute, homeScore, awayScore }, strengths).map((selection) => Object.freeze(selection));
      priceCache.set(cacheKey, prices);
    }
    return [...prices];
  };

  /** Index of the last change at or before `elapsedMs`, -1 if none. */
  const lastChangeAt = (elapsedMs: number): number => {
    let low = 0;
    let high = changes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((changes[middle]?.atMs ?? Infinity) <= elapsedMs) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  };

  const clockUnitMs = durationMs / clockLength;
  const stateAt = (elapsedMs: number): MatchState => {
    if (!(elapsedMs >= 0)) {
      return { phase: 'upcoming', minute: 0, homeScore: 0, awayScore: 0, suspended: false, selections: pricesAt(0, 0, 0) };
    }
    if (elapsedMs >= durationMs) {
      return { phase: 'finished', minute: clockLength, ...result, suspended: true, selections: [] };
    }
    const minute = Math.min(clockLength - 1, Math.floor(elapsedMs / clockUnitMs));
    const index = lastChangeAt(elapsedMs);
    const score = changes[index] ?? { atMs: -Infinity, homeScore: 0, awayScore: 0 };
    const suspended =
      spec.sport === 'basketball'
        ? minute >= BASKETBALL_MINUTES - 1
        : // A goal or a set end closes the book for one clock unit (1 minute / 1 game).
          elapsedMs < score.atMs + clockUnitMs;
    return { phase: 'live', minute, homeScore: score.homeScore, awayScore: score.awayScore, suspended, selections: pricesAt(minute, score.homeScore, score.awayScore) };
  };

  return { spec: { ...spec }, durationMs, stateAt, result, scoreChanges: changes.map((change) => ({ ...change })) };
}
