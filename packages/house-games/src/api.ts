import { z } from 'zod';

/*
 * The studio's own HTTP API between its game pages (../client) and its game server (../server),
 * under the studio's prefix (/house by default). Every call is POST <prefix>/api/<name> with a JSON
 * body and `Authorization: Bearer <studio session>`; the session comes in the page's boot data.
 * Replies: { ok: true, ... } with HTTP 200, or { ok: false, code, message } with the code's status.
 * Money is decimal strings in the session's currency.
 */

/** The page's boot data, in <script type="application/json" id="house-boot">. */
export const bootData = z.object({
  /** The studio session: the bearer token of the API calls. */
  session: z.string(),
  /** The game code (MINES, ROULETTE …). */
  game: z.string(),
  /** The page's locale code (the site's: en, zh, …). */
  locale: z.string(),
  currency: z.string(),
  /** Play money, no wallet: a guest trying the game. */
  demo: z.boolean(),
  /** Where "back" goes (the site's lobby); null when the page may not navigate its parent. */
  returnUrl: z.string().nullable(),
  /** The API's base path, e.g. "/house/api". */
  apiBase: z.string(),
});
export type BootData = z.infer<typeof bootData>;

export const HOUSE_ERROR_STATUS = {
  /** The body or a field is wrong. */
  VALIDATION: 400,
  /** No session, or it has expired: reopen the game from the site. */
  SESSION_EXPIRED: 401,
  /** The stake is above the balance. */
  INSUFFICIENT_FUNDS: 402,
  /** The player may not place bets (blocked, excluded, over a limit): the wallet's refusal. */
  BETS_REFUSED: 403,
  /** The stake is below the minimum or above the maximum bet. */
  BET_LIMIT: 422,
  /** The round does not exist, or is over. */
  ROUND_NOT_OPEN: 409,
  /** A round of this game is open already: finish it first. */
  ROUND_IN_PROGRESS: 409,
  /** Too many calls. */
  TOO_MANY_REQUESTS: 429,
  /** The wallet did not answer: the round was undone (or will be settled); nothing is lost. */
  WALLET_UNAVAILABLE: 503,
  /** The studio failed. */
  INTERNAL_ERROR: 500,
} as const;
export type HouseErrorCode = keyof typeof HOUSE_ERROR_STATUS;

export const houseError = z.object({ ok: z.literal(false), code: z.enum(Object.keys(HOUSE_ERROR_STATUS) as [HouseErrorCode]), message: z.string() });
export type HouseError = z.infer<typeof houseError>;

/** The seeds of the player's current pair: the server seed only as its hash. */
export const activeSeeds = z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() });
export type ActiveSeeds = z.infer<typeof activeSeeds>;

/** A round as the player sees it. */
export const roundView = z.object({
  id: z.string(),
  game: z.string(),
  /** ISO time the round started. */
  createdAt: z.string(),
  stake: z.string(),
  /** null while open. */
  win: z.string().nullable(),
  status: z.enum(['open', 'settled', 'refused', 'rolled_back']),
  bet: z.unknown(),
  /** The game's view (types.ts: HashView, MinesView …). */
  view: z.unknown(),
  /** What decided it; serverSeed once the pair was rotated (then the round can be verified). */
  fair: z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int(), serverSeed: z.string().nullable() }),
});
export type RoundView = z.infer<typeof roundView>;

export const gameLimits = z.object({ minBet: z.string(), maxBet: z.string(), maxWin: z.string() });
export type GameLimits = z.infer<typeof gameLimits>;

export const HOUSE_CALLS = {
  /** The game, the balance, the limits, the seeds and the open round (if any). */
  state: {
    request: z.object({}),
    reply: z.object({
      ok: z.literal(true),
      balance: z.string(),
      currency: z.string(),
      game: z.object({ code: z.string(), rtp: z.string() }),
      limits: gameLimits,
      seeds: activeSeeds,
      openRound: roundView.nullable(),
    }),
  },
  /** Starts a round: the stake is taken, single-step games settle at once. */
  start: {
    request: z.object({ bet: z.unknown() }),
    reply: z.object({ ok: z.literal(true), round: roundView, balance: z.string() }),
  },
  /** An action in an open round (mines: reveal a cell, cash out). */
  act: {
    request: z.object({ roundId: z.string(), action: z.unknown() }),
    reply: z.object({ ok: z.literal(true), round: roundView, balance: z.string() }),
  },
  /** The player's last rounds of this game, newest first (50 per page; `before` a round id). */
  history: {
    request: z.object({ before: z.string().optional() }),
    reply: z.object({ ok: z.literal(true), rounds: z.array(roundView) }),
  },
  /** Sets a new client seed (optional) and a new server seed: the old pair's server seed is revealed. */
  rotateSeeds: {
    request: z.object({ clientSeed: z.string().regex(/^[\x21-\x7e]{1,64}$/).optional() }),
    reply: z.object({
      ok: z.literal(true),
      revealed: z.object({ serverSeed: z.string(), serverSeedHash: z.string(), clientSeed: z.string(), rounds: z.number().int() }),
      seeds: activeSeeds,
    }),
  },
} as const;
export type HouseCallName = keyof typeof HOUSE_CALLS;
export type HouseRequest<N extends HouseCallName> = z.input<(typeof HOUSE_CALLS)[N]['request']>;
export type HouseReply<N extends HouseCallName> = z.infer<(typeof HOUSE_CALLS)[N]['reply']>;
