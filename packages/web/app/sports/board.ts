import type { Match, OddsSelection, PublicBet } from '@wl/contracts';

/*
 * The /sports board from the two feeds of docs/product.md §7: match_list (matches with scores and their
 * selections) and public_odds (the featured selections as flat bet records). Either may fail to an
 * empty list (docs/product.md §8), so the board is their union: a match of either feed shows, and a featured
 * match's prices are public_odds' (the featured feed is the one a sportsbook keeps freshest).
 */

export type BetType = OddsSelection['bet_type'];
export type BetSide = OddsSelection['home_away'];

/** A selection with its match's fields: the bet display record of docs/product.md §3. */
export type BetRecord = PublicBet;

/** The sides each market shows, in display order (1X2 without a draw in sports that have none). */
export const MARKET_SIDES: Record<BetType, readonly BetSide[]> = {
  '1X2': ['home', 'draw', 'away'],
  HDP: ['home', 'away'],
  OU: ['over', 'under'],
};

/*
 * The markets in display order: the contract's BET_TYPES, as MARKET_SIDES names every one of them.
 * Not imported: that value would bring calls/home.ts's schemas into the first script of every
 * page, where the home page's prices bring this module.
 */
const MARKETS = Object.keys(MARKET_SIDES) as BetType[];

/** The match fields of a bet record (what a match has but its score and selections). */
function matchOfBet(bet: PublicBet): Match {
  const { selection_id: _id, bet_type: _type, home_away: _side, criteria1: _line, odds: _odds, ...fields } = bet;
  return { ...fields, home_score: null, away_score: null, odds: [], suspended: false, minute: null };
}

const selectionOf = (bet: PublicBet): OddsSelection => ({ selection_id: bet.selection_id, bet_type: bet.bet_type, home_away: bet.home_away, criteria1: bet.criteria1, odds: bet.odds });

/** Matches of both feeds, once each, soonest first; a featured match carries the featured prices. */
export function mergeFeeds(matches: readonly Match[], featured: readonly PublicBet[]): Match[] {
  const byId = new Map<number, Match>(matches.map((match) => [match.match_id, match]));
  const featuredOdds = new Map<number, OddsSelection[]>();
  for (const bet of featured) {
    if (!byId.has(bet.match_id)) byId.set(bet.match_id, matchOfBet(bet));
    const list = featuredOdds.get(bet.match_id) ?? [];
    list.push(selectionOf(bet));
    featuredOdds.set(bet.match_id, list);
  }
  return [...byId.values()]
    .filter((match) => match.status !== 'finished')
    .map((match) => {
      const odds = featuredOdds.get(match.match_id);
      return odds ? { ...match, odds } : match;
    })
    .sort((a, b) => a.start_time.localeCompare(b.start_time) || a.match_id - b.match_id);
}

/**
 * The matches a page shows, after the feed was read again (ADR 0035): each with its prices,
 * suspension, status, score and minute now, its other fields (a server-formatted kick-off time)
 * kept; a match the feed no longer lists, or lists as finished, is left out.
 */
export function refreshMatches<T extends Match>(shown: readonly T[], feed: readonly Match[]): T[] {
  const byId = new Map(feed.map((match) => [match.match_id, match]));
  return shown.flatMap((match) => {
    const now = byId.get(match.match_id);
    if (!now || now.status === 'finished') return [];
    const { odds, suspended, status, home_score, away_score, minute } = now;
    return [{ ...match, odds, suspended, status, home_score, away_score, minute }];
  });
}

/** The bet record of one of a match's selections. */
export function betOf(match: Match, selection: OddsSelection): BetRecord {
  const { home_score: _home, away_score: _away, odds: _odds, ...fields } = match;
  return { ...fields, ...selection };
}

/** A match's markets in display order, each with its open selections in display order; empty markets left out. */
export function marketsOf(match: Match): { type: BetType; bets: BetRecord[] }[] {
  return MARKETS.map((type) => ({
    type,
    bets: MARKET_SIDES[type].flatMap((side) => {
      const selection = match.odds.find((entry) => entry.bet_type === type && entry.home_away === side);
      return selection ? [betOf(match, selection)] : [];
    }),
  })).filter((market) => market.bets.length > 0);
}

