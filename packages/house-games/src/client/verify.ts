import { hashServerSeed, roundHash, type RoundSeeds } from '../fair/index.js';
import { fairRoundRandom, houseGame } from '../games/index.js';

/*
 * The verify view's computation, all in the browser: a round replayed from its revealed seeds with
 * the same game module the server ran (docs/provably-fair.md). A recorded round matches when the
 * recomputed view equals the one the server recorded.
 */

export interface VerifyInput {
  game: string;
  seeds: RoundSeeds;
  bet: unknown;
  /** The player's actions after the start, in order (mines' reveals and cash-out). */
  actions: unknown[];
}

export interface VerifyResult {
  /** SHA-256 of the server seed: compare with the hash committed before the round. */
  serverSeedHash: string;
  /** The round's hash (block 0). */
  hash: string;
  view: unknown;
  win: bigint | null;
}

/** Replays a round; throws when the game is unknown or the bet or an action is not valid. */
export function recomputeRound(input: VerifyInput): VerifyResult {
  const game = houseGame(input.game);
  if (!game) throw new Error(`unknown game ${input.game}`);
  const bet = game.betSchema.parse(input.bet);
  let step = game.start(bet, fairRoundRandom(input.seeds));
  for (const raw of input.actions) {
    if (step.win !== null) break;
    if (!game.act || !game.actionSchema) throw new Error(`${input.game} takes no actions`);
    step = game.act(step.state, game.actionSchema.parse(raw));
  }
  return {
    serverSeedHash: hashServerSeed(input.seeds.serverSeed),
    hash: roundHash(input.seeds),
    view: game.view(step.state, step.win !== null),
    win: step.win,
  };
}

/** JSON with object keys sorted: two views are the same when their canonical forms are. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
