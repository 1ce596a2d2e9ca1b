import type { FloatSource } from '../../src/fair/index.js';
import { fairRoundRandom } from '../../src/games/round-random.js';
import type { RoundRandom } from '../../src/games/types.js';

/** The seeds of the golden rounds (docs/provably-fair.md's worked example uses them too). */
export const GOLDEN_SEEDS = {
  serverSeed: '5f0c7c7b7f0d4b1e9a3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a',
  clientSeed: 'lucky-player',
} as const;

export const goldenRound = (nonce: number): RoundRandom => fairRoundRandom({ ...GOLDEN_SEEDS, nonce });

/** A round whose numbers are the given ones (then 0.5 for ever), and whose hash is `hash`. */
export function fixedRound(numbers: number[], hash = '0'.repeat(64)): RoundRandom {
  let index = 0;
  return { next: () => numbers[index++] ?? 0.5, hash: () => hash };
}

/** A round that lands intBelow(·, n) on `value` for its first number. */
export const numberFor = (value: number, n: number): number => (value + 0.5) / n;

/** A small seeded source for the simulated players' choices in tests (mulberry32). */
export function seededSource(seed: number): FloatSource {
  let state = seed >>> 0;
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}
