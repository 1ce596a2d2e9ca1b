import { z } from 'zod';
import { defineCall, isoDate, money, okFields, sessionPayload, siteFailures } from '../envelope.js';
import { amountInput, sessionFailures } from './banking-fields.js';
import { BET_SIDES, BET_TYPES, decimalOdds, teamNameFields } from './home.js';
import { siteContentPayload } from './settings.js';
import { ODDS_CHANGE_CHOICES, ODDS_FORMATS } from '../constants/sports.js';

/*
 * The sportsbook's calls (issue 24, ADR 0035): placing a bet from the betslip. A bet is a single
 * (one selection) or an accumulator (several selections of different matches); its stake moves to
 * the site's sportsbook account through the ledger in the transaction that records the bet.
 */

/** At most this many selections in one accumulator. */
export const MAX_BET_SELECTIONS = 20;

/** How long an in-play bet waits before it is accepted, by default (SPORTS_IN_PLAY_DELAY_MS changes it). */
export const IN_PLAY_DELAY_MS = 5_000;

export const betSelectionInput = z.strictObject({
  selection_id: z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(2_147_483_647, 'invalidValue').describe('The selection_id of a price of match_list.'),
  odds: decimalOdds.describe('The price the player saw, as match_list gave it.'),
});

export const placeBetPayload = z.strictObject({
  ...sessionPayload,
  selections: z
    .array(betSelectionInput, 'invalidValue')
    .min(1, 'invalidValue')
    .max(MAX_BET_SELECTIONS, 'invalidValue')
    .refine((list) => new Set(list.map((selection) => selection.selection_id)).size === list.length, 'invalidValue')
    .describe('One selection (a single) or several of different matches (an accumulator).'),
  stake: amountInput,
  odds_change: z.enum(ODDS_CHANGE_CHOICES, 'invalidValue').describe('Which price changes the player accepts: none, only higher prices, or any.'),
  client_bet_id: z
    .string('invalidValue')
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalidValue')
    .describe('The betslip\'s id of this bet: sent again (a retry, a double press), the bet is placed once and the same bet answered.'),
});
export type PlaceBetPayload = z.input<typeof placeBetPayload>;

/** A selection of a placed bet with the match's display fields as they were when placed. */
export const betLeg = z.object({
  selection_id: z.number().int().positive(),
  match_id: z.number().int().positive(),
  sport: z.string(),
  league: z.string(),
  match_start: isoDate,
  home_team_name: z.string(),
  away_team_name: z.string(),
  ...teamNameFields,
  bet_type: z.enum(BET_TYPES),
  home_away: z.enum(BET_SIDES),
  criteria1: z.string().nullable(),
  odds: decimalOdds.describe('The price taken.'),
  result: z.enum(['won', 'lost', 'void', 'half_won', 'half_lost']).nullable().describe('Null until the selection settles; half results are quarter lines.'),
  match_status: z.enum(['upcoming', 'live', 'finished']).describe('The match now.'),
  home_score: z.number().int().nonnegative().nullable().describe('The score now (the final score once finished); null before kick-off.'),
  away_score: z.number().int().nonnegative().nullable(),
  minute: z.number().int().nonnegative().nullable().describe('Minutes played (games in tennis) while live.'),
});
export type BetLeg = z.infer<typeof betLeg>;

export const placedBet = z.object({
  bet_id: z.string().describe('"s:<id>", as bet_history names it.'),
  ticket: z.string(),
  kind: z.enum(['single', 'accumulator']),
  status: z.enum(['pending', 'won', 'lost', 'void', 'cashed_out']),
  stake: money,
  odds: decimalOdds.describe('The price taken: an accumulator\'s is the product of its legs\' prices.'),
  potential_return: money.describe('Stake × odds, what the bet pays if every leg wins.'),
  in_play: z.boolean(),
  placed_at: isoDate,
  legs: z.array(betLeg),
});
export type PlacedBet = z.infer<typeof placedBet>;

/** A selection's price now, answered when a price moved beyond the player's choice. */
export const currentPrice = z.object({
  selection_id: z.number().int().positive(),
  odds: decimalOdds,
  open: z.boolean().describe('false: the selection takes no bets now (suspended, closed or its match over).'),
});

export const placeBetReply = z.union([
  z.object({
    ...okFields,
    bet: placedBet,
    balance: money.describe("The player's balance after the stake."),
    placed: z.boolean().describe('false: this client_bet_id was placed before; the same bet is answered and nothing moved now.'),
  }),
  z.object({
    statusCode: z.literal(0),
    message: z.literal('oddsChanged'),
    prices: z.array(currentPrice).describe("Every selection's price now: the slip shows them and the player decides again."),
  }),
]);
export type PlaceBetReply = z.infer<typeof placeBetReply>;

