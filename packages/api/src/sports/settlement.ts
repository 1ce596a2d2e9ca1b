import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { postBatchToLedger, type BatchPosting } from '../ledger/index.js';
import { betOutcome, selectionResult, type SelectionResult } from './outcomes.js';

/*
 * Settlement (issue 24 §4, ADR 0035): a match's result settles every selection of the match, every
 * leg on them, and every bet whose last leg that was, exactly once.
 * - The match row is locked FOR UPDATE and marked resulted in the same transaction: a second run
 *   (the feed and an operator, two processes) waits, then finds it resulted and does nothing.
 * - The open bets with a leg on the match are locked (in id order, so two matches settling at once
 *   never deadlock) before their legs are written: an accumulator whose legs settle in two matches
 *   at the same moment is settled by the second, which sees the first's leg once it may lock the bet.
 * - Each bet moves from pending in a statement that requires pending, and its payout is posted with
 *   the key sports:<id>:payout in the same transaction: a cash-out racing it finds it settled, or
 *   it finds the bet cashed out.
 */

export interface MatchScore {
  homeScore: number;
  awayScore: number;
}

export interface SettlementDone {
  /** false: the match had its result already; nothing changed. */
  applied: boolean;
  selections: number;
  bets: number;
}

/** Bets per status update. */
const CHUNK = 1000;

interface OpenBet {
  id: number;
  site_id: number;
  player_id: number;
  ticket: string;
  stake: string;
}

interface LegRow {
  bet_id: number;
  odds: string;
  result: SelectionResult | null;
}

/** Enters the final score of a match and settles what it decides. */
export async function settleMatch(db: Db, matchId: number, score: MatchScore): Promise<SettlementDone> {
  return db.transaction(async (tx) => {
    const [match] = await queryRows<{ id: number; resulted: boolean }>(tx, sql`select id, resulted_at is not null as resulted from matches where id = ${matchId} for update`);
    if (!match) throw new Error(`no match ${matchId}`);
    if (match.resulted) return { applied: false, selections: 0, bets: 0 };
    await tx.execute(
      sql`update matches set status = 'finished', home_score = ${score.homeScore}, away_score = ${score.awayScore}, suspended = false, resulted_at = now()
          where id = ${matchId}`,
    );
    const selections = await queryRows<{ id: number; bet_type: string; home_away: string; criteria1: string }>(
      tx,
      sql`select id, bet_type, home_away, criteria1 from match_odds where match_id = ${matchId} and result is null order by id`,
    );
    const twoWay = !selections.some((row) => row.bet_type === '1X2' && row.home_away === 'draw');
    for (const selection of selections) {
      const result = selectionResult({ betType: selection.bet_type, homeAway: selection.home_away, criteria1: selection.criteria1 }, score.homeScore, score.awayScore, twoWay);
      await tx.execute(sql`update match_odds set result = ${result}, open = false where id = ${selection.id}`);
    }
    const bets = await settleLegsOf(tx, sql`l.match_id = ${matchId}`);
    return { applied: true, selections: selections.length, bets };
  });
}

/** Which selections of a match to void: a market (with its line) or, with neither, all of them. */
export interface VoidTarget {
  betType?: string | undefined;
  line?: string | undefined;
}

/**
 * Voids the unsettled selections of a match (an operator's decision: an abandoned match, a wrong
 * price): they close, their legs settle as void (price 1.00) and the bets they decide settle.
 * Null when the match does not exist.
 */
export async function voidSelections(db: Db, matchId: number, target: VoidTarget): Promise<{ selections: number; bets: number } | null> {
  return db.transaction(async (tx) => {
    // The match first, the order bets and the feed lock in.
    const [match] = await queryRows<{ id: number }>(tx, sql`select id from matches where id = ${matchId} for update`);
    if (!match) return null;
    const market = target.betType === undefined ? sql`` : sql`and bet_type = ${target.betType}`;
    const line = target.line === undefined ? sql`` : sql`and criteria1 = ${target.line}`;
    const voided = await queryRows<{ id: number }>(
      tx,
      sql`update match_odds set result = 'void', open = false, voided = true where match_id = ${matchId} and result is null ${market} ${line} returning id`,
    );
    if (voided.length === 0) return { selections: 0, bets: 0 };
    const bets = await settleLegsOf(tx, sql`l.selection_id in (${sql.join(
      voided.map((row) => sql`${row.id}`),
      sql`, `,
    )})`);
    return { selections: voided.length, bets };
  });
}