/**
 * The line a selection is priced at: the total for over/under, the side's own handicap for HDP
 * (criteria1 is the home side's: the away side gets it with the sign turned), none for 1X2.
 */
export function lineOf(bet: Pick<OddsSelection, 'bet_type' | 'home_away' | 'criteria1'>): string | null {
  const line = bet.criteria1?.trim() || null;
  if (!line || bet.bet_type === '1X2') return null;
  if (bet.bet_type === 'HDP' && bet.home_away === 'away') return invertLine(line);
  if (bet.bet_type === 'HDP' && !/^[+-]/.test(line) && line !== '0') return `+${line}`;
  return line;
}

function invertLine(line: string): string {
  if (line.startsWith('-')) return `+${line.slice(1)}`;
  if (line.startsWith('+')) return `-${line.slice(1)}`;
  return line === '0' ? line : `-${line}`;
}

/** The key of a selection on the board (one match, one market, one side). */
export function selectionKey(bet: Pick<PublicBet, 'match_id' | 'bet_type' | 'home_away'>): string {
  return `${bet.match_id}:${bet.bet_type}:${bet.home_away}`;
}

export interface DayGroup {
  /** The day in the viewer's time zone, YYYY-MM-DD. */
  day: string;
  matches: Match[];
}

export interface LeagueGroup {
  key: string;
  sport: string;
  league: string;
  /** Matches under way, first. */
  live: Match[];
  /** Upcoming matches by day, soonest first. */
  days: DayGroup[];
}

/** YYYY-MM-DD of an instant in a time zone. */
export function dayOf(iso: string, timeZone: string): string {
  return dayFormat(timeZone).format(new Date(iso));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The board grouped by league (a league of each sport), then live matches and upcoming ones by
 * day. Leagues with a match under way come first, then by their first kick-off.
 */
export function groupByLeague(matches: readonly Match[], timeZone: string): LeagueGroup[] {
  const leagues = new Map<string, LeagueGroup & { first: string }>();
  for (const match of [...matches].sort((a, b) => a.start_time.localeCompare(b.start_time) || a.match_id - b.match_id)) {
    const key = `${match.sport}:${match.league}`;
    let group = leagues.get(key);
    if (!group) {
      group = { key, sport: match.sport, league: match.league, live: [], days: [], first: match.start_time };
      leagues.set(key, group);
    }
    if (match.status === 'live') {
      group.live.push(match);
      continue;
    }
    const day = dayOf(match.start_time, timeZone);
    const last = group.days[group.days.length - 1];
    if (last?.day === day) last.matches.push(match);
    else group.days.push({ day, matches: [match] });
  }
  return [...leagues.values()]
    .sort((a, b) => Number(b.live.length > 0) - Number(a.live.length > 0) || a.first.localeCompare(b.first))
    .map(({ first: _first, ...group }) => group);
}

/** The sports the site names (sports.sport texts), in the order the filter lists them. */
export const KNOWN_SPORTS = ['soccer', 'basketball', 'tennis'] as const;
export type KnownSport = (typeof KNOWN_SPORTS)[number];

export function isKnownSport(sport: string): sport is KnownSport {
  return (KNOWN_SPORTS as readonly string[]).includes(sport);
}

/** The sports of the board: the known ones in their order, then any other in the order its first match comes. */
export function sportsOf(matches: readonly Match[]): string[] {
  const sports = [...new Set(matches.map((match) => match.sport))];
  const rank = (sport: string) => (isKnownSport(sport) ? KNOWN_SPORTS.indexOf(sport) : KNOWN_SPORTS.length);
  return sports.map((sport, index) => ({ sport, index })).sort((a, b) => rank(a.sport) - rank(b.sport) || a.index - b.index).map(({ sport }) => sport);
}
