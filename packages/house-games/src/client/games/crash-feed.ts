import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { HouseReply, RoundView } from '../../api.js';
import type { CrashBetView } from '../../games/crash.js';
import { errorCodeOf, type ClientErrorCode, type HouseApi } from '../api-client.js';
import { betterSample, sampleOf, type ClockSample } from './crash-clock.js';

/*
 * Rocket's feed: the `crash` call about twice a second (the server shares one answer per 200 ms,
 * src/api.ts), one call at a time, slower while the tab is hidden and after failures. The page
 * animates between two answers on its own clock (crash-clock.ts).
 */

export type CrashFeed = HouseReply<'crash'>;

const POLL_MS = 500;
const HIDDEN_POLL_MS = 2_000;
const MAX_BACKOFF_MS = 8_000;

export interface CrashFeedState {
  feed: CrashFeed | null;
  /** Server time − page time (ms); 0 until the first answer. */
  offsetMs: number;
  /** The last calls failed: the page says it is reconnecting. */
  lost: boolean;
}

/** Polls the `crash` call; a session that ended stops the polling and is reported once. */
export function useCrashFeed(api: HouseApi, onFatal: (code: ClientErrorCode) => void): CrashFeedState {
  const [state, setState] = useState<CrashFeedState>({ feed: null, offsetMs: 0, lost: false });
  const sample = useRef<ClockSample | null>(null);
  const fatal = useEffectEvent(onFatal);
  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    let failures = 0;
    const poll = async () => {
      const sentAt = Date.now();
      try {
        const feed = await api.call('crash', {});
        if (stopped) return;
        failures = 0;
        sample.current = betterSample(sample.current, sampleOf(feed.serverTime, sentAt, Date.now()));
        setState({ feed, offsetMs: sample.current?.offsetMs ?? 0, lost: false });
      } catch (failure) {
        if (stopped) return;
        const code = errorCodeOf(failure);
        if (code === 'SESSION_EXPIRED') {
          stopped = true;
          fatal(code);
          return;
        }
        failures += 1;
        if (failures >= 2) setState((known) => (known.lost ? known : { ...known, lost: true }));
      }
      if (stopped) return;
      const base = document.visibilityState === 'hidden' ? HIDDEN_POLL_MS : POLL_MS;
      const wait = failures === 0 ? base : Math.min(MAX_BACKOFF_MS, base * 2 ** failures);
      timer = window.setTimeout(() => void poll(), wait);
    };
    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [api]);
  return state;
}

/** How far a bet has got: open and flying, open and cashed out (not yet paid), settled. */
function progressOf(bet: RoundView): number {
  if (bet.status !== 'open') return 2;
  return (bet.view as CrashBetView).cashedOut !== null ? 1 : 0;
}

/**
 * The more recent of two copies of the player's bet: a poll's answer may be up to 200 ms older than
 * the reply of a cash-out, and must not undo it on screen.
 */
export function laterBet(known: RoundView | null, incoming: RoundView | null): RoundView | null {
  if (!incoming) return known;
  if (!known || known.id !== incoming.id) return incoming;
  return progressOf(incoming) >= progressOf(known) ? incoming : known;
}

/**
 * The page's clock (ms), updated every animation frame while the game is on screen, and a few
 * times a second when it is not (a hidden tab gets no frames, but its phase must still move on).
 */
export function useFrameTime(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let frame = 0;
    const tick = () => {
      setNow(Date.now());
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'hidden') setNow(Date.now());
    }, 250);
    return () => {
      cancelAnimationFrame(frame);
      window.clearInterval(timer);
    };
  }, []);
  return now;
}

/** The bet to show: the newer round's, and within one round the further along (laterBet). */
export function currentBet(replied: RoundView | null, polled: RoundView | null): RoundView | null {
  if (!replied || !polled) return replied ?? polled;
  if (replied.id === polled.id) return laterBet(replied, polled);
  return (polled.view as CrashBetView).round > (replied.view as CrashBetView).round ? polled : replied;
}
