import { sql } from 'drizzle-orm';
import { compareDecimals, fromMinorUnits, toMinorUnits } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { lockBalances, postBatchToLedger, type BatchPosting } from '../ledger/index.js';
import { betOutcome, selectionResult, type SelectionResult } from './outcomes.js';
import { legsByBet, type MatchScore } from './settlement.js';

/*
 * A corrected result (issue 24 §4, ADR 0037): an operator replaces the final score of a match that
 * has its result, and every bet the change decides differently is settled again, in one transaction.
 * - Selections an operator voided stay void; the others take their result from the new score.
 * - Each bet with a leg on a changed selection is recomputed from all its legs: it may win, lose,
 *   become void, or reopen (an accumulator lost on this match whose other legs are still open).
 *   A cashed-out bet keeps its cash-out; only its legs' results change.
 * - The difference between the new payout and the one paid moves through the ledger under the key
 *   sports:<bet>:correction:<match>:<n>, n counting the match's corrections: once per correction.
 *   A payout taken back never takes a balance below zero: what the balance cannot cover is kept on
 *   the bet (sports_bets.unrecovered), netted by a later correction, and reported for the operator
 *   to settle with the player. A leg's result never becomes empty again, and only a bet with every
 *   leg settled was ever paid, so a bet that owes is never reopened, cashed out or settled by a match.
 */

export interface UnrecoveredPayout {
  siteId: number;
  playerId: number;
  ticket: string;
  amount: string;
}

export type CorrectionDone =
  | { ok: false; message: 'notFound' | 'notResulted' }
  | {
      ok: true;
      /** false: the score entered is the one on record; nothing changed. */
      applied: boolean;
      /** Selections whose result changed. */
      selections: number;
      /** Bets settled again (a cashed-out bet is not counted: it keeps its cash-out). */
      bets: number;
      /** Paid to players by the correction, and taken back from them. */
      paid: string;
      reclaimed: string;
      unrecovered: UnrecoveredPayout[];
    };

const nothingSettled = (applied: boolean): CorrectionDone => ({ ok: true, applied, selections: 0, bets: 0, paid: '0.0000', reclaimed: '0.0000', unrecovered: [] });

interface AffectedBet {
  id: number;
  site_id: number;
  player_id: number;
  ticket: string;
  stake: string;
  status: 'pending' | 'won' | 'lost' | 'void' | 'cashed_out';
  payout: string;
  unrecovered: string;
}

interface Resettled {
  bet: AffectedBet;
  status: 'pending' | 'won' | 'lost' | 'void';
  payout: string;
  /** New payout less what the player holds of the bet (its payout and what was not recovered), in minor units. */
  delta: bigint;
  /** What stays unrecovered once the difference is posted. */
  unrecovered: bigint;
}

export async function correctMatchResult(db: Db, matchId: number, score: MatchScore): Promise<CorrectionDone> {
  return db.transaction(async (tx) => {
    const match = await lockMatches(tx, matchId);
    if (!match) return { ok: false, message: 'notFound' };
    if (!match.resulted) return { ok: false, message: 'notResulted' };
    if (match.home_score === score.homeScore && match.away_score === score.awayScore) return nothingSettled(false);
    const [{ corrections }] = (await queryRows<{ corrections: number }>(
      tx,
      sql`update matches set home_score = ${score.homeScore}, away_score = ${score.awayScore}, result_corrections = result_corrections + 1
          where id = ${matchId} returning result_corrections as corrections`,
    )) as [{ corrections: number }];

    const selections = await queryRows<{ id: number; bet_type: string; home_away: string; criteria1: string; result: SelectionResult | null }>(
      tx,
      sql`select id, bet_type, home_away, criteria1, result from match_odds where match_id = ${matchId} and not voided order by id`,
    );
    const twoWay = !selections.some((row) => row.bet_type === '1X2' && row.home_away === 'draw');
    const changed: { id: number; result: SelectionResult }[] = [];
    for (const selection of selections) {
      const result = selectionResult({ betType: selection.bet_type, homeAway: selection.home_away, criteria1: selection.criteria1 }, score.homeScore, score.awayScore, twoWay);
      if (result !== selection.result) changed.push({ id: selection.id, result });
    }
    if (changed.length === 0) return nothingSettled(true);
    const changedIds = `{${changed.map((selection) => selection.id).join(',')}}`;
    await tx.execute(
      sql`update match_odds o set result = v.result from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as v(id int, result text) where o.id = v.id`,
    );

    // Every bet with a leg on a changed selection, locked in id order (as settlement locks them).
    const bets = await queryRows<AffectedBet>(
      tx,
      sql`select b.id, b.site_id, b.player_id, b.ticket, b.stake::text as stake, b.status, b.payout::text as payout, b.unrecovered::text as unrecovered from sports_bets b
          where b.id in (select l.bet_id from sports_bet_legs l where l.selection_id = any(${changedIds}::int[]))
          order by b.id for update of b`,
    );
    await tx.execute(
      sql`update sports_bet_legs l set result = o.result, settled_at = now() from match_odds o
          where o.id = l.selection_id and l.selection_id = any(${changedIds}::int[])`,
    );
    const resettled = await resettle(tx, bets);
    const money = await postDifferences(tx, resettled, (bet) => `sports:${bet.id}:correction:${matchId}:${corrections}`);
    await writeBets(tx, resettled);
    return { ok: true, applied: true, selections: changed.length, bets: resettled.length, ...money };
  });
}

