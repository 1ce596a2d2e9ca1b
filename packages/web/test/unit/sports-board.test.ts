import { describe, expect, it } from 'vitest';
import type { Match, OddsSelection, PublicBet } from '@wl/contracts';
import { betOf, dayOf, groupByLeague, lineOf, marketsOf, mergeFeeds, sportsOf } from '../../app/sports/board';
import { deviceOfViewport } from '../../app/play/launch';

function match(id: number, fields: Partial<Match> = {}): Match {
  return {
    match_id: id,
    sport: 'soccer',
    league: 'International Friendlies',
    start_time: `2026-11-2${id % 10}T12:00:00.000Z`,
    status: 'upcoming',
    home_team_name: `Home ${id}`,
    away_team_name: `Away ${id}`,
    home_score: null,
    away_score: null,
    odds: [],
    suspended: false,
    minute: null,
    ...fields,
  };
}

/** The same price made twice has the same id, as the feed gives it. */
const selectionIds = new Map<string, number>();
const idOf = (key: string) => selectionIds.get(key) ?? selectionIds.set(key, selectionIds.size + 1).get(key)!;
const selection = (bet_type: OddsSelection['bet_type'], home_away: OddsSelection['home_away'], criteria1: string | null, odds: string): OddsSelection => ({
  selection_id: idOf(`${bet_type}|${home_away}|${criteria1}|${odds}`),
  bet_type,
  home_away,
  criteria1,
  odds,
});

function featured(source: Match, picked: OddsSelection): PublicBet {
  return betOf(source, picked);
}

describe('mergeFeeds', () => {
  it('shows every match of either feed once, soonest first, with the featured prices where public_odds has the match', () => {
    const listed = match(1, { odds: [selection('1X2', 'home', null, '1.80')], home_score: null });
    const alsoListed = match(2, { start_time: '2026-11-20T08:00:00.000Z', odds: [selection('1X2', 'home', null, '2.10')] });
    const onlyFeatured = match(3, { start_time: '2026-11-21T09:00:00.000Z', home_name_vi: 'Nhà 3' });
    const merged = mergeFeeds(
      [listed, alsoListed],
      [featured(listed, selection('1X2', 'home', null, '1.75')), featured(onlyFeatured, selection('OU', 'over', '2.5', '1.90'))],
    );
    expect(merged.map((entry) => entry.match_id)).toEqual([2, 3, 1]);
    expect(merged.find((entry) => entry.match_id === 1)!.odds).toEqual([selection('1X2', 'home', null, '1.75')]);
    expect(merged.find((entry) => entry.match_id === 2)!.odds).toEqual([selection('1X2', 'home', null, '2.10')]);
    // A match known from public_odds only: its fields, its selections, no score.
    expect(merged.find((entry) => entry.match_id === 3)).toMatchObject({ home_name_vi: 'Nhà 3', home_score: null, odds: [selection('OU', 'over', '2.5', '1.90')] });
  });

  it('leaves finished matches out, and either feed may be empty', () => {
    expect(mergeFeeds([match(1, { status: 'finished' }), match(2)], []).map((entry) => entry.match_id)).toEqual([2]);
    expect(mergeFeeds([], [])).toEqual([]);
  });
});

