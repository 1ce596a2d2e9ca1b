/**
 * GET /api/home/public_odds and GET /api/home/match_list: the platform's odds feed, shared by
 * every site. Only upcoming and live matches, soonest first, with per-language team names and
 * 1X2 / handicap / over-under selections; parameters are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { LOCALES, type Match } from '@wl/contracts';
import { matchOdds, matches } from '../../src/db/schema.js';
import { queryRows } from '../../src/db/client.js';
import { FEATURED_MATCHES, formatOdds } from '../../src/content/odds.js';
import { backends, createTestServer, jsonOf, type TestServer } from './helpers.js';
import { expectReply, expectValidationError } from './content-fixtures.js';

const MESSAGE_LANGS = LOCALES.filter((locale) => locale.hasMessages).map((locale) => locale.code.toLowerCase());

describe.each(backends)('odds feed on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({ backend });
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await server.app.inject({ method: 'GET', url, headers });
    return { response, body: jsonOf(response) };
  };
  const matchList = async (): Promise<Match[]> => expectReply('matchList', (await get('/api/home/match_list')).body).value;

  it('the demo feed has 20 to 30 matches over football, basketball and tennis', async () => {
    const rows = await server.database.db.select({ sport: matches.sport, status: matches.status }).from(matches);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.length).toBeLessThanOrEqual(30);
    expect(new Set(rows.map((row) => row.sport))).toEqual(new Set(['soccer', 'basketball', 'tennis']));
    expect(rows.some((row) => row.status === 'finished')).toBe(true);
  });

  it('match_list answers the upcoming and live matches, soonest first, with scores and odds', async () => {
    const { response, body } = await get('/api/home/match_list');
    expect(response.statusCode).toBe(200);
    const list = expectReply('matchList', body).value;
    const [open] = await queryRows<{ count: number }>(server.database.db, sql`select count(*)::int as count from matches where status in ('upcoming', 'live')`);
    expect(list.length).toBe(open!.count);
    expect(list.every((match) => match.status === 'upcoming' || match.status === 'live')).toBe(true);
    const starts = list.map((match) => Date.parse(match.start_time));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(list[0]!.status).toBe('live');

    for (const match of list) {
      expect(match.odds.length, `match ${match.match_id}`).toBeGreaterThanOrEqual(6);
      const types = new Set(match.odds.map((selection) => selection.bet_type));
      expect(types).toEqual(new Set(['1X2', 'HDP', 'OU']));
      for (const selection of match.odds) {
        expect(selection.odds).toMatch(/^\d+\.\d{2,}$/);
        expect(Number(selection.odds)).toBeGreaterThan(1);
        if (selection.bet_type === '1X2') expect(selection.criteria1).toBeNull();
        else expect(selection.criteria1).toMatch(/^[+-]?\d+(\.\d+)?$/);
      }
      if (match.sport === 'soccer') expect(match.odds.filter((s) => s.bet_type === '1X2').map((s) => s.home_away)).toEqual(['home', 'draw', 'away']);
      if (match.status === 'live') expect(match.home_score).not.toBeNull();
      else expect(match.home_score).toBeNull();
    }
  });

  it('every match carries its team names in every language with messages', async () => {
    const list = await matchList();
    const brazil = list.find((match) => match.home_team_name === 'Brazil')!;
    expect(brazil).toMatchObject({
      away_team_name: 'Argentina',
      home_name_en: 'Brazil',
      home_name_cn: '巴西',
      home_name_ct: '巴西',
      home_name_rus: 'Бразилия',
      away_name_rus: 'Аргентина',
      home_name_esp: 'Brasil',
      home_name_ne: 'ब्राजिल',
    });
    for (const match of list) {
      const record = match as Record<string, unknown>;
      for (const lang of MESSAGE_LANGS) {
        expect(typeof record[`home_name_${lang}`], `${match.match_id} home_name_${lang}`).toBe('string');
        expect(typeof record[`away_name_${lang}`], `${match.match_id} away_name_${lang}`).toBe('string');
      }
    }
  });

  it('finished matches are never listed; a new upcoming match is', async () => {
    const { db } = server.database;
    const finished = (await queryRows<{ id: number }>(db, sql`select id from matches where status = 'finished'`)).map((row) => row.id);
    expect(finished.length).toBeGreaterThan(0);
    const [added] = await db
      .insert(matches)
      .values({
        sport: 'soccer',
        league: 'Test League',
        startTime: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
        status: 'upcoming',
        homeTeamName: 'Home FC',
        awayTeamName: 'Away FC',
        localNames: { vi: { home: 'Đội nhà', away: 'Đội khách' } },
      })
      .returning({ id: matches.id });
    const [home, under] = await db
      .insert(matchOdds)
      .values([
        { matchId: added!.id, betType: '1X2', homeAway: 'home', odds: '2.100' },
        { matchId: added!.id, betType: 'OU', homeAway: 'under', criteria1: '2.5', odds: '1.900' },
        // A row outside the contract's bet types is not shown.
        { matchId: added!.id, betType: 'CS', homeAway: 'home', criteria1: '1-0', odds: '7.000' },
        // Nor is a line the feed withdrew (its bets still settle on it).
        { matchId: added!.id, betType: 'OU', homeAway: 'over', criteria1: '3.5', odds: '2.400', open: false },
      ])
      .returning({ id: matchOdds.id });
    try {
      const list = await matchList();
      expect(list.map((match) => match.match_id).filter((id) => finished.includes(id))).toEqual([]);
      const mine = list.find((match) => match.match_id === added!.id)!;
      expect(mine).toMatchObject({ home_name_vi: 'Đội nhà', away_name_vi: 'Đội khách', home_name_en: 'Home FC', home_score: null });
      expect(mine.odds).toEqual([
        { selection_id: home!.id, bet_type: '1X2', home_away: 'home', criteria1: null, odds: '2.10' },
        { selection_id: under!.id, bet_type: 'OU', home_away: 'under', criteria1: '2.5', odds: '1.90' },
      ]);
      expect(list[list.length - 1]!.match_id).toBe(added!.id);
    } finally {
      await db.delete(matches).where(inArray(matches.id, [added!.id]));
    }
  });

  it('public_odds answers flat bet records of the soonest open matches, the same prices as match_list', async () => {
    const { response, body } = await get('/api/home/public_odds');
    expect(response.statusCode).toBe(200);
    const bets = expectReply('publicOdds', body).value;
    const list = await matchList();
    const featured = list.slice(0, FEATURED_MATCHES);
    expect(bets.length).toBe(featured.reduce((sum, match) => sum + match.odds.length, 0));
    expect(new Set(bets.map((bet) => bet.match_id))).toEqual(new Set(featured.map((match) => match.match_id)));
    for (const bet of bets) {
      const match = featured.find((entry) => entry.match_id === bet.match_id)!;
      expect(match.odds).toContainEqual({ selection_id: bet.selection_id, bet_type: bet.bet_type, home_away: bet.home_away, criteria1: bet.criteria1, odds: bet.odds });
      expect(bet).toMatchObject({ home_team_name: match.home_team_name, home_name_vi: match.home_name_vi, status: match.status });
      expect(bet).not.toHaveProperty('home_score');
    }
    const starts = bets.map((bet) => Date.parse(bet.start_time));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('the feed is the same whichever site asks (it is shared)', async () => {
    const a = (await get('/api/home/match_list', { host: 'slot5.localhost' })).body;
    const b = (await get('/api/home/match_list', { host: 'casino1.localhost' })).body;
    expect(a).toEqual(b);
  });

  it.each(['/api/home/public_odds', '/api/home/match_list'])('%s refuses query parameters, naming them', async (path) => {
    const { response, body } = await get(`${path}?domain_name=slot5.localhost`);
    expect(response.statusCode).toBe(400);
    expectValidationError(body, 'domain_name');
  });

  it('formats stored odds with at least two decimals', () => {
    expect(formatOdds('1.950')).toBe('1.95');
    expect(formatOdds('2.000')).toBe('2.00');
    expect(formatOdds('12.125')).toBe('12.125');
    expect(formatOdds('3')).toBe('3.00');
  });
});
