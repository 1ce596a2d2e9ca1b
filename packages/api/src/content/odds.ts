import { and, asc, eq, inArray } from 'drizzle-orm';
import { BET_SIDES, BET_TYPES, LOCALE_CODES, type Match, type OddsSelection, type PublicBet } from '@wl/contracts';
import type { Db } from '../db/client.js';
import type { CallHandlers } from '../http/calls.js';
import { matchOdds, matches } from '../db/schema.js';

/**
 * The odds feed (matches and match_odds), shared by every site: only upcoming and live matches,
 * soonest first (live matches started earlier, so they lead). Team names come in English
 * (home_team_name, away_team_name) and per language as home_name_{lang} / away_name_{lang} for
 * every lower-case locale code the match has names in (home_name_en is always there).
 */

/** At most this many matches in match_list. */
export const MATCH_LIST_LIMIT = 100;
/** public_odds features every open selection of this many matches. */
export const FEATURED_MATCHES = 10;

const OPEN_STATUSES = ['upcoming', 'live'] as const;
const LANGS = new Set(LOCALE_CODES.map((code) => code.toLowerCase()));
const typeRank = (type: string) => (BET_TYPES as readonly string[]).indexOf(type);
const sideRank = (side: string) => (BET_SIDES as readonly string[]).indexOf(side);

type MatchRow = typeof matches.$inferSelect;
type MatchFields = Omit<Match, 'home_score' | 'away_score' | 'odds' | 'suspended' | 'minute'>;

/** Decimal odds as stored (numeric(10,3), "1.950") shown with at least two decimals ("1.95", "2.00"). */
export function formatOdds(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}.${trimmed.padEnd(2, '0')}`;
}

/**
 * A match's team names per language as docs/product.md §3 sends them (home_name_vi, away_name_vi…,
 * home_name_en always there), from the stored { vi: { home, away } } and the English names.
 */
export function teamNamesByLanguage(localNames: Record<string, { home?: string; away?: string } | null> | null, homeTeamName: string, awayTeamName: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [lang, names] of Object.entries(localNames ?? {})) {
    if (!LANGS.has(lang) || !names) continue;
    if (names.home) fields[`home_name_${lang}`] = names.home;
    if (names.away) fields[`away_name_${lang}`] = names.away;
  }
  fields.home_name_en ??= homeTeamName;
  fields.away_name_en ??= awayTeamName;
  return fields;
}

function matchFields(row: MatchRow): MatchFields {
  const fields = teamNamesByLanguage(row.localNames, row.homeTeamName, row.awayTeamName);
  return {
    match_id: row.id,
    sport: row.sport,
    league: row.league,
    start_time: row.startTime.toISOString(),
    status: row.status,
    home_team_name: row.homeTeamName,
    away_team_name: row.awayTeamName,
    ...fields,
  };
}

/** Upcoming and live matches, soonest first, each with its open selections in display order. */
export async function openMatches(db: Db, limit: number): Promise<Match[]> {
  const rows = await db
    .select()
    .from(matches)
    .where(inArray(matches.status, [...OPEN_STATUSES]))
    .orderBy(asc(matches.startTime), asc(matches.id))
    .limit(limit);
  return withSelections(db, rows);
}

/** The matches of `ids` as match_list shows them, finished ones included (a live board drops those). */
export async function matchesByIds(db: Db, ids: number[]): Promise<Match[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(matches).where(inArray(matches.id, ids)).orderBy(asc(matches.startTime), asc(matches.id));
  return withSelections(db, rows);
}

async function withSelections(db: Db, rows: MatchRow[]): Promise<Match[]> {
  if (rows.length === 0) return [];
  const odds = await db
    .select()
    .from(matchOdds)
    .where(
      and(
        inArray(
          matchOdds.matchId,
          rows.map((row) => row.id),
        ),
        // A line the feed withdrew takes no bets: only its bets still settle on it.
        eq(matchOdds.open, true),
      ),
    );
  const byMatch = new Map<number, OddsSelection[]>();
  const ordered = odds
    // Rows outside the bet types and sides of the contract are not shown.
    .filter((row) => typeRank(row.betType) !== -1 && sideRank(row.homeAway) !== -1)
    .sort((a, b) => typeRank(a.betType) - typeRank(b.betType) || sideRank(a.homeAway) - sideRank(b.homeAway) || a.id - b.id);
  for (const row of ordered) {
    const list = byMatch.get(row.matchId) ?? [];
    list.push({
      selection_id: row.id,
      bet_type: row.betType as OddsSelection['bet_type'],
      home_away: row.homeAway as OddsSelection['home_away'],
      criteria1: row.criteria1 === '' ? null : row.criteria1,
      odds: formatOdds(row.odds),
    });
    byMatch.set(row.matchId, list);
  }
  return rows.map((row) => ({
    ...matchFields(row),
    home_score: row.homeScore,
    away_score: row.awayScore,
    odds: byMatch.get(row.id) ?? [],
    // The feed's suspension or an operator's hold: either way no bets now.
    suspended: row.suspended || row.held,
    minute: row.minute,
  }));
}

export const oddsHandlers: CallHandlers = {
  publicOdds: async (_payload, { db }) => {
    const featured = await openMatches(db, FEATURED_MATCHES);
    const value: PublicBet[] = featured.flatMap(({ odds, home_score: _home, away_score: _away, suspended: _suspended, minute: _minute, ...fields }) =>
      odds.map((selection) => ({ ...fields, ...selection })),
    );
    return { statusCode: 1, message: 'OK', value };
  },

  matchList: async (_payload, { db }) => {
    return { statusCode: 1, message: 'OK', value: await openMatches(db, MATCH_LIST_LIMIT) };
  },
};
