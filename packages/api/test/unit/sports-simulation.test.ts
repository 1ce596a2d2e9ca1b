/**
 * The simulated odds feed (sports/feed/simulation.ts): a match's course is a pure function of
 * (seed, spec), its states follow the course, and its prices are well formed, carry the margin,
 * react to the score and are fair (before the margin) for the matches the simulation draws.
 */
import { describe, expect, it } from 'vitest';
import {
  pricesFor,
  simulateMatch,
  type MatchState,
  type Selection,
  type SimulatedMatch,
  type SimulatedMatchSpec,
  type Sport,
} from '../../src/sports/feed/simulation.js';

const DURATION = 60_000;
const SPORTS: Sport[] = ['soccer', 'basketball', 'tennis'];

const spec = (sport: Sport, homeStrength = 60, awayStrength = 50, key = `${sport}:HOME-AWAY:2026-11-26T12:00Z`): SimulatedMatchSpec => ({
  key,
  sport,
  homeStrength,
  awayStrength,
});

const match = (seed: string, matchSpec: SimulatedMatchSpec): SimulatedMatch => simulateMatch(seed, matchSpec, { durationMs: DURATION });

const pick = (selections: Selection[], betType: Selection['betType'], side: Selection['side']): Selection => {
  const found = selections.find((selection) => selection.betType === betType && selection.side === side);
  if (found === undefined) throw new Error(`no ${betType} ${side} in ${JSON.stringify(selections)}`);
  return found;
};

const odds = (selections: Selection[], betType: Selection['betType'], side: Selection['side']): number => Number(pick(selections, betType, side).odds);

/** Sum of 1/odds of one market, or undefined when a price sits on the floor or the cap. */
const overround = (selections: Selection[], betType: Selection['betType']): number | undefined => {
  const market = selections.filter((selection) => selection.betType === betType).map((selection) => Number(selection.odds));
  if (market.some((price) => price <= 1.01 || price >= 101)) return undefined;
  return market.reduce((sum, price) => sum + 1 / price, 0);
};

/** A sample of instants across the whole match, before and after it included. */
const instants = (duration: number): number[] => [-1, ...Array.from({ length: 241 }, (_, i) => Math.round((i * duration) / 240)), duration + 1];

describe('simulateMatch: determinism', () => {
  it('gives the same course and states for the same seed and spec', () => {
    for (const sport of SPORTS) {
      const first = match('seed-1', spec(sport));
      const second = match('seed-1', spec(sport));
      expect(second.result).toEqual(first.result);
      expect(second.scoreChanges).toEqual(first.scoreChanges);
      for (const at of [-5_000, 0, 7_777, 30_000, 45_123, 59_999, 60_000, 90_000]) expect(second.stateAt(at)).toEqual(first.stateAt(at));
    }
  });

  it('draws another course for another seed or another key', () => {
    for (const sport of SPORTS) {
      const specs = Array.from({ length: 20 }, (_, i) => spec(sport, 50 + i, 50, `${sport}:match-${i}`));
      const bySeed = specs.filter((one) => JSON.stringify(match('seed-1', one).scoreChanges) !== JSON.stringify(match('seed-2', one).scoreChanges));
      expect(bySeed.length).toBeGreaterThan(0);
      const byKey = specs.filter((one) => JSON.stringify(match('seed-1', one).scoreChanges) !== JSON.stringify(match('seed-1', { ...one, key: `${one.key}-b` }).scoreChanges));
      expect(byKey.length).toBeGreaterThan(0);
    }
  });

  it('uses neither Math.random nor the clock', () => {
    const random = Math.random;
    const now = Date.now;
    const forbidden = () => {
      throw new Error('not deterministic');
    };
    Math.random = forbidden;
    Date.now = forbidden;
    try {
      for (const sport of SPORTS) {
        const simulated = match('seed-1', spec(sport));
        for (const at of instants(DURATION)) simulated.stateAt(at);
      }
    } finally {
      Math.random = random;
      Date.now = now;
    }
  });

  it('refuses a duration that is not a positive length', () => {
    expect(() => simulateMatch('seed', spec('soccer'), { durationMs: 0 })).toThrow(RangeError);
    expect(() => simulateMatch('seed', spec('soccer'), { durationMs: Number.NaN })).toThrow(RangeError);
  });

  it('lasts 12 real minutes by default', () => {
    expect(simulateMatch('seed', spec('tennis')).durationMs).toBe(720_000);
  });
});

