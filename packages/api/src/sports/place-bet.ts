import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { compareDecimals, decimalsEqual, fromMinorUnits, toMinorUnits, type ErrorKey, type BetLeg, type OddsChangeChoice, type PlacedBet } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { transactionStartingWith } from '../db/locked-transaction.js';
import { formatOdds } from '../content/index.js';
import { refuseStake } from '../games/index.js';
import type { LimitRefusal } from '../responsible/index.js';
import { postToLedger, readBalances } from '../ledger/index.js';
import { sportsLimitsOf } from './limits.js';
import { combinedOdds, potentialReturn } from './outcomes.js';
import { legView, readPlacedBet, type BetOwner } from './placed-bets.js';

/*
 * Placing a sports bet (issue 24 §2, ADR 0035). Every check is made again inside the transaction
 * that takes the stake, on the selection and match rows locked FOR SHARE: a feed update of one of
 * them waits for the bet to commit, or the bet reads the update, never a price between the two.
 */

export interface PlaceBetRequest {
  selections: { selection_id: number; odds: string }[];
  stake: string;
  odds_change: OddsChangeChoice;
  client_bet_id: string;
}

export interface CurrentPrice {
  selection_id: number;
  odds: string;
  open: boolean;
}

export type PlaceBetOutcome =
  | { ok: true; bet: PlacedBet; balance: string; placed: boolean }
  | { ok: false; message: 'oddsChanged'; prices: CurrentPrice[] }
  | { ok: false; message: 'limitExceeded'; limit: LimitRefusal }
  | { ok: false; message: ErrorKey };

export interface PlaceBetOptions {
  /** How long a bet on a match under way waits before the transaction (issue 24 §2). */
  inPlayDelayMs: number;
}

/** A selection with its match as the bet reads them. */
interface PricedSelection {
  id: number;
  match_id: number;
  bet_type: string;
  home_away: string;
  criteria1: string;
  odds: string;
  open: boolean;
  version: number;
  match_status: 'upcoming' | 'live' | 'finished';
  home_score: number | null;
  away_score: number | null;
  minute: number | null;
  suspended: boolean;
  resulted: boolean;
  sport: string;
  league: string;
  start_time: Date | string;
  home_team_name: string;
  away_team_name: string;
  local_names: Record<string, { home: string; away: string }>;
}

class Refused extends Error {
  constructor(readonly outcome: Exclude<PlaceBetOutcome, { ok: true }>) {
    super(outcome.message);
  }
}

/** Another request placed this client bet id first, while this one was in its transaction. */
class PlacedMeanwhile extends Error {}

/**
 * The selections with their matches. Locked: FOR SHARE, in a transaction that began by locking
 * their matches (`matchLocks`). Unlocked, with `replayOf`: each row also says whether the player has
 * a bet of this client bet id already, so a first placement makes no read of its own for that.
 */
async function readSelections(db: Db, ids: number[], options: { lock: true } | { lock: false; replayOf: { owner: BetOwner; clientBetId: string } }) {
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const replayed = options.lock
    ? sql`false`
    : sql`exists (select 1 from sports_bets b where b.site_id = ${options.replayOf.owner.siteId} and b.player_id = ${options.replayOf.owner.playerId} and b.client_bet_id = ${options.replayOf.clientBetId})`;
  return queryRows<PricedSelection & { replayed: boolean }>(
    db,
    sql`select o.id, o.match_id, o.bet_type, o.home_away, o.criteria1, o.odds::text as odds, o.open, o.version,
          m.status as match_status, m.home_score, m.away_score, m.minute, m.suspended or m.held as suspended, m.resulted_at is not null as resulted, m.sport, m.league, m.start_time,
          m.home_team_name, m.away_team_name, m.local_names, ${replayed} as replayed
        from match_odds o join matches m on m.id = o.match_id
        where o.id in (${idList})
        order by o.id
        ${options.lock ? sql`for share of o` : sql``}`,
  );
}

/**
 * The statement that begins a placement's transaction (sent with its BEGIN, ADR 0034): the
 * selections' matches locked FOR SHARE in id order, before the selections, the order settlement
 * and the feed lock in (ADR 0035): two transactions that lock in one order cannot deadlock. The ids
 * are written into the text, so they are checked to be integers here, whatever the caller checked.
 */
function matchLocks(ids: number[]): string {
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) throw new Error('selection ids must be positive integers');
  return `select 1 from matches where id in (select match_id from match_odds where id in (${ids.join(', ')})) order by id for share`;
}

const takesBets = (row: PricedSelection) => row.open && row.match_status !== 'finished' && !row.resulted && !row.suspended;

