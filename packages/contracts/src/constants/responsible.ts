/*
 * Responsible gaming (issue 25, ADR 0039): the terms of a time-out and of a self-exclusion. Plain
 * values, without schemas, so the site's screens can list them; the calls of calls/responsible.ts
 * validate with them and the database checks them.
 */

/** A time-out: a short break from every site of the operator. */
export const TIME_OUT_PERIODS = ['24h', '1w', '1m', '6w'] as const;
/** A self-exclusion: a long one, or for good. */
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y', 'permanent'] as const;
export const EXCLUSION_PERIODS = [...TIME_OUT_PERIODS, ...SELF_EXCLUSION_PERIODS] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];
export type ExclusionKind = 'timeout' | 'exclusion';

export function exclusionKindOf(period: ExclusionPeriod): ExclusionKind {
  return (TIME_OUT_PERIODS as readonly string[]).includes(period) ? 'timeout' : 'exclusion';
}

/**
 * When a term that starts at `start` ends (null: never). Months and years are calendar ones in UTC,
 * so "1 month" from 31 January ends on 3 March, as Date arithmetic rolls over.
 */
export function exclusionEnd(period: ExclusionPeriod, start: Date): Date | null {
  const end = new Date(start.getTime());
  const day = 24 * 60 * 60 * 1000;
  switch (period) {
    case '24h':
      return new Date(start.getTime() + day);
    case '1w':
      return new Date(start.getTime() + 7 * day);
    case '6w':
      return new Date(start.getTime() + 42 * day);
    case '1m':
      end.setUTCMonth(end.getUTCMonth() + 1);
      return end;
    case '6m':
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    case '1y':
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      return end;
    case '5y':
      end.setUTCFullYear(end.getUTCFullYear() + 5);
      return end;
    case 'permanent':
      return null;
  }
}

/**
 * Player limits (issue 25 §2): on deposits, on net losses and on the amount wagered, each over a
 * rolling period (the last 24 hours, 7 days or 30 days), and on the time logged in (session, in
 * whole minutes, over the last 24 hours only: ADR 0041).
 */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'session'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
/** The kinds whose amount is money in the site currency (the session limit's is minutes). */
export const MONEY_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const satisfies readonly LimitKind[];
/** A session limit: whole minutes logged in within the last 24 hours (ADR 0041). */
export const SESSION_LIMIT_MINUTES = { min: 1, max: 1440 } as const;
/** The periods a kind may have: the session limit only the rolling day. */
export function limitPeriodsOf(kind: LimitKind): readonly LimitPeriod[] {
  return kind === 'session' ? ['day'] : LIMIT_PERIODS;
}
/** Reality check (issue 25 §3, ADR 0041): every N minutes of a session, N of 15..60. */
export const REALITY_CHECK_MINUTES = { min: 15, max: 60 } as const;
/** The intervals the site offers (any whole number in the range is valid for the call). */
export const REALITY_CHECK_CHOICES = [15, 30, 45, 60] as const;
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back each period reaches: rolling, not calendar. */
export const LIMIT_PERIOD_MS: Record<LimitPeriod, number> = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS };
/** A higher limit, or removing one, waits this long, and then the player confirms it. */
export const LIMIT_RAISE_DELAY_MS = DAY_MS;
