/**
 * The back office's "Sportsbook and games" screens (issue 26 §2, ADR 0051) over HTTP with console
 * sessions: a game switched off for a site leaves that site's home lists, lobbies, search and hot
 * games and cannot be launched there, while other sites keep it; switched on again it is back. The
 * hot/new flags are the platform's: only an operator of every site changes them. A site-scoped
 * account reads and changes its own sites only; a viewer only reads; every change is audited. The
 * shared matches: listed with filters, their open bets counted on the caller's sites; the console
 * owner of the platform's only brand owner settles and holds them, a site-scoped account may not,
 * nor may the owner once another brand owner has a site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ADMIN_AUTH_CALLS, LOBBY_MAX_PAGE_SIZE, type OPERATOR_CALLS, type GameListsReply, type LobbyReply } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { brandOwners, games, operatorAudit, sites } from '../../src/db/schema.js';
import { queryRows } from '../../src/db/client.js';
import { backends, createTestServer, postJson, siteIdOf, type TestServer } from './helpers.js';
import { consoleClient } from './backoffice-fixtures.js';
import { expectReply as expectCall } from './content-fixtures.js';
import { credentials, newPlayer, post as playerPost } from './rewards-fixtures.js';
import { testGameProviders } from './games-fixtures.js';

type Reply = Record<string, unknown> & { statusCode: number; message: string };

describe.each(backends)('the console’s games and matches on %s', { timeout: 120_000 }, (backend) => {
  let server: TestServer;
  let db: Db;
  let client: ReturnType<typeof consoleClient>;
  let owner: string;
  let scoped: string;
  let viewer: string;
  let content: string;
  let casino1: number;
  /** The first hot game of casino1's home list, and another site that offers it. */
  let game: { id: number; provider: string; code: string; name: string; type: string };
  let other: { domain: string; external: string };

  const ops = async (name: keyof typeof OPERATOR_CALLS, payload: unknown, cookie: string): Promise<Reply> => (await client.ops(name, payload, cookie)).body as Reply;
  const siteOf = (domain: string) => ({ domain_name: domain, external_id: domain === other?.domain ? other.external : domain.split('.')[0]! });
  const gameLists = async (domain: string): Promise<GameListsReply['value']> => expectCall('gameLists', (await postJson(server.app, '/api/product/game_lists', siteOf(domain))).body).value;
  const lobby = async (domain: string, extra: Record<string, unknown>): Promise<LobbyReply> =>
    expectCall('lobby', (await postJson(server.app, '/api/product/lobby', { ...siteOf(domain), ...extra })).body);
  const hotGames = async (domain: string, gameType: string) =>
    expectCall('getHotGames', (await postJson(server.app, '/api/product/get_hot_games', { ...siteOf(domain), game_type: gameType })).body).value;
  const key = (entry: { provider_code: string; game_code: string }) => `${entry.provider_code}/${entry.game_code}`;
  const inLists = (lists: GameListsReply['value']) => Object.values(lists).some((list) => list.some((entry) => key(entry) === `${game.provider}/${game.code}`));
  const searched = async (domain: string) => (await lobby(domain, { category: game.type, search: game.name, page: 1, page_size: LOBBY_MAX_PAGE_SIZE })).value.some((entry) => entry.game_code === game.code);

  beforeAll(async () => {
    server = await createTestServer({ backend, services: { gameProviders: testGameProviders() } });
    db = server.database.db;
    client = consoleClient(server, `g${backend}`);
    casino1 = await siteIdOf(db, 'casino1');
    const login = await client.post(ADMIN_AUTH_CALLS.login.path, { username: 'owner', password: 'demo1234' });
    owner = client.cookieOf(login.setCookie);
    expect((await client.post(ADMIN_AUTH_CALLS.skipEnrol.path, {}, owner)).body).toMatchObject({ statusCode: 1 });
    scoped = (await client.logIn(await client.newAccount('admin', [casino1]))).cookie;
    viewer = (await client.logIn(await client.newAccount('viewer'))).cookie;
    content = (await client.logIn(await client.newAccount('content'))).cookie;

    const hot = (await gameLists('casino1.localhost')).hot[0];
    if (!hot) throw new Error('casino1 lists no hot game');
    const [row] = await queryRows<{ id: number }>(db, sql`select g.id from games g join providers p on p.id = g.provider_id where p.code = ${hot.provider_code} and g.game_code = ${hot.game_code}`);
    game = { id: Number(row!.id), provider: hot.provider_code, code: hot.game_code, name: hot.game_name, type: hot.game_type };
    const [elsewhere] = await queryRows<{ domain: string; external_id: string }>(
      db,
      sql`select d.domain, s.external_id from site_providers sp join sites s on s.id = sp.site_id join site_domains d on d.site_id = s.id
          join providers p on p.id = sp.provider_id
          where sp.enabled and p.code = ${game.provider} and s.id <> ${casino1} and s.status and s.external_id <> 'maintenance'
          order by s.id, d.domain limit 1`,
    );
    other = { domain: elsewhere!.domain, external: elsewhere!.external_id };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists a site’s games with their provider, categories, flags and switch, filtered and paged on the server', async () => {
    const all = await ops('opsGames', { site: 'casino1.localhost', page_size: 100 }, owner);
    expect(all).toMatchObject({ statusCode: 1, page: 1, page_size: 100, may_flag: true });
    expect((all.total as number) > 0).toBe(true);
    expect((all.providers as unknown[]).length > 0).toBe(true);
    const found = await ops('opsGames', { site: 'casino1.localhost', q: game.code, provider: game.provider.toLowerCase() }, owner);
    expect(found.value).toEqual([expect.objectContaining({ game_id: game.id, provider_code: game.provider, game_code: game.code, hot: true, switched_off: false, offered: true })]);
    const inCategory = await ops('opsGames', { site: 'casino1.localhost', category: game.type, page_size: 5, page: 2 }, owner);
    expect((inCategory.value as { categories: string[] }[]).every((entry) => entry.categories.includes(game.type))).toBe(true);
    expect(await ops('opsGames', { site: 'casino1.localhost', category: 'nope' }, owner)).toMatchObject({ statusCode: 0, message: 'validationError' });
    // A viewer and a content editor read (sites.view); neither may change the hot/new flags.
    expect(await ops('opsGames', { site: 'casino1.localhost' }, viewer)).toMatchObject({ statusCode: 1, may_flag: false });
    expect(await ops('opsGames', { site: 'casino1.localhost' }, content)).toMatchObject({ statusCode: 1, may_flag: false });
  });

  it('switches a game off for one site: gone from its home lists, lobby, search and hot games, and not launchable; other sites keep it; on again it is back', async () => {
    const player = await newPlayer(db, 'casino1');
    const launch = () => playerPost(server.app, '/api/product/launch', { ...credentials(player), provider_code: game.provider, game_code: game.code });
    const lobbyCount = async () => (await lobby('casino1.localhost', { category: game.type, page: 1, page_size: 1 })).total;
    expect(inLists(await gameLists('casino1.localhost'))).toBe(true);
    expect(await searched('casino1.localhost')).toBe(true);
    expect(await searched(other.domain)).toBe(true);
    // Launched before (gameNotAvailable when the tests have no integration of its provider), not found after.
    const launchedBefore = (await launch()).body;
    expect(launchedBefore.message).not.toBe('gameNotFound');
    const hotBefore = (await hotGames('casino1.localhost', 'hot')).some((entry) => entry.game_code === game.code);
    const countBefore = await lobbyCount();

    const off = await ops('opsGameSet', { site: 'casino1.localhost', game_id: game.id, offered: false, reason: 'Provider asked to pull it' }, owner);
    expect(off).toMatchObject({ statusCode: 1, changed: true, value: { game_id: game.id, switched_off: true, offered: false } });
    // The cached lists are dropped by the site-change notification: on PostgreSQL it arrives just after the commit.
    await expect.poll(async () => inLists(await gameLists('casino1.localhost'))).toBe(false);
    expect(await searched('casino1.localhost')).toBe(false);
    await expect.poll(lobbyCount).toBe(countBefore - 1);
    expect((await hotGames('casino1.localhost', 'hot')).some((entry) => entry.game_code === game.code)).toBe(false);
    expect((await hotGames('casino1.localhost', game.type)).some((entry) => entry.game_code === game.code)).toBe(false);
    expect((await launch()).body).toMatchObject({ statusCode: 0, message: 'gameNotFound' });
    // Other sites keep it.
    expect(await searched(other.domain)).toBe(true);
    expect(await ops('opsGames', { site: other.domain, q: game.code, provider: game.provider }, owner)).toMatchObject({ value: [expect.objectContaining({ switched_off: false, offered: true })] });
    // The list filters by the switch.
    const offList = await ops('opsGames', { site: 'casino1.localhost', offered: 'off', page_size: 100 }, owner);
    expect((offList.value as { game_id: number }[]).map((entry) => entry.game_id)).toContain(game.id);
    const onList = await ops('opsGames', { site: 'casino1.localhost', offered: 'on', page_size: 100, q: game.code }, owner);
    expect((onList.value as { game_id: number }[]).map((entry) => entry.game_id)).not.toContain(game.id);
    // The same switch again changes nothing and records nothing.
    expect(await ops('opsGameSet', { site: 'casino1.localhost', game_id: game.id, offered: false, reason: 'Again' }, owner)).toMatchObject({ statusCode: 1, changed: false, audit_id: null });

    const [audit] = await db.select().from(operatorAudit).where(eq(operatorAudit.id, off.audit_id as number));
    expect(audit).toMatchObject({ action: 'game.switch_off', targetType: 'game', targetId: String(game.id), siteId: casino1, reason: 'Provider asked to pull it', actor: 'console:owner' });
    expect(audit!.details).toMatchObject({ before: { switched_off: false }, after: { switched_off: true } });

    expect(await ops('opsGameSet', { site: 'casino1.localhost', game_id: game.id, offered: true, reason: 'Back on' }, owner)).toMatchObject({ statusCode: 1, changed: true });
    await expect.poll(async () => inLists(await gameLists('casino1.localhost'))).toBe(true);
    expect(await searched('casino1.localhost')).toBe(true);
    await expect.poll(lobbyCount).toBe(countBefore);
    expect((await hotGames('casino1.localhost', 'hot')).some((entry) => entry.game_code === game.code)).toBe(hotBefore);
    expect((await launch()).body.message).toBe(launchedBefore.message);
  });

  it('keeps a site-scoped account to its sites, a viewer to reading, and the platform’s hot/new flags to an operator of every site', async () => {
    expect(await ops('opsGames', { site: other.domain }, scoped)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsGameSet', { site: other.domain, game_id: game.id, offered: false, reason: 'Not mine' }, scoped)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsGames', { site: 'casino1.localhost' }, scoped)).toMatchObject({ statusCode: 1, may_flag: false });
    // Its own site: it may switch a game, not the shared flags.
    const mine = await ops('opsGameSet', { site: 'casino1.localhost', game_id: game.id, offered: false, reason: 'Local rule' }, scoped);
    expect(mine).toMatchObject({ statusCode: 1, changed: true });
    expect(await ops('opsGameSet', { site: 'casino1.localhost', game_id: game.id, offered: true, reason: 'Local rule lifted' }, scoped)).toMatchObject({ statusCode: 1 });
    expect(await ops('opsGameSet', { site: 'casino1.localhost', game_id: game.id, hot: false, reason: 'Not hot here' }, scoped)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsGameSet', { site: 'casino1.localhost', game_id: game.id, offered: false, reason: 'Viewer' }, viewer)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsGameSet', { site: 'casino1.localhost', game_id: game.id, reason: 'Nothing' }, owner)).toMatchObject({ statusCode: 0, message: 'validationError' });
    expect(await ops('opsGameSet', { site: 'casino1.localhost', game_id: 2_000_000_000, offered: false, reason: 'Unknown' }, owner)).toMatchObject({ statusCode: 0, message: 'notFound' });
    const [refused] = await db.select().from(operatorAudit).where(and(eq(operatorAudit.action, 'call.refused'), eq(operatorAudit.targetId, 'opsGameSet'))).orderBy(desc(operatorAudit.id)).limit(1);
    expect(refused).toBeDefined();

    // The owner of every site of the platform's only brand owner changes the flags, for every site.
    const flagged = await ops('opsGameSet', { site: 'casino1.localhost', game_id: game.id, is_new: true, hot: false, reason: 'Launch week' }, owner);
    expect(flagged).toMatchObject({ statusCode: 1, changed: true, value: { hot: false, is_new: true } });
    const [flags] = await db.select().from(operatorAudit).where(eq(operatorAudit.id, flagged.audit_id as number));
    expect(flags).toMatchObject({ action: 'game.flags', siteId: null, reason: 'Launch week' });
    expect(flags!.details).toMatchObject({ after: { hot: false, is_new: true } });
    const [row] = await db.select({ hot: games.hot, isNew: games.isNew }).from(games).where(eq(games.id, game.id));
    expect(row).toEqual({ hot: false, isNew: true });
    await ops('opsGameSet', { site: 'casino1.localhost', game_id: game.id, hot: true, reason: 'Restored' }, owner);
  });

  it('lists the shared matches filtered by state, team and start, paged, with open bets counted on the caller’s sites only', async () => {
    const all = await ops('opsMatches', { page_size: 100 }, owner);
    expect(all).toMatchObject({ statusCode: 1, page: 1, may_settle: true });
    const matches = all.value as { match_id: number; state: string; home_team: string; start_time: string; open_bets: number }[];
    expect(all.total).toBe(Number((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from matches`))[0]!.n));
    for (const state of ['upcoming', 'live', 'awaiting', 'resulted', 'void'] as const) {
      const some = await ops('opsMatches', { state, page_size: 100 }, owner);
      expect((some.value as { state: string }[]).every((entry) => entry.state === state), state).toBe(true);
    }
    const first = matches[0]!;
    const byTeam = await ops('opsMatches', { q: first.home_team.toUpperCase() }, owner);
    expect((byTeam.value as { match_id: number }[]).map((entry) => entry.match_id)).toContain(first.match_id);
    const start = new Date(first.start_time);
    const inRange = await ops('opsMatches', { from: start.toISOString(), to: new Date(start.getTime() + 1000).toISOString(), page_size: 100 }, owner);
    expect((inRange.value as { start_time: string }[]).every((entry) => entry.start_time === first.start_time)).toBe(true);
    expect(await ops('opsMatches', { from: start.toISOString(), to: start.toISOString() }, owner)).toMatchObject({ statusCode: 0, message: 'validationError' });
    const paged = await ops('opsMatches', { page: 2, page_size: 1 }, owner);
    expect(paged).toMatchObject({ total: all.total, page: 2 });

    // The open bets counted: a site-scoped account sees its site's only.
    const counted = await queryRows<{ match_id: number; all_sites: number; casino1: number }>(
      db,
      sql`select l.match_id, count(distinct b.id)::int as all_sites, count(distinct b.id) filter (where b.site_id = ${casino1})::int as casino1
          from sports_bet_legs l join sports_bets b on b.id = l.bet_id where b.status = 'pending' group by l.match_id order by 2 desc limit 1`,
    );
    if (counted[0]) {
      const id = Number(counted[0].match_id);
      const mine = (await ops('opsMatches', { page_size: 100 }, scoped)) as Reply & { value: { match_id: number; open_bets: number }[]; may_settle: boolean };
      expect(mine.may_settle).toBe(false);
      const whole = (all.value as { match_id: number; open_bets: number }[]).find((entry) => entry.match_id === id);
      if (whole) expect(whole.open_bets).toBe(Number(counted[0].all_sites));
      const own = mine.value.find((entry) => entry.match_id === id);
      if (own) expect(own.open_bets).toBe(Number(counted[0].casino1));
    }
    expect(await ops('opsMatches', {}, content)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
  });

  it('lets the console owner of every site hold, settle and read the liability of a match; refuses a site-scoped account and a viewer; and the owner once another brand owner has a site', async () => {
    const [match] = await queryRows<{ id: number }>(db, sql`select id from matches where status = 'upcoming' and resulted_at is null order by start_time desc limit 1`);
    const id = Number(match!.id);
    const held = await ops('opsSportsHold', { match_id: id, held: true, reason: 'Checking a red card' }, owner);
    expect(held).toMatchObject({ statusCode: 1, held: true });
    const [audit] = await db.select().from(operatorAudit).where(eq(operatorAudit.id, held.audit_id as number));
    expect(audit).toMatchObject({ action: 'sports.hold', actor: 'console:owner', reason: 'Checking a red card' });
    expect(await ops('opsSportsHold', { match_id: id, held: false, reason: 'Checked' }, owner)).toMatchObject({ statusCode: 1, held: false });
    for (const cookie of [scoped, viewer]) {
      expect(await ops('opsSportsHold', { match_id: id, held: true, reason: 'Not mine' }, cookie)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
      expect(await ops('opsSportsVoid', { match_id: id, reason: 'Not mine' }, cookie)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
      expect(await ops('opsSportsResult', { match_id: id, home_score: 1, away_score: 0, reason: 'Not mine' }, cookie)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    }
    // Liability: a chosen site; a scoped account reads its own site, not another's.
    expect(await ops('opsSportsLiability', { match_id: id, site: 'casino1.localhost' }, owner)).toMatchObject({ statusCode: 1, match_id: id });
    expect(await ops('opsSportsLiability', { match_id: id, site: 'casino1.localhost' }, scoped)).toMatchObject({ statusCode: 1 });
    expect(await ops('opsSportsLiability', { match_id: id, site: other.domain }, scoped)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });

    const result = await ops('opsSportsResult', { match_id: id, home_score: 2, away_score: 1, reason: 'Final whistle' }, owner);
    expect(result).toMatchObject({ statusCode: 1, applied: true });
    expect(await ops('opsMatches', { q: '', state: 'resulted', page_size: 100 }, owner)).toMatchObject({ value: expect.arrayContaining([expect.objectContaining({ match_id: id, home_score: 2, away_score: 1 })]) });

    // Another brand owner's site: the owner no longer works on every site of the platform.
    const [rival] = await db.insert(brandOwners).values({ name: `Rival ${backend}` }).returning({ id: brandOwners.id });
    const [moved] = await db.select({ id: sites.id, brandOwnerId: sites.brandOwnerId }).from(sites).where(eq(sites.externalId, 'maintenance'));
    await db.update(sites).set({ brandOwnerId: rival!.id }).where(eq(sites.id, moved!.id));
    try {
      expect(await ops('opsSportsHold', { match_id: id, held: true, reason: 'Shared with a rival' }, owner)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
      expect(await ops('opsMatches', {}, owner)).toMatchObject({ statusCode: 1, may_settle: false });
      expect(await ops('opsGameSet', { site: 'casino1.localhost', game_id: game.id, hot: true, reason: 'Shared with a rival' }, owner)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    } finally {
      await db.update(sites).set({ brandOwnerId: moved!.brandOwnerId }).where(eq(sites.id, moved!.id));
    }
  });
});