/**
 * Locks the match and every other match its bets have legs on, in id order (FOR UPDATE, as a
 * result does), and answers the match. The order of every sportsbook writer is matches, their
 * selections, bets, wallets; holding the other matches too means no result of theirs settles an
 * accumulator this correction is reopening while it reads the bet's legs.
 */
async function lockMatches(tx: Db, matchId: number): Promise<{ resulted: boolean; home_score: number | null; away_score: number | null } | null> {
  const involved = (others: { id: number }[]) => [...new Set([matchId, ...others.map((row) => Number(row.id))])].sort((a, b) => a - b);
  const othersQuery = sql`select distinct l2.match_id as id from sports_bet_legs l join sports_bet_legs l2 on l2.bet_id = l.bet_id
    where l.selection_id in (select id from match_odds where match_id = ${matchId})`;
  const ids = involved(await queryRows<{ id: number }>(tx, othersQuery));
  const lock = (list: number[]) =>
    queryRows<{ id: number; resulted: boolean; home_score: number | null; away_score: number | null }>(
      tx,
      sql`select id, resulted_at is not null as resulted, home_score, away_score from matches where id = any(${`{${list.join(',')}}`}::int[]) order by id for update`,
    );
  const locked = await lock(ids);
  // A bet placed while the set was read (its match not resulted yet) may name one more match.
  const late = involved(await queryRows<{ id: number }>(tx, othersQuery)).filter((id) => !ids.includes(id));
  if (late.length > 0) await lock(late);
  return locked.find((row) => Number(row.id) === matchId) ?? null;
}

/** Recomputes each bet from all its legs: the bets whose status or payout changes. */
async function resettle(tx: Db, bets: AffectedBet[]): Promise<Resettled[]> {
  const open = bets.filter((bet) => bet.status !== 'cashed_out');
  if (open.length === 0) return [];
  const legsOf = await legsByBet(tx, open.map((bet) => bet.id));
  const resettled: Resettled[] = [];
  for (const bet of open) {
    const outcome = betOutcome(bet.stake, legsOf.get(Number(bet.id)) ?? []);
    const status = outcome?.status ?? 'pending';
    const payout = outcome?.payout ?? '0.0000';
    if (status === bet.status && compareDecimals(payout, bet.payout) === 0) continue;
    const held = toMinorUnits(bet.payout) + toMinorUnits(bet.unrecovered);
    resettled.push({ bet, status, payout, delta: toMinorUnits(payout) - held, unrecovered: 0n });
  }
  return resettled;
}

/** Writes the bets settled again; a reopened bet is pending again, with no settlement time. */
async function writeBets(tx: Db, resettled: Resettled[]): Promise<void> {
  if (resettled.length === 0) return;
  const rows = resettled.map(({ bet, status, payout, unrecovered }) => ({ id: bet.id, status, payout, unrecovered: fromMinorUnits(unrecovered) }));
  await tx.execute(
    sql`update sports_bets b set status = v.status, payout = v.payout, unrecovered = v.unrecovered,
          settled_at = case when v.status = 'pending' then null else now() end
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id bigint, status text, payout numeric, unrecovered numeric) where b.id = v.id`,
  );
}

/**
 * Moves each bet's payout difference through the ledger, per site in one batch: a credit of the
 * balance from the sportsbook as a win, a debit back to it as a rollback of the win (the site's
 * report counts them against its wins). Debits are cut to what the locked balance holds once the
 * player's credits of this correction are in; each entry's `unrecovered` is set to what is left.
 */
async function postDifferences(tx: Db, resettled: Resettled[], keyOf: (bet: AffectedBet) => string): Promise<{ paid: string; reclaimed: string; unrecovered: UnrecoveredPayout[] }> {
  const moving = resettled.filter((entry) => entry.delta !== 0n);
  const available = new Map<number, bigint>();
  for (const [playerId, balance] of await lockBalances(tx, moving.map((entry) => entry.bet.player_id))) available.set(playerId, toMinorUnits(balance));
  // Credits first, so a player's debit can use what the same correction pays.
  const ordered = [...moving].sort((a, b) => (a.delta > 0n === b.delta > 0n ? 0 : a.delta > 0n ? -1 : 1));
  const bySite = new Map<number, BatchPosting[]>();
  let paid = 0n;
  let reclaimed = 0n;
  const unrecovered: UnrecoveredPayout[] = [];
  for (const entry of ordered) {
    const { bet, delta } = entry;
    const playerId = Number(bet.player_id);
    const balance = available.get(playerId) ?? 0n;
    const amount = delta > 0n ? delta : -(-delta < balance ? -delta : balance);
    available.set(playerId, balance + amount);
    entry.unrecovered = amount - delta;
    if (entry.unrecovered > 0n) unrecovered.push({ siteId: bet.site_id, playerId, ticket: bet.ticket, amount: fromMinorUnits(entry.unrecovered) });
    if (amount === 0n) continue;
    if (amount > 0n) paid += amount;
    else reclaimed -= amount;
    const postings = bySite.get(bet.site_id) ?? [];
    postings.push({
      playerId,
      account: 'balance',
      amount: fromMinorUnits(amount),
      counter: 'sportsbook',
      type: amount > 0n ? 'win' : 'rollback',
      reference: `sports:${bet.ticket}`,
      idempotencyKey: keyOf(bet),
    });
    bySite.set(bet.site_id, postings);
  }
  for (const [siteId, postings] of bySite) {
    const posted = await postBatchToLedger(tx, siteId, postings);
    if (!posted.ok) throw new Error(`corrections of site ${siteId} refused: ${posted.message}`);
  }
  return { paid: fromMinorUnits(paid), reclaimed: fromMinorUnits(reclaimed), unrecovered };
}
