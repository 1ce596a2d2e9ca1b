import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { settleMatch } from '../settlement.js';

/*
 * The odds feed adapter (issue 24 §3, ADR 0036). A feed — the demo's simulation, or a real odds
 * provider's client — describes matches as updates; `applyFeedUpdate` writes each into the shared
 * feed tables (matches, match_odds) and settles a match when its result arrives. To plug a real
 * feed in, translate its messages into FeedUpdate and call applyFeedUpdate for each, in order per
 * match; every update is idempotent (the same update twice changes nothing the second time), so a
 * feed replayed after a reconnect is safe.
 */

export type FeedSport = 'soccer' | 'basketball' | 'tennis' | (string & {});

/** A match as the feed names it: created on its first update, found by `feedKey` after. */
export interface FeedFixture {
  /** The feed's own id of the match, unique across feeds (prefix it with the feed's name). */
  feedKey: string;
  sport: FeedSport;
  league: string;
  startTime: Date;
  homeTeam: string;
  awayTeam: string;
  /** Team names per lower-case locale code (`{ vi: { home, away } }`). */
  localNames?: Record<string, { home: string; away: string }>;
}

/** A price of the feed: 1X2 with side home/draw/away and no line; HDP (the home side's line) and OU (the total) with their line. */
export interface FeedSelection {
  betType: '1X2' | 'HDP' | 'OU';
  side: 'home' | 'draw' | 'away' | 'over' | 'under';
  /** '' for 1X2. */
  line: string;
  /** Decimal odds, at least "1.01". */
  odds: string;
}

export type FeedUpdate =
  /** The match exists (or its fixture changed: a new start time, a team's name). */
  | { kind: 'fixture'; fixture: FeedFixture }
  /** The match under way: its score, clock and whether bets are taken now. */
  | { kind: 'state'; feedKey: string; status: 'upcoming' | 'live'; homeScore: number | null; awayScore: number | null; minute: number | null; suspended: boolean }
  /** The full set of prices now: every selection not in it is closed (its bets still settle). */
  | { kind: 'prices'; feedKey: string; selections: FeedSelection[] }
  /** The final score: the match is settled (once; a second result is ignored — an operator corrects a result). */
  | { kind: 'result'; feedKey: string; homeScore: number; awayScore: number };

export interface FeedApplied {
  /** false: the update changed nothing (a replay, or the same state again). */
  changed: boolean;
}

async function matchIdOf(db: Db, feedKey: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from matches where feed_key = ${feedKey}`);
  return row?.id ?? null;
}

/** Writes one update of a feed. An update for a match the feed never announced is ignored (and said so). */
export async function applyFeedUpdate(db: Db, update: FeedUpdate): Promise<FeedApplied> {
  switch (update.kind) {
    case 'fixture': {
      const fixture = update.fixture;
      const rows = await queryRows<{ id: number }>(
        db,
        sql`insert into matches (feed_key, sport, league, start_time, status, home_team_name, away_team_name, local_names)
            values (${fixture.feedKey}, ${fixture.sport}, ${fixture.league}, ${fixture.startTime.toISOString()}, 'upcoming',
              ${fixture.homeTeam}, ${fixture.awayTeam}, ${JSON.stringify(fixture.localNames ?? {})}::jsonb)
            on conflict (feed_key) do update set sport = excluded.sport, league = excluded.league, start_time = excluded.start_time,
              home_team_name = excluded.home_team_name, away_team_name = excluded.away_team_name, local_names = excluded.local_names
            where (matches.sport, matches.league, matches.start_time, matches.home_team_name, matches.away_team_name, matches.local_names)
              is distinct from (excluded.sport, excluded.league, excluded.start_time, excluded.home_team_name, excluded.away_team_name, excluded.local_names)
            returning id`,
      );
      return { changed: rows.length > 0 };
    }
    case 'state': {
      // Only an open match moves: a result is final, and a stale update after it changes nothing.
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update matches set status = ${update.status}, home_score = ${update.homeScore}, away_score = ${update.awayScore},
              minute = ${update.minute}, suspended = ${update.suspended}
            where feed_key = ${update.feedKey} and resulted_at is null
              and (status, home_score, away_score, minute, suspended) is distinct from
                  (${update.status}, ${update.homeScore}::int, ${update.awayScore}::int, ${update.minute}::int, ${update.suspended})
            returning id`,
      );
      return { changed: rows.length > 0 };
    }
    case 'prices':
      return applyPrices(db, update.feedKey, update.selections);
    case 'result': {
      const id = await matchIdOf(db, update.feedKey);
      if (id === null) return { changed: false };
      const done = await settleMatch(db, id, { homeScore: update.homeScore, awayScore: update.awayScore });
      return { changed: done.applied };
    }
  }
}

/**
 * The match's prices become `selections`: each is inserted or its price updated (its version
 * bumped when it changed), and every other open selection of the match is closed. The match row is
 * locked first, as bets and settlement lock it (matches, then selections: ADR 0035), so a bet reads
 * the prices before or after the update, never half of it.
 */
async function applyPrices(db: Db, feedKey: string, selections: FeedSelection[]): Promise<FeedApplied> {
  return db.transaction(async (tx) => {
    const [match] = await queryRows<{ id: number; resulted: boolean }>(tx, sql`select id, resulted_at is not null as resulted from matches where feed_key = ${feedKey} for update`);
    if (!match || match.resulted) return { changed: false };
    let changed = false;
    if (selections.length > 0) {
      const values = sql.join(
        selections.map((selection) => sql`(${match.id}::int, ${selection.betType}, ${selection.side}, ${selection.line}, ${selection.odds}::numeric)`),
        sql`, `,
      );
      const upserted = await queryRows<{ id: number }>(
        tx,
        sql`insert into match_odds (match_id, bet_type, home_away, criteria1, odds)
            values ${values}
            on conflict (match_id, bet_type, home_away, criteria1) do update
              set odds = excluded.odds, open = true, version = match_odds.version + 1
              where match_odds.odds <> excluded.odds or not match_odds.open
            returning id`,
      );
      changed = upserted.length > 0;
    }
    const keep = selections.length
      ? sql`and (bet_type, home_away, criteria1) not in (${sql.join(
          selections.map((selection) => sql`(${selection.betType}, ${selection.side}, ${selection.line})`),
          sql`, `,
        )})`
      : sql``;
    const closed = await queryRows<{ id: number }>(tx, sql`update match_odds set open = false where match_id = ${match.id} and open ${keep} returning id`);
    return { changed: changed || closed.length > 0 };
  });
}
