import { z } from 'zod';
import { match } from './calls/home.js';

/* The live sports board's event schema; its path and event names are in constants/live-streams.ts (ADR 0036). */

export const liveSportsEvent = z.object({ value: z.array(match) });
export type LiveSportsEvent = z.infer<typeof liveSportsEvent>;
