import { z } from 'zod';
import { match } from './calls/home.js';

/**
 * The live sports board (issue 24 §3, ADR 0036): Server-Sent Events of the matches that changed
 * (a score, the clock, a suspension, a price, a result), pushed to every page showing prices,
 * guests included. A page merges each match into what match_list gave it and drops a finished one.
 * Read with EventSource (no credentials: the board is public).
 */
export const LIVE_SPORTS_PATH = '/api/live/sports';

export const LIVE_SPORTS_EVENTS = {
  /** Matches that changed, as match_list shows them (a finished one with no prices). */
  matches: 'matches',
} as const;

export const liveSportsEvent = z.object({ value: z.array(match) });
export type LiveSportsEvent = z.infer<typeof liveSportsEvent>;
