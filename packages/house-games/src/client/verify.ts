import { hashServerSeed, roundHash, type RoundSeeds } from '../fair/index.js';
import { fairRoundRandom, houseGame } from '../games/index.js';
import { CRASH_CHAIN_LENGTH, chainParent, crashPointOfHash } from '../games/crash.js';
import { hundredthsText } from '../games/money.js';

/*
 * The verify view's computation, all in the browser: a round replayed from its revealed seeds with
 * the same game module the server ran (docs/provably-fair.md). A recorded round matches when the
 * recomputed view equals the one the server recorded.
 */

/** A link of a seed chain: 64 lower-case hex digits. */
const CHAIN_HASH = /^[0-9a-f]{64}$/;

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

/** A crash round checked against its seed chain (games/crash.ts): its point, and where its hash leads. */
export interface ChainLinkResult {
  /** The crash point recomputed from the round's hash and the chain's salt ("2.37"). */
  crashPoint: string;
  /** SHA-256 of the round's hash: the previous round's hash. */
  parent: string;
  /** How many hashings lead from the round's hash to the committed hash; null when none within reach. */
  steps: number | null;
}

/**
 * Recomputes a crash round from its revealed chain hash: the point from HMAC(hash, salt), and the
 * hashings from it down to `committed`, the previous round's hash (1 step) or the chain's published
 * end h_0 (`index` steps).
 */
export function verifyChainLink(input: { hash: string; salt: string; committed: string; index: number }): ChainLinkResult {
  const hash = input.hash.trim().toLowerCase();
  if (!CHAIN_HASH.test(hash)) throw new Error('not a chain hash');
  if (!Number.isSafeInteger(input.index) || input.index < 0) throw new Error('index');
  const committed = input.committed.trim().toLowerCase();
  const reach = Math.min(Math.max(1, input.index), CRASH_CHAIN_LENGTH);
  let link = hash;
  let steps: number | null = null;
  for (let step = 1; step <= reach && committed !== ''; step += 1) {
    link = chainParent(link);
    if (link === committed) {
      steps = step;
      break;
    }
  }
  return { crashPoint: hundredthsText(crashPointOfHash(hash, input.salt)), parent: chainParent(hash), steps };
}
