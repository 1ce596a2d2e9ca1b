import { fromMinorUnits, toMinorUnits } from '@wl/contracts';
import type { CallHandlers } from '../http/calls.js';
import { failure } from '../http/calls.js';
import { MOVES_MONEY, sessionCall } from '../http/guards.js';
import { siteContentCall } from '../content/index.js';
import { limitFailure } from '../responsible/index.js';
import { cashOutBet } from './cash-out.js';
import { sportsLimitsOf } from './limits.js';
import { placeSportsBet } from './place-bet.js';
import { readSportsSettings, saveSportsSettings, type SportsSettings } from './settings.js';

/** A setting as the other replies write money: four places ("1" → "1.0000"). */
const moneyOf = (amount: string) => fromMinorUnits(toMinorUnits(amount));

const settingsReply = (settings: SportsSettings) =>
  ({ statusCode: 1, message: 'OK', odds_format: settings.oddsFormat, odds_change: settings.oddsChange, saved: settings.saved }) as const;

/** The sportsbook's calls (ADR 0035). */
export const sportsHandlers: CallHandlers = {
  placeBet: sessionCall<'placeBet'>(async (payload, { db, session, services }) => {
    const outcome = await placeSportsBet(db, { siteId: session.site.id, playerId: session.player.id }, payload, { inPlayDelayMs: services.sportsInPlayDelayMs });
    if (outcome.ok) return { statusCode: 1, message: 'OK', bet: outcome.bet, balance: outcome.balance, placed: outcome.placed };
    if (outcome.message === 'oddsChanged' && 'prices' in outcome) return { statusCode: 0, message: 'oddsChanged', prices: outcome.prices };
    if ('limit' in outcome) return limitFailure(outcome.limit);
    return failure(outcome.message);
  }, MOVES_MONEY),

  cashOut: sessionCall<'cashOut'>(async ({ bet_id, amount }, { db, session }) => {
    const outcome = await cashOutBet(db, { siteId: session.site.id, playerId: session.player.id }, Number(bet_id.slice(2)), amount);
    if (outcome.ok) return { statusCode: 1, message: 'OK', bet: outcome.bet, amount: outcome.amount, balance: outcome.balance };
    if (outcome.message === 'cashOutChanged' && 'cashOut' in outcome) return { statusCode: 0, message: 'cashOutChanged', cash_out: outcome.cashOut };
    return failure(outcome.message);
  }, MOVES_MONEY),

  // The same limits place_bet holds a bet to, so the betslip can offer stakes within them.
  sportsLimits: siteContentCall<'sportsLimits'>(async (_payload, { db, site }) => {
    const limits = await sportsLimitsOf(db, site.id);
    return { statusCode: 1, message: 'OK', min_stake: moneyOf(limits.minStake), max_stake: moneyOf(limits.maxStake), max_payout: moneyOf(limits.maxPayout) };
  }),

  // The betslip's settings follow the account (ADR 0038): whose they are comes from the session only.
  // Not money: they keep working while the site is under maintenance.
  sportsSettings: sessionCall<'sportsSettings'>(async (_payload, { db, session }) =>
    settingsReply(await readSportsSettings(db, { siteId: session.site.id, playerId: session.player.id })),
  ),

  sportsSettingsSave: sessionCall<'sportsSettingsSave'>(async ({ odds_format, odds_change }, { db, session }) =>
    settingsReply(await saveSportsSettings(db, { siteId: session.site.id, playerId: session.player.id }, { oddsFormat: odds_format, oddsChange: odds_change })),
  ),
};
