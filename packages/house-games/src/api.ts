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
  /** Crash: the round's bets are closed (it is flying); bet on the next one. */
  BETTING_CLOSED: 409,
  /** Crash: the round holds all the stakes its maximum payout allows; bet on the next one. */
  ROUND_FULL: 409,
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

export const gameLimits = z.object({
  minBet: z.string(),
  maxBet: z.string(),
  /** The most one bet may win. */
  maxWin: z.string(),
  /** Crash: the most one round may pay all its bets together (its exposure, ADR 0032). */
  crashExposure: z.string(),
});
export type GameLimits = z.infer<typeof gameLimits>;

/** One bet of a crash round as every player of the site sees it (games/crash.ts, ADR 0032). */
export const crashBetLine = z.object({
  /** A short public tag that hides the account ("3f9a"); the page names it ("Player 3f9a"). */
  player: z.string(),
  /** This page's own bet. */
  mine: z.boolean(),
  stake: z.string(),
  /** The multiplier it was cashed out at, by hand or automatically once reached; null while flying or lost. */
  cashedOut: z.string().nullable(),
  /** What it paid (once cashed out), or "0.00" once lost; null while flying. */
  win: z.string().nullable(),
});
export type CrashBetLine = z.infer<typeof crashBetLine>;

/** A shared crash round now. Times are ISO strings of the server's clock (see `serverTime`). */
export const crashRoundState = z.object({
  /** The round's number on the site. */
  round: z.number().int(),
  phase: z.enum(['betting', 'flying', 'crashed']),
  /** When the bets close and the multiplier starts from 1.00. */
  flightAt: z.string(),
  /** How long the round takes bets (the server's setting; 7,000 ms by default). */
  bettingMs: z.number().int(),
  /** When it crashed, and at what; null until then. */
  crashedAt: z.string().nullable(),
  crashPoint: z.string().nullable(),
  /** When the next round takes bets; null until this one crashed. */
  nextAt: z.string().nullable(),
  /** The seed chain link of the round: `hash` (revealed at the crash) must hash to `previousHash`. */
  fair: z.object({ chain: z.number().int(), index: z.number().int(), salt: z.string(), previousHash: z.string(), hash: z.string().nullable() }),
  bets: z.array(crashBetLine),
});
export type CrashRoundState = z.infer<typeof crashRoundState>;

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
  /**
   * Crash only: the site's shared round now, its bets, the last crash points and the player's bet
   * in it. Pages ask about twice a second; the answer is shared by the process for 200 ms.
   */
  crash: {
    request: z.object({}),
    reply: z.object({
      ok: z.literal(true),
      /** The server's clock at the answer (ISO), to place the round's times on the page's clock. */
      serverTime: z.string(),
      /** The multiplier is e^(growthPerMs × ms since flightAt), rounded down to a hundredth. */
      growthPerMs: z.number(),
      /** How long a crash stays on screen before the next round takes bets. */
      pauseMs: z.number().int(),
      round: crashRoundState,
      /** The last crashed rounds, newest first. */
      recent: z.array(z.object({ round: z.number().int(), crashPoint: z.string(), hash: z.string() })),
      /** The player's bet in this round (its view is games/crash.ts CrashBetView). */
      myBet: roundView.nullable(),
    }),
  },
} as const;
export type HouseCallName = keyof typeof HOUSE_CALLS;
export type HouseRequest<N extends HouseCallName> = z.input<(typeof HOUSE_CALLS)[N]['request']>;
export type HouseReply<N extends HouseCallName> = z.infer<(typeof HOUSE_CALLS)[N]['reply']>;
