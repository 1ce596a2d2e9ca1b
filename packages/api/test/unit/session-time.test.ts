/** Session time limits (ADR 0041): the union of sessions' intervals and the moments a limit ends a session or allows a login again. */
import { describe, expect, it } from 'vitest';
import { SESSION_WINDOW_MS, mergeIntervals, sessionLimitEnd, sessionLimitUntil, unionLength, usedAt } from '../../src/responsible/session-time.js';

const MIN = 60 * 1000;
const HOUR = 60 * MIN;
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
/** An interval by minutes before NOW. */
const ago = (fromMinutes: number, toMinutes: number) => ({ start: NOW - fromMinutes * MIN, end: NOW - toMinutes * MIN });

describe('union of session intervals', () => {
  it('counts overlapping sessions (two devices) once and drops empty ones', () => {
    expect(mergeIntervals([ago(30, 10), ago(20, 0), ago(50, 40), ago(5, 5)])).toEqual([ago(50, 40), ago(30, 0)]);
    expect(unionLength([ago(30, 10), ago(20, 0), ago(50, 40)], NOW - HOUR, NOW)).toBe(40 * MIN);
  });

  it('counts only what lies within the last 24 hours', () => {
    expect(usedAt([{ start: NOW - SESSION_WINDOW_MS - 10 * MIN, end: NOW - SESSION_WINDOW_MS + 5 * MIN }, ago(3, 0)], NOW)).toBe(8 * MIN);
    expect(usedAt([], NOW)).toBe(0);
  });
});

describe('when a session limit ends a session', () => {
  it('25 of 30 minutes used within the hour: the new session ends in 5 minutes', () => {
    expect(sessionLimitEnd([ago(60, 35)], 30 * MIN, NOW)).toBe(NOW + 5 * MIN);
  });

  it('the limit used up already: now', () => {
    expect(sessionLimitEnd([ago(40, 0)], 30 * MIN, NOW)).toBe(NOW);
  });

  it('past time that leaves the window meanwhile gives the time back', () => {
    // 20 minutes that started 23h55m ago: 5 of them leave the window before the new session's 15 free minutes run out.
    const old = { start: NOW - SESSION_WINDOW_MS + 5 * MIN, end: NOW - SESSION_WINDOW_MS + 25 * MIN };
    // Used 20 of 30: 10 left; from +5 min the old session leaves the window as fast as the new one counts, until +25 min.
    expect(sessionLimitEnd([old], 30 * MIN, NOW)).toBe(NOW + 30 * MIN);
  });

  it('with no past session, the limit itself', () => {
    expect(sessionLimitEnd([], 90 * MIN, NOW)).toBe(NOW + 90 * MIN);
    expect(sessionLimitEnd([], 1440 * MIN, NOW)).toBe(NOW + SESSION_WINDOW_MS);
  });
});

describe('until when a login is refused', () => {
  it('the moment the window holds less than the limit, in whole seconds', () => {
    // 20 minutes 23h50m..23h30m ago and 10 minutes just now: 30 of 30. The older one starts leaving the window in 10 minutes.
    const intervals = [{ start: NOW - SESSION_WINDOW_MS + 10 * MIN, end: NOW - SESSION_WINDOW_MS + 30 * MIN }, ago(10, 0)];
    expect(usedAt(intervals, NOW)).toBe(30 * MIN);
    const until = sessionLimitUntil(intervals, 30 * MIN, NOW);
    expect(until).toBe(NOW + 10 * MIN + 1000);
    expect(usedAt(intervals, until)).toBeLessThan(30 * MIN);
    expect(usedAt(intervals, until - 1000)).toBe(30 * MIN);
  });

  it('a limit used up by the most recent session: 24 hours after the moment the union reached it', () => {
    const intervals = [ago(45, 0)];
    // The last 30 minutes started 30 minutes ago: they leave the window from 23h30m on.
    expect(sessionLimitUntil(intervals, 30 * MIN, NOW)).toBe(NOW - 30 * MIN + SESSION_WINDOW_MS + 1000);
  });
});
