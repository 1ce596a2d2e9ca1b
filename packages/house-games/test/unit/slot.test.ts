import { describe, expect, it } from 'vitest';
import type { FloatSource } from '../../src/fair/index.js';
import { fairRoundRandom } from '../../src/games/round-random.js';
import { sfc32 } from '../../src/games/simulated-player.js';
import {
  FREE_SPINS_CAP,
  LANTERN_PRIZES,
  LANTERNS_PAYLINES,
  LANTERNS_REELS,
  evaluateLine,
  lanterns,
  playLanterns,
  type LanternsSymbol,
  type LanternsView,
  type ReelStrip,
} from '../../src/games/slot.js';
import type { RoundRandom } from '../../src/games/types.js';

/*
 * LUCKY LANTERNS' rules (docs/provably-fair.md, section LANTERNS), through the game's public
 * functions: rounds are played from scripted numbers that put chosen strip positions on screen.
 */

/** The seeded generator for the numbers a test does not script. */
const seeded = (seed: number): FloatSource => sfc32(seed, 0x9e3779b9, 0x85ebca6b, 0xc2b2ae35);

/** The numbers in `values` first, then the seeded generator's. */
function scripted(values: number[], seed = 1): RoundRandom {
  const rest = seeded(seed);
  let index = 0;
  return { next: () => (index < values.length ? values[index++]! : rest.next()), hash: () => '0'.repeat(64) };
}

/** The number that makes intBelow(random, length) give `stop`. */
const drawFor = (stop: number, length: number) => (stop + 0.5) / length;

/** The numbers of one spin stopping each reel at the first stop whose window passes `wanted(reel, window)`. */
function spinWhere(strips: readonly ReelStrip[], wanted: (reel: number, window: LanternsSymbol[], multipliers: number[]) => boolean): number[] {
  return strips.map((strip, reel) => {
    const length = strip.symbols.length;
    for (let stop = 0; stop < length; stop += 1) {
      const rows = [0, 1, 2].map((row) => (stop + row) % length);
      if (wanted(reel, rows.map((p) => strip.symbols[p]!), rows.map((p) => strip.multipliers[p]!))) return drawFor(stop, length);
    }
    throw new Error(`no stop of reel ${reel + 1} fits`);
  });
}

const noFeature = (window: LanternsSymbol[]) => !window.includes('scatter') && !window.includes('lantern');
/** A spin showing a scatter on each reel in `reels` (at `rows[reel]`), and neither a scatter nor a lantern elsewhere. */
function scattersOn(strips: readonly ReelStrip[], reels: number[], rows: number[] = [0, 1, 2, 0, 1]): number[] {
  return spinWhere(strips, (reel, window) =>
    reels.includes(reel) ? window[rows[reel]!] === 'scatter' && !window.includes('lantern') : noFeature(window),
  );
}

const STAKE = 1_0000n; // 1.00 in minor units
const ONE: LanternsSymbol[] = ['10', '10', '10'];

/** A screen from its middle row (the other rows are 10s, which break nothing in these tests' lines 0). */
function middleRow(symbols: LanternsSymbol[]): LanternsSymbol[][] {
  return symbols.map((symbol) => [ONE[0]!, symbol, ONE[2]!]);
}