/** The prices now of the request's selections, in its order (a selection gone is shown closed at the price seen). */
function pricesNow(request: PlaceBetRequest, rows: PricedSelection[]): CurrentPrice[] {
  return request.selections.map((seen) => {
    const row = rows.find((candidate) => candidate.id === seen.selection_id);
    return row ? { selection_id: row.id, odds: formatOdds(row.odds), open: takesBets(row) } : { selection_id: seen.selection_id, odds: seen.odds, open: false };
  });
}

/** Why these selections cannot make this bet now, or null. */
function refusalOf(request: PlaceBetRequest, rows: PricedSelection[]): Exclude<PlaceBetOutcome, { ok: true }> | null {
  if (rows.length !== request.selections.length) return { ok: false, message: 'marketClosed' };
  if (new Set(rows.map((row) => row.match_id)).size !== rows.length) return { ok: false, message: 'sameMatchSelections' };
  if (rows.some((row) => !row.open || row.match_status === 'finished' || row.resulted)) return { ok: false, message: 'marketClosed' };
  if (rows.some((row) => row.suspended)) return { ok: false, message: 'marketSuspended' };
  const moved = request.selections.some((seen) => {
    const now = rows.find((row) => row.id === seen.selection_id)!.odds;
    const change = compareDecimals(now, seen.odds);
    return request.odds_change === 'none' ? change !== 0 : request.odds_change === 'higher' ? change < 0 : false;
  });
  return moved ? { ok: false, message: 'oddsChanged', prices: pricesNow(request, rows) } : null;
}