/**
 * Writes the results of the selections matched by `legFilter` (over sports_bet_legs l) into their
 * open legs, then settles each open bet that is decided: no leg left open, or a leg lost (an
 * accumulator with a lost leg pays nothing, whatever its other legs do). Answers how many it settled.
 */
async function settleLegsOf(tx: Db, legFilter: SQL): Promise<number> {
  // The open bets first, locked: a cash-out or another match's settlement of the same bet waits.
  const open = await queryRows<OpenBet>(
    tx,
    sql`select b.id, b.site_id, b.player_id, b.ticket, b.stake::text as stake from sports_bets b
        where b.status = 'pending' and b.id in (select l.bet_id from sports_bet_legs l where ${legFilter} and l.result is null)
        order by b.id for update of b`,
  );
  // Every leg gets its result, a cashed-out bet's too (its history shows how it would have ended).
  await tx.execute(
    sql`update sports_bet_legs l set result = o.result, settled_at = now()
        from match_odds o where o.id = l.selection_id and o.result is not null and l.result is null and ${legFilter}`,
  );
  if (open.length === 0) return 0;
  const legsOf = await legsByBet(tx, open.map((bet) => bet.id));
  const decided: { bet: OpenBet; status: 'won' | 'lost' | 'void'; payout: string }[] = [];
  for (const bet of open) {
    const outcome = betOutcome(bet.stake, legsOf.get(Number(bet.id)) ?? []);
    if (outcome) decided.push({ bet, ...outcome });
  }
  // Set-based (a match may decide 100,000 bets): the statuses in chunks, each bet leaving pending in
  // a statement that requires it; then the payouts of the bets moved, one ledger batch per site.
  const moved = new Set<number>();
  for (let from = 0; from < decided.length; from += CHUNK) {
    const chunk = decided.slice(from, from + CHUNK).map(({ bet, status, payout }) => ({ id: bet.id, status, payout }));
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update sports_bets b set status = v.status, payout = v.payout, settled_at = now()
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(id bigint, status text, payout numeric)
          where b.id = v.id and b.status = 'pending'
          returning b.id`,
    );
    for (const row of rows) moved.add(Number(row.id));
  }
  const bySite = new Map<number, BatchPosting[]>();
  for (const { bet, status, payout } of decided) {
    if (!moved.has(Number(bet.id)) || !/[1-9]/.test(payout)) continue;
    const postings = bySite.get(bet.site_id) ?? [];
    postings.push({
      playerId: bet.player_id,
      account: 'balance',
      amount: payout,
      counter: 'sportsbook',
      // A void bet gives its stake back; anything else it pays is a win.
      type: status === 'void' ? 'rollback' : 'win',
      reference: `sports:${bet.ticket}`,
      idempotencyKey: `sports:${bet.id}:payout`,
    });
    bySite.set(bet.site_id, postings);
  }
  for (const [siteId, postings] of bySite) {
    const posted = await postBatchToLedger(tx, siteId, postings);
    if (!posted.ok) throw new Error(`payouts of site ${siteId} refused: ${posted.message}`);
  }
  const settled = moved.size;
  return settled;
}

/** The legs of these bets with their prices and results, in leg order, by bet id: what betOutcome reads. */
export async function legsByBet(tx: Db, betIds: number[]): Promise<Map<number, LegRow[]>> {
  const legs = await queryRows<LegRow>(
    tx,
    sql`select l.bet_id, l.odds::text as odds, l.result from sports_bet_legs l
        where l.bet_id = any(${`{${betIds.join(',')}}`}::bigint[]) order by l.bet_id, l.leg_index`,
  );
  const byBet = new Map<number, LegRow[]>();
  for (const leg of legs) {
    const list = byBet.get(Number(leg.bet_id));
    if (list) list.push(leg);
    else byBet.set(Number(leg.bet_id), [leg]);
  }
  return byBet;
}