describe('LANTERNS line evaluation', () => {
  it('reads a line from reel 1, left to right, with the wild standing in for the symbol', () => {
    expect(evaluateLine(middleRow(['K', 'wild', 'K', 'Q', 'A']), null, 0)).toMatchObject({ symbol: 'K', count: 3, lineBets: 6 });
    // The same three kings from reel 2 on pay nothing: a line starts on reel 1.
    expect(evaluateLine(middleRow(['Q', 'K', 'K', 'K', 'K']), null, 0)).toBeNull();
    // Two of a kind pays nothing; a scatter or a lantern breaks the run.
    expect(evaluateLine(middleRow(['dragon', 'dragon', 'A', 'A', 'A']), null, 0)).toBeNull();
    expect(evaluateLine(middleRow(['koi', 'koi', 'scatter', 'koi', 'koi']), null, 0)).toBeNull();
    expect(evaluateLine(middleRow(['koi', 'wild', 'lantern', 'koi', 'koi']), null, 0)).toBeNull();
  });

  it('follows the payline through the rows', () => {
    // Line 3 is the V: rows 0, 1, 2, 1, 0.
    expect(LANTERNS_PAYLINES[3]).toEqual([0, 1, 2, 1, 0]);
    const grid: LanternsSymbol[][] = [
      ['coin', 'A', 'A'],
      ['K', 'coin', 'K'],
      ['Q', 'Q', 'wild'],
      ['J', 'coin', 'J'],
      ['coin', '10', '10'],
    ];
    expect(evaluateLine(grid, null, 3)).toMatchObject({ symbol: 'coin', count: 5, lineBets: 125 });
  });

  it('pays a line of wilds as the symbol they complete, and only the line’s highest win', () => {
    // Reel 1's symbol with wilds on reels 2–4: five kings, paid once (not 3 + 4 + 5 of them).
    expect(evaluateLine(middleRow(['K', 'wild', 'wild', 'wild', 'K']), null, 0)).toMatchObject({ symbol: 'K', count: 5, lineBets: 75 });
    expect(evaluateLine(middleRow(['K', 'wild', 'wild', 'wild', 'Q']), null, 0)).toMatchObject({ symbol: 'K', count: 4, lineBets: 20 });
    // Wilds alone pay as the dragon; when they lead a line the higher of the two readings pays:
    // 3 wilds as dragons (30) beat 4 kings (20); 2 wilds and 3 phoenixes are 5 phoenixes (300).
    expect(evaluateLine(middleRow(['wild', 'wild', 'wild', 'K', 'Q']), null, 0)).toMatchObject({ symbol: 'dragon', count: 3, lineBets: 30 });
    expect(evaluateLine(middleRow(['wild', 'wild', 'wild', 'wild', 'wild']), null, 0)).toMatchObject({ symbol: 'dragon', count: 5, lineBets: 600 });
    expect(evaluateLine(middleRow(['wild', 'wild', 'phoenix', 'phoenix', 'phoenix']), null, 0)).toMatchObject({ symbol: 'phoenix', count: 5, lineBets: 300 });
  });

  it('multiplies a win by the product of its wilds’ multipliers (free spins)', () => {
    const multipliers = [
      [1, 1, 1],
      [1, 2, 1],
      [1, 3, 1],
      [1, 5, 1],
      [1, 1, 1],
    ];
    // K ×2 ×3 K: four kings (20) × 6; the ×5 wild is not in the win.
    expect(evaluateLine(middleRow(['K', 'wild', 'wild', 'K', 'Q']), multipliers, 0)).toMatchObject({ count: 4, multiplier: 6, lineBets: 120 });
    expect(evaluateLine(middleRow(['dragon', 'wild', 'wild', 'wild', 'dragon']), multipliers, 0)).toMatchObject({ count: 5, multiplier: 30, lineBets: 18_000 });
  });
});

