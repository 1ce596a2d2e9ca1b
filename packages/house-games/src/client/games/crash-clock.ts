import { CRASH_BETTING_MS, crashMultiplierAt } from '../../games/crash.js';
import { hundredthsOf } from '../../games/money.js';
import type { CrashRoundState } from '../../api.js';

/*
 * Rocket's clock on the page (games/crash.ts, ADR 0032). The server decides every round's times;
 * the page only places them on its own clock to animate the multiplier between two polls. The
 * offset between the clocks comes from the `crash` call's serverTime: the sample with the shortest
 * round trip is the most accurate, so the page keeps that one (it ages out, as clocks drift).
 */

/** How long an offset sample is trusted before a slower one may replace it. */
const SAMPLE_LIFETIME_MS = 30_000;

export interface ClockSample {
  /** Server time − page time, in ms. */
  offsetMs: number;
  /** The call's round trip: the offset's uncertainty is at most half of it. */
  roundTripMs: number;
  /** When the sample was taken (page time). */
  takenAt: number;
}

/** The offset of one `crash` answer: the server's time is taken as the middle of the round trip. */
export function sampleOf(serverTimeIso: string, sentAt: number, receivedAt: number): ClockSample | null {
  const serverTime = Date.parse(serverTimeIso);
  if (!Number.isFinite(serverTime)) return null;
  return { offsetMs: serverTime - (sentAt + receivedAt) / 2, roundTripMs: Math.max(0, receivedAt - sentAt), takenAt: receivedAt };
}

/** Keeps the sharper of two samples, unless the kept one is old. */
export function betterSample(kept: ClockSample | null, next: ClockSample | null): ClockSample | null {
  if (!next) return kept;
  if (!kept) return next;
  if (next.takenAt - kept.takenAt > SAMPLE_LIFETIME_MS) return next;
  return next.roundTripMs <= kept.roundTripMs ? next : kept;
}

export type ShownPhase = 'betting' | 'flying' | 'crashed';

/** What the stage shows at one instant. */
export interface CrashFrame {
  phase: ShownPhase;
  /** The multiplier in hundredths (100 while betting; the crash point once crashed). */
  hundredths: bigint;
  /** ms of flight so far (0 while betting). */
  flightMs: number;
  /** Betting: ms until the flight. Crashed: ms until the next round takes bets (null: unknown). */
  remainingMs: number | null;
  /** Betting: the share of the betting time left, 1 → 0. */
  bettingLeft: number;
}

/**
 * The round at server time `serverNow`. Between two polls the page runs ahead of the last answer
 * (the bets close at flightAt even before the next poll says so), but it never shows a multiplier
 * above the crash point once the crash point is known.
 */
export function frameAt(round: CrashRoundState, serverNow: number, growthPerMs: number): CrashFrame {
  const flightAt = Date.parse(round.flightAt);
  if (round.phase === 'crashed' && round.crashPoint !== null) {
    const crashedAt = round.crashedAt ? Date.parse(round.crashedAt) : serverNow;
    const nextAt = round.nextAt ? Date.parse(round.nextAt) : null;
    return {
      phase: 'crashed',
      hundredths: hundredthsOf(round.crashPoint),
      flightMs: Math.max(0, crashedAt - flightAt),
      remainingMs: nextAt === null ? null : Math.max(0, nextAt - serverNow),
      bettingLeft: 0,
    };
  }
  if (serverNow < flightAt) {
    const remainingMs = flightAt - serverNow;
    return { phase: 'betting', hundredths: 100n, flightMs: 0, remainingMs, bettingLeft: Math.min(1, remainingMs / (round.bettingMs || CRASH_BETTING_MS)) };
  }
  const flightMs = serverNow - flightAt;
  return { phase: 'flying', hundredths: crashMultiplierAt(flightMs, growthPerMs), flightMs, remainingMs: null, bettingLeft: 0 };
}

/** The multiplier `ms` into a flight, as a float for drawing (the exact value is crashMultiplierAt). */
export function curveValue(ms: number, growthPerMs: number): number {
  return Math.exp(growthPerMs * Math.max(0, ms));
}

/** How a crash point is coloured in the strip of the last rounds. */
export function crashTier(point: string): 'low' | 'mid' | 'high' | 'moon' {
  const hundredths = hundredthsOf(point);
  if (hundredths < 200n) return 'low';
  if (hundredths < 1000n) return 'mid';
  if (hundredths < 10000n) return 'high';
  return 'moon';
}