/** The same client bet id sent again: the same bet (placed: false), or idempotencyConflict when it asked for another. */
async function replayOf(db: Db, owner: BetOwner, request: PlaceBetRequest): Promise<PlaceBetOutcome | null> {
  const bet = await readPlacedBet(db, owner, { clientBetId: request.client_bet_id });
  if (!bet) return null;
  const same =
    decimalsEqual(bet.stake, request.stake) &&
    bet.legs.length === request.selections.length &&
    request.selections.every((seen) => bet.legs.some((leg) => leg.selection_id === seen.selection_id));
  if (!same) return { ok: false, message: 'idempotencyConflict' };
  const { balance } = await readBalances(db, owner.playerId);
  return { ok: true, bet, balance, placed: false };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function placeSportsBet(db: Db, owner: BetOwner, request: PlaceBetRequest, options: PlaceBetOptions): Promise<PlaceBetOutcome> {
  const ids = request.selections.map((selection) => selection.selection_id);
  const seen = await readSelections(db, ids, { lock: false, replayOf: { owner, clientBetId: request.client_bet_id } });
  // No row to say (selections unknown) is checked by the full read too.
  if (seen.length === 0 || seen[0]!.replayed) {
    const replay = await replayOf(db, owner, request);
    if (replay) return replay;
  }
  const early = refusalOf(request, seen);
  if (early) return early;
  const inPlay = seen.some((row) => row.match_status === 'live' || new Date(row.start_time).getTime() <= Date.now());
  // The delay runs outside any transaction: nothing is held while the player waits.
  if (inPlay && options.inPlayDelayMs > 0) await sleep(options.inPlayDelayMs);

  try {
    const placed = await transactionStartingWith(db, matchLocks(ids), async (tx) => {
      const rows = await readSelections(tx, ids, { lock: true });
      const refusal = refusalOf(request, rows);
      if (refusal) throw new Refused(refusal);
      const ordered = request.selections.map((selection) => rows.find((row) => row.id === selection.selection_id)!);
      const prices = ordered.map((row) => formatOdds(row.odds));
      const limits = await sportsLimitsOf(tx, owner.siteId);
      if (compareDecimals(request.stake, limits.minStake) < 0) throw new Refused({ ok: false, message: 'amountTooSmall' });
      if (compareDecimals(request.stake, limits.maxStake) > 0) throw new Refused({ ok: false, message: 'amountTooLarge' });
      const toReturn = potentialReturn(request.stake, prices);
      if (compareDecimals(toReturn, limits.maxPayout) > 0) throw new Refused({ ok: false, message: 'payoutTooLarge' });
      // The one place every stake passes (issue 23 §4): the coming limits and exclusions refuse here.
      const stakeRefusal = await refuseStake(tx, { siteId: owner.siteId, playerId: owner.playerId, amount: request.stake });
      if (stakeRefusal?.limit) throw new Refused({ ok: false, message: 'limitExceeded', limit: stakeRefusal.limit });
      if (stakeRefusal) throw new Refused({ ok: false, message: stakeRefusal.key });

      const first = ordered[0]!;
      const ticket = `SB-${randomBytes(6).toString('hex').toUpperCase()}`;
      // The bet and its legs in one statement; a concurrent request with the same client bet id
      // that inserted first makes this one place nothing.
      const legs = ordered.map((row, legIndex) => ({
        leg_index: legIndex,
        match_id: row.match_id,
        selection_id: row.id,
        sport: row.sport,
        league: row.league,
        match_start: new Date(row.start_time).toISOString(),
        home_team_name: row.home_team_name,
        away_team_name: row.away_team_name,
        local_names: row.local_names,
        bet_type: row.bet_type,
        home_away: row.home_away,
        criteria1: row.criteria1,
        odds: prices[legIndex]!,
      }));
      const [bet] = await queryRows<{ id: number; placed_at: Date | string }>(
        tx,
        sql`with bet as (
              insert into sports_bets (site_id, player_id, match_id, ticket, sport, league, match_start, home_team_name, away_team_name, local_names,
                bet_type, home_away, criteria1, odds, stake, client_bet_id, kind, potential_return, in_play)
              values (${owner.siteId}, ${owner.playerId}, ${first.match_id}, ${ticket}, ${first.sport}, ${first.league}, ${new Date(first.start_time).toISOString()}::timestamptz,
                ${first.home_team_name}, ${first.away_team_name}, ${JSON.stringify(first.local_names)}::jsonb, ${first.bet_type}, ${first.home_away}, ${first.criteria1},
                ${ordered.length === 1 ? prices[0]! : combinedOdds(prices)}::numeric, ${request.stake}::numeric, ${request.client_bet_id},
                ${ordered.length === 1 ? 'single' : 'accumulator'}, ${toReturn}::numeric, ${inPlay})
              on conflict (site_id, player_id, client_bet_id) do nothing
              returning id, placed_at
            ), legs as (
              insert into sports_bet_legs (bet_id, site_id, leg_index, match_id, selection_id, sport, league, match_start, home_team_name, away_team_name, local_names,
                bet_type, home_away, criteria1, odds)
              select bet.id, ${owner.siteId}, v.leg_index, v.match_id, v.selection_id, v.sport, v.league, v.match_start, v.home_team_name, v.away_team_name,
                coalesce(v.local_names, '{}'::jsonb), v.bet_type, v.home_away, v.criteria1, v.odds
              from bet, jsonb_to_recordset(${JSON.stringify(legs)}::jsonb) as v(leg_index int, match_id int, selection_id int, sport text, league text,
                match_start timestamptz, home_team_name text, away_team_name text, local_names jsonb, bet_type text, home_away text, criteria1 text, odds numeric)
            )
            select id, placed_at from bet`,
      );
      if (!bet) throw new PlacedMeanwhile();
      const posted = await postToLedger(tx, {
        siteId: owner.siteId,
        playerId: owner.playerId,
        account: 'balance',
        amount: `-${request.stake}`,
        counter: 'sportsbook',
        type: 'bet',
        reference: `sports:${ticket}`,
        idempotencyKey: `sports:${bet.id}:stake`,
        // The key names a bet this transaction just made: no other can post it, no savepoint needed.
        keyLockedByCaller: true,
      });
      if (!posted.ok) throw new Refused({ ok: false, message: 'insufficientBalance' });
      // The reply is what this transaction wrote, not a read of it afterwards.
      const placedBet: PlacedBet = {
        bet_id: `s:${bet.id}`,
        ticket,
        kind: ordered.length === 1 ? 'single' : 'accumulator',
        status: 'pending',
        stake: fromMinorUnits(toMinorUnits(request.stake)),
        odds: formatOdds(ordered.length === 1 ? prices[0]! : combinedOdds(prices)),
        potential_return: toReturn,
        in_play: inPlay,
        placed_at: new Date(bet.placed_at).toISOString(),
        legs: legs.map((leg, legIndex) => {
          const row = ordered[legIndex]!;
          return legView({
            ...leg,
            bet_type: leg.bet_type as BetLeg['bet_type'],
            home_away: leg.home_away as BetLeg['home_away'],
            result: null,
            match_status: row.match_status,
            home_score: row.home_score,
            away_score: row.away_score,
            minute: row.minute,
            current_odds: null,
          });
        }),
      };
      return { bet: placedBet, balance: posted.balanceAfter };
    });
    return { ok: true, bet: placed.bet, balance: placed.balance, placed: true };
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    if (error instanceof PlacedMeanwhile) {
      const again = await replayOf(db, owner, request);
      if (again) return again;
    }
    throw error;
  }
}
