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