describe('markets and lines', () => {
  const full = match(7, {
    odds: [
      selection('OU', 'under', '2.5', '1.95'),
      selection('1X2', 'away', null, '3.10'),
      selection('HDP', 'away', '-0.5', '1.88'),
      selection('1X2', 'home', null, '2.20'),
      selection('HDP', 'home', '-0.5', '1.97'),
      selection('1X2', 'draw', null, '3.30'),
      selection('OU', 'over', '2.5', '1.85'),
    ],
  });

  it('orders the markets 1X2, handicap, total and their sides as a sportsbook does', () => {
    expect(marketsOf(full).map((market) => [market.type, market.bets.map((bet) => bet.home_away)])).toEqual([
      ['1X2', ['home', 'draw', 'away']],
      ['HDP', ['home', 'away']],
      ['OU', ['over', 'under']],
    ]);
    // Each price is a bet display record: the selection with its match's names.
    expect(marketsOf(full)[0]!.bets[0]).toMatchObject({ match_id: 7, home_team_name: 'Home 7', bet_type: '1X2', odds: '2.20' });
    expect(marketsOf(match(8, { odds: [selection('1X2', 'home', null, '1.50'), selection('1X2', 'away', null, '2.50')] })).map((market) => market.bets.length)).toEqual([2]);
    expect(marketsOf(match(9))).toEqual([]);
  });

  it('gives the away side the home handicap with the sign turned, the total to both sides, and 1X2 no line', () => {
    expect(lineOf(selection('HDP', 'home', '-0.5', '1'))).toBe('-0.5');
    expect(lineOf(selection('HDP', 'away', '-0.5', '1'))).toBe('+0.5');
    expect(lineOf(selection('HDP', 'away', '+1.25', '1'))).toBe('-1.25');
    expect(lineOf(selection('HDP', 'home', '0.75', '1'))).toBe('+0.75');
    expect(lineOf(selection('HDP', 'away', '0.75', '1'))).toBe('-0.75');
    expect(lineOf(selection('HDP', 'away', '0', '1'))).toBe('0');
    expect(lineOf(selection('OU', 'under', '2.5', '1'))).toBe('2.5');
    expect(lineOf(selection('1X2', 'home', '', '1'))).toBeNull();
    expect(lineOf(selection('OU', 'over', null, '1'))).toBeNull();
  });
});

describe('groupByLeague', () => {
  it('groups by sport and league, live matches first, then by day in the viewer time zone', () => {
    const matches = [
      match(1, { start_time: '2026-11-20T23:30:00.000Z' }),
      match(2, { start_time: '2026-11-21T10:00:00.000Z' }),
      match(3, { status: 'live', start_time: '2026-11-20T09:00:00.000Z' }),
      match(4, { sport: 'tennis', league: 'World Team Tennis Cup', start_time: '2026-11-20T07:00:00.000Z' }),
      match(5, { sport: 'basketball', league: 'World Basketball Series', status: 'live', start_time: '2026-11-20T11:00:00.000Z' }),
    ];
    const utc = groupByLeague(matches, 'UTC');
    // Leagues with a live match lead, then by first kick-off.
    expect(utc.map((league) => league.key)).toEqual(['soccer:International Friendlies', 'basketball:World Basketball Series', 'tennis:World Team Tennis Cup']);
    const soccer = utc[0]!;
    expect(soccer.live.map((entry) => entry.match_id)).toEqual([3]);
    expect(soccer.days.map((day) => [day.day, day.matches.map((entry) => entry.match_id)])).toEqual([
      ['2026-11-20', [1]],
      ['2026-11-21', [2]],
    ]);
    // 23:30 UTC is the next morning in Ho Chi Minh City (UTC+7): both upcoming matches share a day there.
    const hanoi = groupByLeague(matches, 'Asia/Ho_Chi_Minh')[0]!;
    expect(hanoi.days.map((day) => [day.day, day.matches.map((entry) => entry.match_id)])).toEqual([['2026-11-21', [1, 2]]]);
    expect(dayOf('2026-11-20T23:30:00.000Z', 'Asia/Ho_Chi_Minh')).toBe('2026-11-21');
  });

  it('lists the known sports in their order, then others', () => {
    expect(sportsOf([match(1, { sport: 'tennis' }), match(2, { sport: 'esports' }), match(3), match(4, { sport: 'basketball' })])).toEqual([
      'soccer',
      'basketball',
      'tennis',
      'esports',
    ]);
  });
});

describe('deviceOfViewport', () => {
  it('asks providers for their mobile client below the tablet breakpoint', () => {
    expect(['mobile', 'mobileMedium', 'mobileWide'].map((name) => deviceOfViewport(name as 'mobile'))).toEqual(['mobile', 'mobile', 'mobile']);
    expect(['tablet', 'desktop', 'desktopWide'].map((name) => deviceOfViewport(name as 'tablet'))).toEqual(['desktop', 'desktop', 'desktop']);
  });
});
