import { z } from 'zod';
import { isoDate, okFields } from '../envelope.js';
import { GAME_CATEGORIES } from '../constants/catalogue.js';
import { page, pageFields, pageSize, timeFilter } from './banking-fields.js';
import { withOrderedRange } from './audit-filters.js';
import { defineOperatorCall, opsFailures, reason, siteField } from './ops-define.js';

/*
 * Operator calls of the back office's "Sportsbook and games" screens (issue 26 §2, ADR 0051): the
 * shared feed's matches (their results, voids and holds are banking-ops.ts's opsSports* calls), and
 * the catalogue's games per site (switched on or off for one site; hot/new flags of the platform).
 */

/** How a match stands, as the console filters it: resulted has its score entered; void has every selection voided. */
export const OPS_MATCH_STATES = ['upcoming', 'live', 'awaiting', 'resulted', 'void'] as const;
export type OpsMatchState = (typeof OPS_MATCH_STATES)[number];

export const opsMatchesPayload = withOrderedRange(
  z.strictObject({
    state: z.enum(OPS_MATCH_STATES, 'invalidValue').optional().describe('upcoming, live, awaiting (finished, no result yet), resulted, void (every selection voided).'),
    q: z.string('invalidValue').trim().max(100, 'tooLong').optional().describe('Part of a team or league name (case ignored).'),
    from: timeFilter.optional().describe('Matches starting at or after this time.'),
    to: timeFilter.optional().describe('Matches starting before this time.'),
    page,
    page_size: pageSize,
  }),
);

export const opsMatch = z.object({
  match_id: z.number().int().positive(),
  sport: z.string(),
  league: z.string(),
  home_team: z.string(),
  away_team: z.string(),
  start_time: isoDate,
  status: z.enum(['upcoming', 'live', 'finished']).describe("The feed's status."),
  state: z.enum(OPS_MATCH_STATES),
  home_score: z.number().int().nullable(),
  away_score: z.number().int().nullable(),
  held: z.boolean().describe('Suspended by an operator (opsSportsHold).'),
  suspended: z.boolean().describe('Suspended by the feed.'),
  resulted_at: isoDate.nullable(),
  corrections: z.number().int().nonnegative(),
  selections: z.number().int().nonnegative(),
  voided_selections: z.number().int().nonnegative(),
  open_bets: z.number().int().nonnegative().describe('Unsettled bets with a leg on the match, on the sites the caller works on.'),
});
export type OpsMatch = z.infer<typeof opsMatch>;

export const opsMatches = defineOperatorCall({
  path: '/api/ops/sports/matches',
  summary: `The shared feed's matches, newest start first, filtered by state, team or league and start time, and paged, with their open bets counted on the caller's sites. Failure keys: ${opsFailures}.`,
  payload: opsMatchesPayload,
  reply: z.object({
    ...okFields,
    value: z.array(opsMatch),
    ...pageFields,
    may_settle: z.boolean().describe('The caller may enter results, void and hold: it may settle and works on every site of the platform (ADR 0051).'),
  }),
});

/** Which games the list shows by whether the site offers them. */
export const OPS_GAME_OFFERED = ['on', 'off'] as const;

export const opsGamesPayload = z.strictObject({
  site: siteField,
  q: z.string('invalidValue').trim().max(100, 'tooLong').optional().describe('Part of a game name or code (case ignored).'),
  provider: z.string('invalidValue').trim().max(40, 'tooLong').optional().describe("A provider's code."),
  category: z.enum(GAME_CATEGORIES, 'invalidValue').optional(),
  offered: z.enum(OPS_GAME_OFFERED, 'invalidValue').optional().describe('on: games the site offers; off: games switched off for it.'),
  page,
  page_size: pageSize,
});

export const opsGame = z.object({
  game_id: z.number().int().positive(),
  provider_code: z.string(),
  provider_name: z.string(),
  provider_enabled: z.boolean().describe("The site offers the game's provider (the Sites editor sets it)."),
  game_code: z.string(),
  game_name: z.string(),
  game_type: z.string(),
  categories: z.array(z.string()),
  hot: z.boolean().describe("The platform catalogue's flag, shared by every site."),
  is_new: z.boolean().describe("The platform catalogue's flag, shared by every site."),
  switched_off: z.boolean().describe('Switched off for this site: not listed nor launchable there.'),
  offered: z.boolean().describe('Players of the site see it: its provider is on and the game is not switched off.'),
});
export type OpsGame = z.infer<typeof opsGame>;

export const opsGames = defineOperatorCall({
  path: '/api/ops/games',
  summary: `The catalogue's games as one site sees them (providers the site has, on or off), filtered, searched and paged, in the site's provider order. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsGamesPayload,
  reply: z.object({
    ...okFields,
    value: z.array(opsGame),
    ...pageFields,
    providers: z.array(z.object({ provider_code: z.string(), name: z.string(), enabled: z.boolean() })).describe("The site's providers, in its order."),
    may_flag: z.boolean().describe('The caller may change the hot/new flags: it may manage sites and works on every site of the platform (ADR 0051).'),
  }),
});

export const opsGameSetPayload = z
  .strictObject({
    site: siteField.describe('The site whose offer changes (and the site the audit entry names).'),
    game_id: z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(2_147_483_647, 'invalidValue'),
    offered: z.boolean('invalidValue').optional().describe('false: switch the game off for the site; true: on again.'),
    hot: z.boolean('invalidValue').optional().describe("The platform's hot flag (every site): only for an operator of every site."),
    is_new: z.boolean('invalidValue').optional().describe("The platform's new flag (every site): only for an operator of every site."),
    reason,
  })
  .refine((value) => value.offered !== undefined || value.hot !== undefined || value.is_new !== undefined, { message: 'required', path: ['offered'] });

export const opsGameSet = defineOperatorCall({
  path: '/api/ops/games/set',
  summary:
    "Switches a game off or on for one site (not listed, searched nor launchable there; other sites keep it), and/or sets the platform catalogue's hot and new flags, " +
    `which every site shares: those only for an operator of every site (ADR 0051). Audited with the reason. Failure keys: siteNotFound, notFound, ${opsFailures}.`,
  payload: opsGameSetPayload,
  reply: z.object({ ...okFields, value: opsGame, changed: z.boolean().describe('false: nothing differed; nothing was audited.'), audit_id: z.number().int().positive().nullable() }),
});

export const GAMES_OPERATOR_CALLS = { opsMatches, opsGames, opsGameSet } as const;
