/**
 * The demo odds feed: national teams (their names exist in every language), football,
 * basketball and tennis, with 1X2, handicap and over/under odds derived from a fixed strength
 * per team, so every run seeds the same prices.
 */

import { COUNTRIES, type TeamLang as Lang } from '../sports/index.js';

type Sport = 'soccer' | 'basketball' | 'tennis';

const LEAGUES: Record<Sport, string> = {
  soccer: 'International Friendlies',
  basketball: 'World Basketball Series',
  tennis: 'World Team Tennis Cup',
};

/** [sport, home, away, status]: live matches started earlier, finished ones are past (and not shown). */
const FIXTURES: [Sport, string, string, 'upcoming' | 'live' | 'finished'][] = [
  ['soccer', 'BRA', 'ARG', 'live'],
  ['soccer', 'GER', 'FRA', 'finished'],
  ['soccer', 'ESP', 'ITA', 'upcoming'],
  ['soccer', 'ENG', 'POR', 'upcoming'],
  ['soccer', 'NED', 'BEL', 'upcoming'],
  ['soccer', 'JPN', 'KOR', 'upcoming'],
  ['soccer', 'AUS', 'CHN', 'upcoming'],
  ['soccer', 'PHI', 'VIE', 'upcoming'],
  ['soccer', 'MAS', 'THA', 'upcoming'],
  ['soccer', 'IDN', 'IND', 'upcoming'],
  ['soccer', 'URU', 'MEX', 'upcoming'],
  ['soccer', 'MAR', 'CRO', 'upcoming'],
  ['basketball', 'USA', 'CAN', 'live'],
  ['basketball', 'SRB', 'GRE', 'finished'],
  ['basketball', 'LTU', 'ESP', 'upcoming'],
  ['basketball', 'PHI', 'JPN', 'upcoming'],
  ['basketball', 'AUS', 'FRA', 'upcoming'],
  ['basketball', 'CHN', 'KOR', 'upcoming'],
  ['basketball', 'GER', 'POL', 'upcoming'],
  ['tennis', 'ITA', 'SUI', 'live'],
  ['tennis', 'ESP', 'CRO', 'upcoming'],
  ['tennis', 'USA', 'AUS', 'upcoming'],
  ['tennis', 'SRB', 'POL', 'upcoming'],
  ['tennis', 'JPN', 'IND', 'upcoming'],
];

export interface DemoOdds {
  betType: '1X2' | 'HDP' | 'OU';
  homeAway: 'home' | 'draw' | 'away' | 'over' | 'under';
  criteria1: string;
  odds: string;
}

export interface DemoMatch {
  sport: Sport;
  league: string;
  startTime: Date;
  status: 'upcoming' | 'live' | 'finished';
  homeTeamName: string;
  awayTeamName: string;
  localNames: Record<string, { home: string; away: string }>;
  homeScore: number | null;
  awayScore: number | null;
  odds: DemoOdds[];
}

/** Decimal odds of a probability with the bookmaker's margin, two decimals, at least 1.01. */
function price(probability: number, margin = 1.06): string {
  return Math.max(1.01, 1 / (probability * margin)).toFixed(2);
}

/** A line rounded to the nearest quarter, as "-0.5", "+1.25"; lines end in .5 or .25/.75 so there is no push. */
function line(value: number): string {
  const quarter = Math.round(value * 4) / 4;
  const half = Number.isInteger(quarter) ? quarter + 0.5 * Math.sign(value || 1) : quarter;
  return `${half > 0 ? '+' : ''}${half}`;
}

function oddsOf(sport: Sport, home: number, away: number): DemoOdds[] {
  const diff = (home - away) / 100; // -0.5 … 0.5
  const odds: DemoOdds[] = [];
  if (sport === 'soccer') {
    const draw = 0.27 - Math.abs(diff) * 0.2;
    const homeWin = (1 - draw) * (0.55 + diff * 1.2);
    const awayWin = 1 - draw - homeWin;
    odds.push(
      { betType: '1X2', homeAway: 'home', criteria1: '', odds: price(homeWin) },
      { betType: '1X2', homeAway: 'draw', criteria1: '', odds: price(draw) },
      { betType: '1X2', homeAway: 'away', criteria1: '', odds: price(awayWin) },
    );
  } else {
    const homeWin = Math.min(0.92, Math.max(0.08, 0.55 + diff * 1.6));
    odds.push(
      { betType: '1X2', homeAway: 'home', criteria1: '', odds: price(homeWin) },
      { betType: '1X2', homeAway: 'away', criteria1: '', odds: price(1 - homeWin) },
    );
  }
  // Handicap of the home side: stronger home teams give goals/points/games.
  const scale = sport === 'soccer' ? 3 : sport === 'basketball' ? 40 : 8;
  const hdp = line(-diff * scale);
  odds.push(
    { betType: 'HDP', homeAway: 'home', criteria1: hdp, odds: price(0.5 - diff * 0.04, 1.04) },
    { betType: 'HDP', homeAway: 'away', criteria1: hdp, odds: price(0.5 + diff * 0.04, 1.04) },
  );
  const total = sport === 'soccer' ? '2.5' : sport === 'basketball' ? String(158.5 + Math.round((home + away) / 4)) : '22.5';
  const over = 0.5 + ((home + away) / 200 - 0.7) * 0.2;
  odds.push(
    { betType: 'OU', homeAway: 'over', criteria1: total, odds: price(over, 1.04) },
    { betType: 'OU', homeAway: 'under', criteria1: total, odds: price(1 - over, 1.04) },
  );
  return odds;
}

const HOUR = 60 * 60 * 1000;

/** The demo matches, timed around `now`: live ones under way, upcoming ones over the next week. */
export function demoMatches(now: Date): DemoMatch[] {
  let upcoming = 0;
  return FIXTURES.map(([sport, homeCode, awayCode, status], index) => {
    const [homeEn, homeNames, homeStrength] = COUNTRIES[homeCode]!;
    const [awayEn, awayNames, awayStrength] = COUNTRIES[awayCode]!;
    const start =
      status === 'live'
        ? new Date(now.getTime() - (35 + index) * 60 * 1000)
        : status === 'finished'
          ? new Date(now.getTime() - (26 + index) * HOUR)
          : new Date(now.getTime() + (2 + upcoming++ * 7) * HOUR);
    const localNames = Object.fromEntries(
      (Object.keys(homeNames) as Lang[]).map((lang) => [lang, { home: homeNames[lang], away: awayNames[lang] }]),
    );
    const scores =
      status === 'upcoming'
        ? { homeScore: null, awayScore: null }
        : sport === 'basketball'
          ? { homeScore: status === 'live' ? 48 : 88, awayScore: status === 'live' ? 45 : 91 }
          : sport === 'tennis'
            ? { homeScore: 1, awayScore: 0 }
            : { homeScore: status === 'live' ? 1 : 2, awayScore: 1 };
    return {
      sport,
      league: LEAGUES[sport],
      startTime: start,
      status,
      homeTeamName: homeEn,
      awayTeamName: awayEn,
      localNames,
      ...scores,
      // Betting on a finished match is closed.
      odds: status === 'finished' ? [] : oddsOf(sport, homeStrength, awayStrength),
    };
  });
}
