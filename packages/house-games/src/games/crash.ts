import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { nobleHmacSha256, type HmacSha256 } from '../fair/seeds.js';
import { crashPointHundredths, CRASH_MAX_HUNDREDTHS, CRASH_RTP } from './crash-point.js';
import { hundredthsOf, stakeSchema } from './money.js';

/*
 * Rocket, the crash game (ADR 0032, docs/provably-fair.md "Crash"): rounds shared by every player
 * of a site. Each round has a timetable fixed when it is created: bets are taken for BETTING_MS,
 * then the multiplier rises as e^(GROWTH_PER_MS × ms) from 1.00 and the round crashes when it
 * reaches the round's crash point. A bet cashed out before the crash pays stake × the multiplier
 * of that moment; an automatic cash-out at m pays stake × m when the crash point is m or more.
 *
 * Crash points come from a seed chain per site: a secret seed h_N, h_(i-1) = SHA-256(h_i) as hex
 * text, and the chain's end h_0 published when the chain is made. Round i of the chain reveals
 * h_i once it crashes; anyone checks SHA-256(h_i) = h_(i-1) (the round before, or h_0), so no
 * round's point could have been chosen after the chain was published. The point is
 *   u = the first 52 bits of HMAC-SHA256(key = h_i, message = salt) / 2^52, then crash-point.ts,
 * where the salt names the site and the chain. This module runs in the game server and in the
 * browser's verify panel alike.
 */

export const CRASH_GAME_CODE = 'ROCKET';
export { CRASH_RTP };

/** How long a round takes bets before its flight. */
export const CRASH_BETTING_MS = 7_000;
/** How long the crash point stays on screen before the next round takes bets. */
export const CRASH_PAUSE_MS = 3_000;
/** The multiplier's growth: e^(0.00006 × ms): ×2 after 11.6 s, ×10 after 38.4 s, ×100 after 76.8 s. */
export const CRASH_GROWTH_PER_MS = 0.00006;
/** The smallest cash-out: 1.00 would give the stake back every time. */
export const CRASH_MIN_CASHOUT = '1.01';
/** How many rounds one seed chain serves before the next chain starts. */
export const CRASH_CHAIN_LENGTH = 10_000;

/**
 * The multiplier in hundredths `ms` after the flight started (rounded down to a hundredth). A
 * round's growth is written in it (the tests run faster rounds); CRASH_GROWTH_PER_MS by default.
 */
export function crashMultiplierAt(ms: number, growthPerMs: number = CRASH_GROWTH_PER_MS): bigint {
  if (!(ms > 0)) return 100n;
  const hundredths = BigInt(Math.floor(100 * Math.exp(growthPerMs * ms) + 1e-9));
  return hundredths > CRASH_MAX_HUNDREDTHS ? CRASH_MAX_HUNDREDTHS : hundredths;
}

/** How long the flight of a round with this crash point lasts, in whole ms (0 for an instant crash). */
export function crashFlightMs(pointHundredths: bigint, growthPerMs: number = CRASH_GROWTH_PER_MS): number {
  if (pointHundredths <= 100n) return 0;
  return Math.ceil(Math.log(Number(pointHundredths) / 100) / growthPerMs);
}

/** The next link down a chain: SHA-256 of the hash's 64 hex characters. */
export function chainParent(hash: string): string {
  return bytesToHex(sha256(utf8ToBytes(hash)));
}

/**
 * h_index of the chain whose secret end is `seed` (= h_length): length − index hashings (the game
 * server passes Node's SHA-256, the same bytes faster).
 */
export function chainHash(seed: string, length: number, index: number, parent: (hash: string) => string = chainParent): string {
  if (!Number.isInteger(index) || index < 0 || index > length) throw new RangeError('index outside the chain');
  let hash = seed;
  for (let step = length; step > index; step -= 1) hash = parent(hash);
  return hash;
}

/** The salt of a site's chain: mixed into every point, so one chain cannot serve two sites alike. */
export function crashSalt(site: string, chainNumber: number): string {
  return `rocket:${site}:${chainNumber}`;
}

/** A round's crash point in hundredths from its chain hash and the chain's salt. */
export function crashPointOfHash(hash: string, salt: string, hmacSha256: HmacSha256 = nobleHmacSha256): bigint {
  const digest = hmacSha256(utf8ToBytes(hash), utf8ToBytes(salt));
  // 52 bits: exact in a double, and u × 2^64 stays an integer (crash-point.ts).
  let bits = 0;
  for (let index = 0; index < 6; index += 1) bits = bits * 256 + digest[index]!;
  bits = bits * 16 + (digest[6]! >> 4);
  return crashPointHundredths(bits / 2 ** 52);
}

const MULTIPLE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** A bet: the stake, and optionally the multiplier to cash out at by itself. */
export const crashBetSchema = z.strictObject({
  stake: stakeSchema,
  autoCashout: z
    .string()
    .regex(MULTIPLE_PATTERN, 'a multiplier with at most 2 decimals, e.g. "2.50"')
    // zod runs refinements even after the pattern failed: they must not throw.
    .refine((multiple) => !MULTIPLE_PATTERN.test(multiple) || hundredthsOf(multiple) >= hundredthsOf(CRASH_MIN_CASHOUT), `at least ${CRASH_MIN_CASHOUT}`)
    .refine((multiple) => !MULTIPLE_PATTERN.test(multiple) || hundredthsOf(multiple) <= CRASH_MAX_HUNDREDTHS, 'at most 1000000.00')
    .nullish(),
});
export type CrashBet = z.infer<typeof crashBetSchema>;

export const crashActionSchema = z.strictObject({ type: z.literal('cashout') });

/** A player's bet as the history shows it (the RoundView's view). */
export interface CrashBetView {
  /** The shared round's number on the site. */
  round: number;
  autoCashout: string | null;
  /** The multiplier it was cashed out at; null when it went down with the rocket (or is still flying). */
  cashedOut: string | null;
  /** The round's crash point once it crashed. */
  crashPoint: string | null;
}

/** What an auto cash-out or a cap turns into: the smallest of the caps, in hundredths. */
export function effectiveCapHundredths(caps: readonly (bigint | null)[]): bigint {
  let cap = CRASH_MAX_HUNDREDTHS;
  for (const value of caps) if (value !== null && value < cap) cap = value;
  return cap;
}