describe('simulateMatch: states', () => {
  it('is upcoming with pre-match prices before the start and finished with the result after it', () => {
    for (const sport of SPORTS) {
      const simulated = match('seed-3', spec(sport));
      const before = simulated.stateAt(-1);
      expect(before).toMatchObject({ phase: 'upcoming', minute: 0, homeScore: 0, awayScore: 0, suspended: false });
      expect(before.selections).toEqual(pricesFor(sport, { minute: 0, homeScore: 0, awayScore: 0 }, { home: 60, away: 50 }));
      for (const at of [DURATION, DURATION + 1, 10 * DURATION]) {
        const after = simulated.stateAt(at);
        expect(after).toMatchObject({ phase: 'finished', ...simulated.result, suspended: true, selections: [] });
      }
      expect(simulated.stateAt(DURATION).minute).toBe(sport === 'soccer' ? 90 : sport === 'basketball' ? 40 : simulated.stateAt(DURATION - 1).minute + 1);
      expect(simulated.stateAt(0).phase).toBe('live');
      expect(simulated.stateAt(DURATION - 1).phase).toBe('live');
    }
  });

  it('never takes a score back, runs the clock forward and agrees with scoreChanges', () => {
    for (const sport of SPORTS) {
      for (let i = 0; i < 10; i += 1) {
        const simulated = match(`seed-${i}`, spec(sport, 40 + 5 * i, 60));
        let previous: MatchState | undefined;
        for (const at of instants(DURATION)) {
          const state = simulated.stateAt(at);
          if (previous !== undefined) {
            expect(state.homeScore).toBeGreaterThanOrEqual(previous.homeScore);
            expect(state.awayScore).toBeGreaterThanOrEqual(previous.awayScore);
            expect(state.minute).toBeGreaterThanOrEqual(previous.minute);
          }
          previous = state;
        }
        const changes = simulated.scoreChanges;
        expect(changes.at(-1) ?? { homeScore: 0, awayScore: 0 }).toMatchObject(simulated.result);
        changes.forEach((change, index) => {
          const before = changes[index - 1] ?? { atMs: 0, homeScore: 0, awayScore: 0 };
          expect(change.atMs).toBeGreaterThanOrEqual(before.atMs);
          expect(change.atMs).toBeGreaterThan(0);
          expect(change.atMs).toBeLessThanOrEqual(DURATION);
          // One side scores at a time: a goal, a set, a basket of 1 to 3 points.
          const gained = [change.homeScore - before.homeScore, change.awayScore - before.awayScore].sort();
          expect(gained[0]).toBe(0);
          expect(gained[1]).toBeGreaterThanOrEqual(1);
          expect(gained[1]).toBeLessThanOrEqual(sport === 'basketball' ? 3 : 1);
          const next = changes[index + 1];
          if (next === undefined || next.atMs > change.atMs) expect(simulated.stateAt(change.atMs)).toMatchObject({ homeScore: change.homeScore, awayScore: change.awayScore });
          if (before.atMs < change.atMs - 1) expect(simulated.stateAt(change.atMs - 1)).toMatchObject({ homeScore: before.homeScore, awayScore: before.awayScore });
        });
      }
    }
  });

  it('suspends soccer from a goal until a minute after it', () => {
    const minute = DURATION / 90;
    let checked = 0;
    for (let i = 0; i < 20; i += 1) {
      const changes = match(`seed-${i}`, spec('soccer', 50, 50)).scoreChanges;
      const simulated = match(`seed-${i}`, spec('soccer', 50, 50));
      changes.forEach((goal, index) => {
        const previous = changes[index - 1];
        const next = changes[index + 1];
        if ((next?.atMs ?? DURATION) - goal.atMs < 4 * minute) return;
        expect(simulated.stateAt(goal.atMs).suspended).toBe(true);
        expect(simulated.stateAt(goal.atMs + 0.9 * minute).suspended).toBe(true);
        expect(simulated.stateAt(goal.atMs + 1.1 * minute).suspended).toBe(false);
        expect(simulated.stateAt(goal.atMs + 3 * minute).suspended).toBe(false);
        // Its prices are still shown, greyed, while suspended.
        expect(simulated.stateAt(goal.atMs).selections).toHaveLength(7);
        if (goal.atMs - (previous?.atMs ?? -DURATION) > 2 * minute) expect(simulated.stateAt(goal.atMs - 1).suspended).toBe(false);
        checked += 1;
      });
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('suspends basketball in the last minute only', () => {
    const simulated = match('seed-1', spec('basketball'));
    const minute = DURATION / 40;
    for (const at of instants(DURATION)) {
      const state = simulated.stateAt(at);
      if (state.phase === 'live') expect(state.suspended).toBe(at >= 39 * minute);
    }
  });

  it('suspends tennis from the end of a set until a game after it', () => {
    let checked = 0;
    for (let i = 0; i < 10; i += 1) {
      const simulated = match(`seed-${i}`, spec('tennis'));
      const game = DURATION / simulated.stateAt(DURATION).minute;
      const firstSet = simulated.scoreChanges[0];
      expect(firstSet).toBeDefined();
      if (firstSet === undefined) continue;
      expect(simulated.stateAt(firstSet.atMs - 1).suspended).toBe(false);
      expect(simulated.stateAt(firstSet.atMs).suspended).toBe(true);
      expect(simulated.stateAt(firstSet.atMs + 0.9 * game).suspended).toBe(true);
      expect(simulated.stateAt(firstSet.atMs + 1.1 * game).suspended).toBe(false);
      checked += 1;
    }
    expect(checked).toBe(10);
  });

  it('counts tennis games on the clock and ends best of three sets', () => {
    const results = new Set<string>();
    for (let i = 0; i < 300; i += 1) {
      const simulated = match(`seed-${i}`, spec('tennis', 55, 50));
      results.add(`${simulated.result.homeScore}-${simulated.result.awayScore}`);
      const games = simulated.stateAt(DURATION).minute;
      const sets = simulated.result.homeScore + simulated.result.awayScore;
      expect(games).toBeGreaterThanOrEqual(6 * sets);
      expect(games).toBeLessThanOrEqual(13 * sets);
    }
    expect([...results].sort()).toEqual(['0-2', '1-2', '2-0', '2-1']);
  });
});

describe('simulateMatch: the course follows the model', () => {
  const outcomes = (sport: Sport, home: number, away: number, count: number) => {
    const finals = Array.from({ length: count }, (_, i) => match(`stats-${i}`, spec(sport, home, away, `${sport}:stats`)).result);
    return {
      meanTotal: finals.reduce((sum, result) => sum + result.homeScore + result.awayScore, 0) / count,
      homeWins: finals.filter((result) => result.homeScore > result.awayScore).length / count,
      awayWins: finals.filter((result) => result.homeScore < result.awayScore).length / count,
    };
  };

  it('scores about 2.6 goals in a soccer match between equal teams, and favourites win', () => {
    const equal = outcomes('soccer', 50, 50, 2_000);
    expect(equal.meanTotal).toBeGreaterThan(2.4);
    expect(equal.meanTotal).toBeLessThan(2.8);
    expect(Math.abs(equal.homeWins - equal.awayWins)).toBeLessThan(0.06);
    const favourite = outcomes('soccer', 90, 40, 1_000);
    expect(favourite.homeWins).toBeGreaterThan(0.65);
    expect(favourite.awayWins).toBeLessThan(0.12);
  });

  it('scores about 155 points in a basketball game, never ends in a tie, and favourites win', () => {
    const equal = outcomes('basketball', 50, 50, 1_000);
    expect(equal.meanTotal).toBeGreaterThan(140);
    expect(equal.meanTotal).toBeLessThan(170);
    expect(equal.homeWins + equal.awayWins).toBe(1);
    expect(outcomes('basketball', 90, 50, 1_000).homeWins).toBeGreaterThan(0.7);
  });

  it('lets the stronger tennis player win more often', () => {
    expect(outcomes('tennis', 40, 90, 1_000).awayWins).toBeGreaterThan(0.8);
  });
});

describe('pricesFor', () => {
  const ODDS = /^\d+\.\d{2}$/;

  it('prints every price with two decimals, between 1.01 and 101.00, three markets every live moment', () => {
    for (const sport of SPORTS) {
      for (let i = 0; i < 6; i += 1) {
        const simulated = match(`seed-${i}`, spec(sport, 20 * i, 50));
        for (const at of instants(DURATION)) {
          const state = simulated.stateAt(at);
          if (state.phase === 'finished') continue;
          expect(state.selections.map((selection) => `${selection.betType}/${selection.side}`)).toEqual([
            ...(sport === 'soccer' ? ['1X2/home', '1X2/draw', '1X2/away'] : ['1X2/home', '1X2/away']),
            'HDP/home',
            'HDP/away',
            'OU/over',
            'OU/under',
          ]);
          for (const selection of state.selections) {
            expect(selection.odds).toMatch(ODDS);
            expect(Number(selection.odds)).toBeGreaterThanOrEqual(1.01);
            expect(Number(selection.odds)).toBeLessThanOrEqual(101);
          }
          expect(pick(state.selections, '1X2', 'home').criteria1).toBe('');
          const hdp = pick(state.selections, 'HDP', 'home').criteria1;
          expect(pick(state.selections, 'HDP', 'away').criteria1).toBe(hdp);
          expect(hdp).toMatch(sport === 'soccer' ? /^(0|[+-]\d+(\.25|\.5|\.75)?)$/ : /^[+-]\d+\.5$/);
          const ou = pick(state.selections, 'OU', 'over').criteria1;
          expect(pick(state.selections, 'OU', 'under').criteria1).toBe(ou);
          expect(ou).toMatch(/^\d+\.5$/);
          // The OU line is above the goals/points/sets already scored.
          expect(Number(ou)).toBeGreaterThan(state.homeScore + state.awayScore);
        }
      }
    }
  });

  it('carries an overround of about 1.06 on 1X2 of soccer and 1.04 on two-way markets', () => {
    let checked = 0;
    for (const sport of SPORTS) {
      for (let minute = 0; minute < (sport === 'tennis' ? 1 : sport === 'soccer' ? 90 : 40); minute += 7) {
        const scores: [number, number][] = sport === 'tennis' ? [[0, 0], [1, 0], [0, 1], [1, 1]] : sport === 'soccer' ? [[0, 0], [1, 0], [0, 2], [2, 2]] : [[0, 0], [30, 24], [52, 60]];
        for (const [homeScore, awayScore] of scores) {
          const selections = pricesFor(sport, { minute, homeScore, awayScore }, { home: 65, away: 50 });
          for (const betType of ['1X2', 'HDP', 'OU'] as const) {
            const sum = overround(selections, betType);
            if (sum === undefined) continue;
            expect(Math.abs(sum - (betType === '1X2' && sport === 'soccer' ? 1.06 : 1.04))).toBeLessThan(0.012);
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('takes another margin', () => {
    const selections = pricesFor('soccer', { minute: 0, homeScore: 0, awayScore: 0 }, { home: 50, away: 50 }, 1);
    expect(pick(selections, 'HDP', 'home').odds).toBe('2.00');
    expect(pick(selections, 'HDP', 'home').criteria1).toBe('0');
    expect(overround(selections, '1X2')).toBeCloseTo(1, 2);
    expect(() => pricesFor('soccer', { minute: 0, homeScore: 0, awayScore: 0 }, { home: 50, away: 50 }, 0.9)).toThrow(RangeError);
  });

  it('prices the usual lines before the start', () => {
    const start = { minute: 0, homeScore: 0, awayScore: 0 };
    const soccer = pricesFor('soccer', start, { home: 50, away: 50 });
    expect(pick(soccer, 'OU', 'over').criteria1).toBe('2.5');
    expect(odds(soccer, '1X2', 'home')).toBe(odds(soccer, '1X2', 'away'));
    expect(pick(pricesFor('soccer', start, { home: 90, away: 40 }), 'HDP', 'home').criteria1).toMatch(/^-/);
    expect(pick(pricesFor('soccer', start, { home: 40, away: 90 }), 'HDP', 'home').criteria1).toMatch(/^\+/);
    expect(pick(pricesFor('tennis', start, { home: 70, away: 50 }), 'HDP', 'home').criteria1).toBe('-1.5');
    expect(pick(pricesFor('tennis', start, { home: 30, away: 50 }), 'HDP', 'home').criteria1).toBe('+1.5');
    expect(pick(pricesFor('tennis', start, { home: 70, away: 50 }), 'OU', 'over').criteria1).toBe('2.5');
    const basketball = pricesFor('basketball', start, { home: 90, away: 50 });
    expect(Number(pick(basketball, 'HDP', 'home').criteria1)).toBeLessThan(-5);
    expect(Number(pick(basketball, 'OU', 'over').criteria1)).toBeGreaterThan(140);
  });

  it('prices a practically decided outcome at the cap', () => {
    const late = pricesFor('soccer', { minute: 89, homeScore: 4, awayScore: 0 }, { home: 50, away: 50 });
    expect(pick(late, '1X2', 'away').odds).toBe('101.00');
    expect(pick(late, '1X2', 'home').odds).toBe('1.01');
    const tennis = pricesFor('tennis', { minute: 20, homeScore: 1, awayScore: 1 }, { home: 70, away: 50 });
    // At one set all the match goes to three sets and home can no longer win 2-0.
    expect(pick(tennis, 'OU', 'under').odds).toBe('101.00');
    expect(pick(tennis, 'HDP', 'home').odds).toBe('101.00');
  });

  it('shortens the home price right after a home goal and differs whenever the score does', () => {
    let checked = 0;
    for (let i = 0; i < 10; i += 1) {
      const simulated = match(`seed-${i}`, spec('soccer', 50, 50));
      const changes = simulated.scoreChanges;
      changes.forEach((goal, index) => {
        const before = simulated.stateAt(goal.atMs - 1);
        const after = simulated.stateAt(goal.atMs);
        if (before.homeScore === after.homeScore && before.awayScore === after.awayScore) return;
        expect(after.selections).not.toEqual(before.selections);
        const homeScored = goal.homeScore > (changes[index - 1]?.homeScore ?? 0);
        // A goal moves the 1X2 price unless it already sat on the floor or the cap (a decided match).
        const decided = [odds(before.selections, '1X2', 'home'), odds(after.selections, '1X2', 'home')].some((price) => price <= 1.01 || price >= 101);
        if (!decided) {
          if (homeScored) expect(odds(after.selections, '1X2', 'home')).toBeLessThan(odds(before.selections, '1X2', 'home'));
          else expect(odds(after.selections, '1X2', 'home')).toBeGreaterThan(odds(before.selections, '1X2', 'home'));
          checked += 1;
        }
      });
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('moves with the time: a draw grows likelier and a lead safer as the clock runs', () => {
    const equal = { home: 50, away: 50 };
    const draw = (minute: number) => odds(pricesFor('soccer', { minute, homeScore: 1, awayScore: 1 }, equal), '1X2', 'draw');
    expect(draw(80)).toBeLessThan(draw(50));
    expect(draw(50)).toBeLessThan(draw(20));
    const lead = (minute: number) => odds(pricesFor('basketball', { minute, homeScore: 60, awayScore: 54 }, equal), '1X2', 'home');
    expect(lead(35)).toBeLessThan(lead(25));
    const over = (minute: number) => pick(pricesFor('soccer', { minute, homeScore: 0, awayScore: 0 }, equal), 'OU', 'over').criteria1;
    expect(over(0)).toBe('2.5');
    expect(over(80)).toBe('0.5');
  });

  it('is fair before the margin for the matches the simulation draws (Asian quarter lines included)', () => {
    /** Average return of a unit stake at margin-free prices over many simulated matches: about 1. */
    const averageReturn = (sport: Sport, home: number, away: number, betType: Selection['betType'], side: Selection['side'], count: number) => {
      const selection = pick(pricesFor(sport, { minute: 0, homeScore: 0, awayScore: 0 }, { home, away }, 1), betType, side);
      const price = Number(selection.odds);
      const line = Number(selection.criteria1);
      let returned = 0;
      for (let i = 0; i < count; i += 1) {
        const { homeScore, awayScore } = match(`fair-${i}`, spec(sport, home, away, `${sport}:fair`)).result;
        if (betType === '1X2') returned += (side === 'home' ? homeScore > awayScore : side === 'away' ? awayScore > homeScore : homeScore === awayScore) ? price : 0;
        if (betType === 'OU') returned += (side === 'over' ? homeScore + awayScore > line : homeScore + awayScore < line) ? price : 0;
        if (betType === 'HDP') {
          // A quarter line is half the stake on each neighbouring line; a whole line pushes.
          const parts = Number.isInteger(line * 2) ? [line] : [line - 0.25, line + 0.25];
          for (const part of parts) {
            const margin = (side === 'home' ? homeScore - awayScore : awayScore - homeScore) + (side === 'home' ? part : -part);
            returned += (margin > 0 ? price : margin === 0 ? 1 : 0) / parts.length;
          }
        }
      }
      return { returned: returned / count, line: selection.criteria1 };
    };
    const quarter = averageReturn('soccer', 90, 50, 'HDP', 'home', 4_000);
    expect(quarter.line).toMatch(/\.(25|75)$/);
    expect(quarter.returned).toBeGreaterThan(0.95);
    expect(quarter.returned).toBeLessThan(1.05);
    expect(averageReturn('soccer', 90, 50, 'HDP', 'away', 4_000).returned).toBeCloseTo(1, 1);
    expect(averageReturn('soccer', 65, 50, '1X2', 'draw', 4_000).returned).toBeCloseTo(1, 1);
    expect(averageReturn('soccer', 65, 50, 'OU', 'over', 4_000).returned).toBeCloseTo(1, 1);
    expect(averageReturn('basketball', 80, 50, 'HDP', 'home', 3_000).returned).toBeCloseTo(1, 1);
    expect(averageReturn('basketball', 80, 50, 'OU', 'under', 3_000).returned).toBeCloseTo(1, 1);
    expect(averageReturn('basketball', 60, 50, '1X2', 'away', 3_000).returned).toBeCloseTo(1, 1);
    expect(averageReturn('tennis', 70, 50, 'HDP', 'home', 3_000).returned).toBeCloseTo(1, 1);
    expect(averageReturn('tennis', 60, 50, '1X2', 'away', 3_000).returned).toBeCloseTo(1, 1);
    expect(averageReturn('tennis', 60, 50, 'OU', 'over', 3_000).returned).toBeCloseTo(1, 1);
  });

  it('is cheap enough to price every match every second', () => {
    const started = performance.now();
    for (let i = 0; i < 1_000; i += 1) pricesFor('soccer', { minute: i % 90, homeScore: i % 4, awayScore: i % 3 }, { home: 40 + (i % 50), away: 60 });
    // ≈ 0.03 ms a call on a laptop; the bound leaves room for a loaded CI machine.
    expect((performance.now() - started) / 1_000).toBeLessThan(0.2);
  });
});