describe('LANTERNS rounds', () => {
  const base = LANTERNS_REELS.base;
  const free = LANTERNS_REELS.free;

  it('pays scatters anywhere on screen and awards their free spins, which are then played', () => {
    // Scatters on reels 1, 3 and 5, in three different rows.
    const { view, win } = playLanterns(STAKE, scripted(scattersOn(base, [0, 2, 4], [0, 0, 2, 0, 1])));
    const [first, ...freeSpins] = view.spins;
    expect(first).toMatchObject({ kind: 'base', scatters: 3, scatterWin: '2.0000', freeSpinsAwarded: 10 });
    expect(freeSpins.length).toBeGreaterThanOrEqual(10);
    expect(freeSpins.every((spin) => spin.kind === 'free')).toBe(true);
    // Four scatters: 10 × the stake and 15 spins.
    const four = playLanterns(STAKE, scripted(scattersOn(base, [0, 1, 3, 4]))).view.spins[0]!;
    expect(four).toMatchObject({ scatters: 4, scatterWin: '10.0000', freeSpinsAwarded: 15 });
    // The round's win is the sum of its spins, rounded down to a cent.
    const exact = view.spins.reduce((sum, spin) => sum + BigInt(spin.win.replace('.', '')), 0n);
    expect(win).toBe((exact / 100n) * 100n);
    expect(view.totalWin).toBe(`${win / 10000n}.${(win % 10000n).toString().padStart(4, '0')}`);
  });

  it('retriggers free spins with scatters during them, up to 100 per round', () => {
    const fiveBase = scattersOn(base, [0, 1, 2, 3, 4]);
    const fiveFree = scattersOn(free, [0, 1, 2, 3, 4]);
    // Every spin shows five scatters: 20 spins each, until the cap of 100.
    const draws = [...fiveBase, ...Array.from({ length: 8 }, () => fiveFree).flat()];
    const { view } = playLanterns(STAKE, scripted(draws));
    expect(view.capped).toBe(false);
    expect(view.spins.map((spin) => spin.freeSpinsAwarded).slice(0, 7)).toEqual([20, 20, 20, 20, 20, 0, 0]);
    expect(view.spins.length).toBe(1 + FREE_SPINS_CAP);
    expect(view.spins.slice(1).every((spin) => spin.kind === 'free')).toBe(true);
    // Scatters pay during free spins too: 50 × the stake for five.
    expect(view.spins[6]).toMatchObject({ scatters: 5, scatterWin: '50.0000' });
  });

  it('carries ×2, ×3 and ×5 wilds only in free spins', () => {
    expect(base.flatMap((strip) => strip.multipliers).every((multiplier) => multiplier === 1)).toBe(true);
    expect(new Set(free.flatMap((strip) => strip.multipliers))).toEqual(new Set([1, 2, 3, 5]));
    expect([0, 4].every((reel) => !base[reel]!.symbols.includes('wild') && !free[reel]!.symbols.includes('wild'))).toBe(true);
    expect([1, 3].every((reel) => !base[reel]!.symbols.includes('lantern'))).toBe(true);
  });

  it('opens the golden-lantern bonus with a lantern on reels 1, 3 and 5, its prizes drawn after the base spin', () => {
    const lanternsDraws = spinWhere(base, (reel, window) =>
      [0, 2, 4].includes(reel) ? window.includes('lantern') && !window.includes('scatter') : noFeature(window),
    );
    // The draws for the three lanterns: 99 → 100×, 0 → 2×, 60 → 4× (LANTERN_PRIZES' cumulative weights).
    expect(LANTERN_PRIZES.reduce((sum, prize) => sum + prize.weight, 0)).toBe(100);
    const { view, win } = playLanterns(STAKE, scripted([...lanternsDraws, 0.995, 0.005, 0.605]));
    expect(view.bonus).toEqual({
      picks: [
        { multiplier: 100, win: '100.0000' },
        { multiplier: 2, win: '2.0000' },
        { multiplier: 4, win: '4.0000' },
      ],
      win: '106.0000',
    });
    expect(view.spins).toHaveLength(1);
    expect(win).toBe(STAKE * 106n + BigInt(view.spins[0]!.win.replace('.', '')));
    // Two lanterns are not enough.
    const two = spinWhere(base, (reel, window) => (reel === 4 ? noFeature(window) : reel === 0 || reel === 2 ? window.includes('lantern') && !window.includes('scatter') : noFeature(window)));
    expect(playLanterns(STAKE, scripted(two)).view.bonus).toBeNull();
  });

  it('stops a round at 5,000 × the stake', () => {
    // Free spins showing dragon, ×5 wild, ×5 wild, ×5 wild, dragon on the middle row: 600 × 125 line bets each.
    const jackpot = spinWhere(free, (reel, window, multipliers) =>
      reel === 0 || reel === 4 ? window[1] === 'dragon' && !window.includes('scatter') : window[1] === 'wild' && multipliers[1] === 5 && !window.includes('scatter'),
    );
    const draws = [...scattersOn(base, [0, 2, 4]), ...jackpot, ...jackpot];
    const { view, win } = playLanterns(STAKE, scripted(draws));
    expect(view.capped).toBe(true);
    expect(win).toBe(5000n * STAKE);
    expect(view.totalWin).toBe('5000.0000');
    // The first free spin passed the cap (its own win is shown whole); the nine left were not played.
    expect(view.spins).toHaveLength(2);
    expect(Number(view.spins[1]!.win)).toBeGreaterThan(5000);
    expect(view.spins[1]!.lineWins.find((lineWin) => lineWin.line === 0)).toMatchObject({ symbol: 'dragon', count: 5, multiplier: 125, win: '3750.0000' });
    expect(lanterns.maxMultiplier).toBe(5000);
  });

  it('rounds a round’s win down to a cent', () => {
    // A stake of 0.01: a line bet is 0.0005, so three 10s pay 0.0015 and the round 0.00 for them.
    for (let seed = 1; seed <= 200; seed += 1) {
      const { view, win } = playLanterns(100n, scripted([], seed));
      const exact = view.spins.reduce((sum, spin) => sum + BigInt(spin.win.replace('.', '')), 0n);
      const expected = view.capped ? 5000n * 100n : (exact / 100n) * 100n;
      expect(win).toBe(expected);
      expect(win % 100n).toBe(0n);
    }
  });

  it('keeps its state JSON-safe and shows all of it', () => {
    const { state, win } = lanterns.start({ stake: '2.50' }, scripted([], 7));
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(lanterns.view(state, true)).toEqual(state);
    expect(win).toBe(BigInt(state.totalWin.replace('.', '')));
  });
});

