import { z } from 'zod';
import type { GameLimits } from '../api.js';

/*
 * Per-site bet limits (issue 23 §3): the smallest and largest stake of a round, the largest win
 * one round may pay (a larger win is cut to it; the rules screen says so), and the most one crash
 * round may pay all its players together. The studio's defaults
 * apply unless the site has its own (HOUSE_GAMES_LIMITS, README "House games").
 */

const amount = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a decimal amount with at most 2 decimals');

export const limitsSchema = z.strictObject({ minBet: amount, maxBet: amount, maxWin: amount, crashExposure: amount.optional() });

export const siteLimitsConfig = z.strictObject({
  default: limitsSchema.optional(),
  sites: z.record(z.string(), limitsSchema.partial()).optional(),
});
export type SiteLimitsConfig = z.infer<typeof siteLimitsConfig>;

export const DEFAULT_LIMITS: GameLimits = { minBet: '0.10', maxBet: '1000.00', maxWin: '100000.00', crashExposure: '1000000.00' };

export function limitsOf(config: SiteLimitsConfig | undefined, site: string): GameLimits {
  return { ...DEFAULT_LIMITS, ...config?.default, ...config?.sites?.[site] };
}