export const placeBet = defineCall({
  path: '/api/sports/place_bet',
  method: 'POST',
  access: 'session',
  tag: 'Sportsbook',
  summary:
    'Places a single or an accumulator at the prices the player saw. In one transaction it checks that every market takes bets, that each price still ' +
    'stands or moved as the player accepts (else it answers oddsChanged with the prices now and places nothing), the stake against the site\'s minimum ' +
    'and maximum, the potential return against its maximum payout and the balance, then takes the stake through the ledger. A bet on a match under way ' +
    'waits the in-play delay first and is refused if a price moved or the match was suspended meanwhile. The same client_bet_id places once. Failure keys: ' +
    'oddsChanged, marketSuspended, marketClosed, sameMatchSelections, amountTooSmall, amountTooLarge, payoutTooLarge, insufficientBalance, ' +
    'limitExceeded (a loss or wager limit of the player: the reply names it and what it leaves), selfExcluded, timedOut, ' +
    `idempotencyConflict, validationError, ${sessionFailures}.`,
  payload: placeBetPayload,
  reply: placeBetReply,
});

export const cashOutPayload = z.strictObject({
  ...sessionPayload,
  bet_id: z.string('invalidValue').regex(/^s:\d{1,15}$/, 'invalidValue').describe('"s:<id>", as bet_history and place_bet name the bet.'),
  amount: amountInput.describe('The cash-out offer the player accepted, as bet_history showed it.'),
});

export const cashOutReply = z.union([
  z.object({
    ...okFields,
    bet: placedBet,
    amount: money.describe('What the cash-out paid.'),
    balance: money,
  }),
  z.object({
    statusCode: z.literal(0),
    message: z.literal('cashOutChanged'),
    cash_out: money.nullable().describe('The offer now (null: none now); the player decides again.'),
  }),
]);
export type CashOutReply = z.infer<typeof cashOutReply>;

export const cashOut = defineCall({
  path: '/api/sports/cash_out',
  method: 'POST',
  access: 'session',
  tag: 'Sportsbook',
  summary:
    "Settles an open bet now at its cash-out offer: the potential return scaled by the prices now of its open legs, less the site's cash-out margin. " +
    'An offer that fell below the amount the player accepted answers cashOutChanged with the offer now; one at or above it pays the offer now. ' +
    'A cash-out racing the bet\'s settlement ends in exactly one of the two. Failure keys: cashOutChanged, cashOutUnavailable (the bet is settled, a leg\'s ' +
    `match is suspended or its line withdrawn), notFound, validationError, ${sessionFailures}.`,
  payload: cashOutPayload,
  reply: cashOutReply,
});


export const sportsLimitsReply = z.object({
  ...okFields,
  min_stake: money.describe('The smallest stake of a bet, in the site currency.'),
  max_stake: money.describe('The largest stake of a bet.'),
  max_payout: money.describe('The largest potential return of a bet (stake × odds).'),
});
export type SportsLimitsReply = z.infer<typeof sportsLimitsReply>;

export const sportsLimits = defineCall({
  path: '/api/sports/limits',
  method: 'POST',
  access: 'public',
  tag: 'Sportsbook',
  summary:
    "The site's sportsbook limits, as place_bet holds a bet to them: the smallest and largest stake and the largest potential return, in the site " +
    `currency. The betslip offers quick stakes within them and refuses a stake outside them before sending it. Failure keys: ${siteFailures}.`,
  payload: siteContentPayload,
  reply: sportsLimitsReply,
});

/*
 * The betslip's settings kept with the player's account (ADR 0038), so they follow the player to
 * another device: the odds format and the odds-change choice.
 */

const oddsFormatField = z.enum(ODDS_FORMATS, 'invalidValue').describe('How prices are written: decimal, fractional or american.');
const oddsChangeField = z.enum(ODDS_CHANGE_CHOICES, 'invalidValue').describe('Which price changes a bet accepts: none, only higher prices, or any.');

export const sportsSettingsReply = z.object({
  ...okFields,
  odds_format: oddsFormatField,
  odds_change: oddsChangeField,
  saved: z.boolean().describe('false: the player never saved any, and these are the defaults (decimal, higher).'),
});
export type SportsSettingsReply = z.infer<typeof sportsSettingsReply>;

export const sportsSettings = defineCall({
  path: '/api/sports/settings',
  method: 'POST',
  access: 'session',
  tag: 'Sportsbook',
  summary:
    "The player's betslip settings kept with the account: the odds format and the odds-change choice, the defaults until the player saves any. " +
    `Failure keys: validationError, ${sessionFailures}.`,
  payload: z.strictObject({ ...sessionPayload }),
  reply: sportsSettingsReply,
});

export const sportsSettingsSavePayload = z
  .strictObject({
    ...sessionPayload,
    odds_format: oddsFormatField.optional(),
    odds_change: oddsChangeField.optional(),
  })
  .refine((payload) => payload.odds_format !== undefined || payload.odds_change !== undefined, { message: 'required', path: ['odds_format'] });
export type SportsSettingsSavePayload = z.input<typeof sportsSettingsSavePayload>;

export const sportsSettingsSave = defineCall({
  path: '/api/sports/settings/save',
  method: 'POST',
  access: 'session',
  tag: 'Sportsbook',
  summary:
    "Saves the player's betslip settings to the account: the odds format, the odds-change choice, or both (a value not sent keeps what the account " +
    'holds). Answers the settings now. A value outside the lists is refused and nothing changes. place_bet still takes a bet\'s odds-change choice ' +
    `from its own payload. Failure keys: validationError, ${sessionFailures}.`,
  payload: sportsSettingsSavePayload,
  reply: sportsSettingsReply,
});

export const SPORTS_CALLS = { placeBet, cashOut, sportsLimits, sportsSettings, sportsSettingsSave } as const;
