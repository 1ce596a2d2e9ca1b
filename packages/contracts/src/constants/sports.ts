/*
 * The betslip's settings (issue 24, ADR 0035, ADR 0038): how prices are written and which price
 * changes a bet accepts. Plain values, without schemas, so the site's first script can use them
 * (the calls of calls/sports.ts validate with them, the database checks them).
 */

/** How prices are written: decimal as the feed gives them, fractional (7/4) or American (+175). */
export const ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

/** How far a price may have moved since the player saw it: `none`, only `higher` prices, or `any`. */
export const ODDS_CHANGE_CHOICES = ['none', 'higher', 'any'] as const;
export type OddsChangeChoice = (typeof ODDS_CHANGE_CHOICES)[number];

/**
 * Until the player chooses: decimal odds as the feed gives them; better prices are taken, worse
 * ones asked about. A player's account answers these until it saved its own (ADR 0038).
 */
export const DEFAULT_ODDS_FORMAT: OddsFormat = 'decimal';
export const DEFAULT_ODDS_CHANGE: OddsChangeChoice = 'higher';