describe('LANTERNS fair outcome (golden)', () => {
  const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'lucky-lanterns' };

  it('gives the same rounds from the same seeds', () => {
    const summaries = Object.fromEntries(
      Object.keys(GOLDEN).map((nonce) => [nonce, summary(lanterns.start({ stake: '1.00' }, fairRoundRandom({ ...seeds, nonce: Number(nonce) })).state)]),
    );
    expect(summaries).toEqual(GOLDEN);
  });
});

/** Each spin's stops, the lanterns' prizes and the round's win. */
function summary(view: LanternsView): string {
  return `${view.spins.map((spin) => spin.stops.join('.')).join('|')} bonus=${view.bonus?.picks.map((pick) => pick.multiplier).join('+') ?? '-'} win=${view.totalWin}`;
}

/** Rounds of the seeds above: two plain ones, one with free spins (412) and one with the lantern bonus (122). */
const GOLDEN: Record<string, string> = {
  0: '30.16.49.5.16 bonus=- win=0.0000',
  3: '41.44.6.15.27 bonus=- win=4.5000',
  122: '8.40.33.28.39 bonus=5+2+5 win=12.0000',
  412: '8.4.8.22.14|21.1.3.10.37|24.33.21.43.33|0.36.36.23.24|30.28.9.23.35|26.47.32.35.40|25.0.0.37.5|33.39.12.5.32|40.8.35.18.27|22.11.19.43.10|35.36.2.48.29 bonus=- win=16.8000',
};

describe('LANTERNS bets', () => {
  it('accepts a total bet of up to 12 digits and 2 decimals, above 0', () => {
    for (const stake of ['0.01', '1', '1.5', '250.50', '999999999999.99']) expect(lanterns.betSchema.safeParse({ stake }).success).toBe(true);
    expect(lanterns.stakeOf({ stake: '250.50' })).toBe(250_5000n);
  });

  it('refuses anything else', () => {
    for (const bet of [
      { stake: '0' },
      { stake: '0.00' },
      { stake: '-1' },
      { stake: '1.001' },
      { stake: '1e3' },
      { stake: ' 1' },
      { stake: '1234567890123' },
      { stake: 1 },
      {},
      { stake: '1.00', lines: 10 },
      null,
    ]) {
      expect(lanterns.betSchema.safeParse(bet).success, JSON.stringify(bet)).toBe(false);
    }
  });
});
