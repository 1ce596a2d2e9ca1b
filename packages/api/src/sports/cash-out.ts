import { sql } from 'drizzle-orm';
import { compareDecimals, type ErrorKey, type PlacedBet } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { postToLedger } from '../ledger/index.js';
import { sportsLimitsOf } from './limits.js';
import { cashOutOf, legsOf, readPlacedBet, type BetOwner, type LegRow } from './placed-bets.js';

/*
 * Cash-out (issue 24 §4, ADR 0035): an open bet settled now at its offer. Its legs' selections and
 * matches are read FOR SHARE (a price change waits, or is read), the bet row is locked FOR UPDATE
 * and must still be pending, and the payout posts with the key settlement would use
 * (sports:<id>:payout): whichever of the two locks the bet first settles it, the other finds it
 * settled, and no key can pay twice.
 */

export type CashOutOutcome =
  | { ok: true; bet: PlacedBet; amount: string; balance: string }
  | { ok: false; message: 'cashOutChanged'; cashOut: string | null }
  | { ok: false; message: ErrorKey };

class Refused extends Error {
  constructor(readonly outcome: Exclude<CashOutOutcome, { ok: true }>) {
    super(outcome.message);
  }
}

export async function cashOutBet(db: Db, owner: BetOwner, betId: number, accepted: string): Promise<CashOutOutcome> {
  try {
    const done = await db.transaction(async (tx) => {
      // Locks in the order settlement takes them, matches before bets, so the two never deadlock:
      // the legs' selections and matches first (held still while the offer is made and paid; a
      // settlement of one of them waits, or has finished and the bet is found settled)...
      const legKeys = sql`select l.match_id, l.selection_id from sports_bet_legs l where l.bet_id = ${betId} and l.site_id = ${owner.siteId}`;
      await tx.execute(sql`select 1 from matches where id in (select match_id from (${legKeys}) leg) order by id for share`);
      await tx.execute(sql`select 1 from match_odds where id in (select selection_id from (${legKeys}) leg) order by id for share`);
      // ... then the bet.
      const [bet] = await queryRows<{ id: number; status: string; stake: string; ticket: string }>(
        tx,
        sql`select id, status, stake::text as stake, ticket from sports_bets
            where id = ${betId} and site_id = ${owner.siteId} and player_id = ${owner.playerId} for update`,
      );
      if (!bet) throw new Refused({ ok: false, message: 'notFound' });
      if (bet.status !== 'pending') throw new Refused({ ok: false, message: 'cashOutUnavailable' });
      const [{ legs }] = (await queryRows<{ legs: LegRow[] }>(tx, sql`select ${legsOf(sql`${bet.id}::bigint`)} as legs`)) as [{ legs: LegRow[] }];
      const { cashOutMargin } = await sportsLimitsOf(tx, owner.siteId);
      const offer = cashOutOf(bet, legs, cashOutMargin);
      if (offer === null) throw new Refused({ ok: false, message: 'cashOutUnavailable' });
      // Below what the player accepted: they decide again. At or above it: the offer now is paid.
      if (compareDecimals(offer, accepted) < 0) throw new Refused({ ok: false, message: 'cashOutChanged', cashOut: offer });
      await tx.execute(sql`update sports_bets set status = 'cashed_out', payout = ${offer}, settled_at = now() where id = ${bet.id} and status = 'pending'`);
      const posted = await postToLedger(tx, {
        siteId: owner.siteId,
        playerId: owner.playerId,
        account: 'balance',
        amount: offer,
        counter: 'sportsbook',
        type: 'win',
        reference: `sports:${bet.ticket}`,
        idempotencyKey: `sports:${bet.id}:payout`,
      });
      if (!posted.ok || !posted.applied) throw new Error(`cash-out of sports bet ${bet.id} found its payout posted already`);
      return { amount: offer, balance: posted.balanceAfter };
    });
    const bet = await readPlacedBet(db, owner, { id: betId });
    if (!bet) throw new Error(`sports bet ${betId} vanished after its cash-out`);
    return { ok: true, bet, ...done };
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}
