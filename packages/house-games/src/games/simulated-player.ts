import type { FloatSource } from '../fair/index.js';

/**
 * A player the RTP simulation (scripts/bench-rtp.mjs) plays each game with. It draws its choices
 * from its own numbers, never from the round's. Each game's declared RTP is what this player gets,
 * computed exactly where the game allows it (ADR 0030).
 */
export interface SimulatedPlayer<Bet = unknown, State = unknown, Action = unknown> {
  bet(choice: FloatSource): Bet;
  /** Multi-step games: the next action in an open round. */
  action?(state: State, choice: FloatSource): Action;
}

/**
 * A fast seeded source of numbers in [0, 1) (sfc32, from four 32-bit words) for simulated players'
 * choices and tests' scripted rounds: reproducible, and never the fair stream a round's outcome
 * comes from.
 */
export function sfc32(...words: [number, number, number, number]): FloatSource {
  let [a, b, c, d] = words.map((word) => word | 0) as [number, number, number, number];
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first numbers of a fresh state are poorly mixed.
  for (let index = 0; index < 16; index += 1) next();
  return { next };
}
