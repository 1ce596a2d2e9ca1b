/*
 * Session time limits (issue 25 §2, ADR 0041): the minutes a player may be logged in within the
 * last 24 hours, counted as the union of their sessions' intervals (two devices at once count
 * once). Pure functions of the intervals, in milliseconds, so they are exact and tested alone.
 */

/** The rolling window of a session limit: the last 24 hours. */
export const SESSION_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A session's time logged in: from its creation to its end (or to now while it is live). */
export interface Interval {
  start: number;
  end: number;
}

/** The intervals merged where they overlap or touch, in order of time; empty ones dropped. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((interval) => interval.end > interval.start).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

/** The length of the union of the intervals within [from, to]. */
export function unionLength(intervals: readonly Interval[], from: number, to: number): number {
  let total = 0;
  for (const interval of mergeIntervals(intervals)) {
    const start = Math.max(interval.start, from);
    const end = Math.min(interval.end, to);
    if (end > start) total += end - start;
  }
  return total;
}

/** The time logged in within the window that ends at `now`. */
export function usedAt(intervals: readonly Interval[], now: number): number {
  return unionLength(intervals, now - SESSION_WINDOW_MS, now);
}

/**
 * When a player refused at `now` (usage at or over `limitMs`) may log in again: the first moment
 * the usage of the window drops below the limit, no session running meanwhile. Walking back from
 * `now`, the union reaches `limitMs` at some moment s; once s leaves the window (s + 24 hours) the
 * window holds less. Rounded up to the next whole second after it, so a login then has time left.
 */
export function sessionLimitUntil(intervals: readonly Interval[], limitMs: number, now: number): number {
  const merged = mergeIntervals(intervals.map((interval) => ({ start: interval.start, end: Math.min(interval.end, now) })));
  let counted = 0;
  for (let index = merged.length - 1; index >= 0; index -= 1) {
    const interval = merged[index]!;
    const length = interval.end - interval.start;
    if (counted + length >= limitMs) {
      const crossing = interval.end - (limitMs - counted);
      return Math.floor((crossing + SESSION_WINDOW_MS) / 1000) * 1000 + 1000;
    }
    counted += length;
  }
  // Below the limit already: now.
  return now;
}

/**
 * When a session running from `now` on reaches the limit: the first moment t at which the union of
 * the past intervals (cut at `now`) and [now, t] within [t − 24 h, t] is `limitMs`. As t moves on,
 * the new time adds to the window at the rate the past leaves it only where the window's start
 * crosses no past interval; so the usage grows at 1 (start in a gap) or 0 (start in an interval).
 * Exact, in milliseconds; `now` itself when the limit is already used up.
 */
export function sessionLimitEnd(intervals: readonly Interval[], limitMs: number, now: number): number {
  const past = mergeIntervals(intervals.map((interval) => ({ start: interval.start, end: Math.min(interval.end, now) })));
  let used = unionLength(past, now - SESSION_WINDOW_MS, now);
  if (used >= limitMs) return now;
  // The window's start moves from now − 24 h to now; its breakpoints are the past intervals' ends.
  let start = now - SESSION_WINDOW_MS;
  const points = past.flatMap((interval) => [interval.start, interval.end]).filter((point) => point > start && point < now);
  for (const point of [...points, now]) {
    const inside = past.some((interval) => interval.start <= start && start < interval.end);
    const span = point - start;
    if (!inside) {
      if (used + span >= limitMs) return start + (limitMs - used) + SESSION_WINDOW_MS;
      used += span;
    }
    start = point;
  }
  // The window starts after every past interval: only the new session counts, and the limit is at most 24 hours.
  return start + (limitMs - used) + SESSION_WINDOW_MS;
}
