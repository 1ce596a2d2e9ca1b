/**
 * POST /api/product/demo_launch (issue 23 §2): a guest plays a game of the site with play money.
 * The house studio (mounted as in the server) offers a demo: the answer is its /house/demo page
 * with the game, the language and the site's currency, and the game's lobby as the way back;
 * nothing is recorded. A provider without a demo answers demoNotAvailable, a game the site does
 * not offer gameNotFound; payloads are validated and each client address is rate limited. The
 * catalogue's games say whether they have a demo (has_demo).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc, notInArray, sql } from 'drizzle-orm';
import { LOCALE_LANGS, demoLaunchReply, lobbyReply, type LocaleCode } from '@wl/contracts';
import { bootData } from '@wl/house-games';
import { queryRows, type Db } from '../../src/db/client.js';
import { games, providers } from '../../src/db/schema.js';
import { selectCatalogueGames } from '../../src/catalogue/catalogue-game.js';
import { parseGameProviders } from '../../src/games/registry.js';
import { DEMO_LAUNCH_LIMIT } from '../../src/games/demo-launch.js';
import { backends, openSeededTestDatabase, type TestDatabase } from './helpers.js';
import { expectFailure, expectReply, siteRow } from './rewards-fixtures.js';
import { TEST_PROVIDERS_JSON, gameOf, withdrawProvider } from './games-fixtures.js';
import { mountStudio, type MountedStudio } from './house-fixtures.js';

const DEMO_LAUNCH = '/api/product/demo_launch';
const CASINO1 = { domain_name: 'casino1.localhost', external_id: 'casino1' } as const;

describe.each(backends)('demo launch on %s', (backend) => {
  let testDb: TestDatabase;
  let db: Db;
  let mounted: MountedStudio;
  let app: FastifyInstance;
  let studioHost: string;
  // Each test's calls come from an address of their own: the limit counts per address.
  let nextAddress = 1;
  const newAddress = () => `203.0.113.${nextAddress++}`;

  beforeAll(async () => {
    testDb = await openSeededTestDatabase(backend);
    db = testDb.database.db;
    // HOUSE (mounted, with a demo) beside the seamless test providers PG, JILI and EVOPLAY (no demo).
    const configured = parseGameProviders(TEST_PROVIDERS_JSON, 'test GAME_PROVIDERS');
    mounted = await mountStudio(testDb.database, { secret: 'demo-test-secret-0123456789', configured });
    ({ app, studioHost } = mounted);
  });
  afterAll(async () => {
    await mounted?.close();
    await testDb?.close();
  });

  async function demoLaunch(payload: Record<string, unknown>, address = newAddress()) {
    const response = await app.inject({ method: 'POST', url: DEMO_LAUNCH, payload: payload as Record<string, string>, remoteAddress: address });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }

  async function gameSessionCount(): Promise<number> {
    const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from game_sessions`);
    return Number(row!.count);
  }

  it("answers the studio's play-money page for a HOUSE game: the game, the page's language, the site's currency and the lobby as the way back", async () => {
    const sessionsBefore = await gameSessionCount();
    // The provider code in any case, as launch takes it.
    const { status, body } = await demoLaunch({ ...CASINO1, provider_code: 'house', game_code: 'HASH-PARITY', locale: 'VI', device: 'mobile' });
    expect(status, JSON.stringify(body)).toBe(200);
    const { value } = expectReply(demoLaunchReply, body);
    expect(value.mode).toBe('iframe');
    expect(value.game).toMatchObject({ provider_code: 'HOUSE', game_code: 'HASH-PARITY', game_type: 'hashgame', has_demo: true });
    expect(value).not.toHaveProperty('game_session_id');

    const url = new URL(value.url);
    expect(url.host).toBe(studioHost);
    expect(url.pathname).toBe('/house/demo');
    expect(url.searchParams.get('game')).toBe('HASH-PARITY');
    expect(url.searchParams.get('lang')).toBe('vi');
    expect(url.searchParams.get('currency')).toBe((await siteRow(db, 'casino1')).currency);
    // The request's host is no domain of casino1 here: casino1's own domain, the game's lobby in the page's language.
    expect(url.searchParams.get('return_url')).toBe('http://casino1.localhost/vi/hash-game');
    // Play money: no game session, no wallet token anywhere.
    expect(url.searchParams.has('token')).toBe(false);
    expect(await gameSessionCount()).toBe(sessionsBefore);

    // The address opens the studio's page with a play-money session.
    const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: studioHost } });
    expect(page.statusCode).toBe(200);
    const json = /<script type="application\/json" id="house-boot">(.*?)<\/script>/s.exec(page.body)?.[1];
    expect(bootData.parse(JSON.parse(json!))).toMatchObject({ game: 'HASH-PARITY', demo: true, currency: url.searchParams.get('currency'), locale: 'VI' });
  });

  it("opens in the site's default language without a locale, and takes each site's currency", async () => {
    for (const externalId of ['casino1', 'slot5']) {
      const site = await siteRow(db, externalId);
      const { status, body } = await demoLaunch({ domain_name: `${externalId}.localhost`, external_id: externalId, provider_code: 'HOUSE', game_code: 'MINES' });
      expect(status, JSON.stringify(body)).toBe(200);
      const url = new URL(expectReply(demoLaunchReply, body).value.url);
      expect(url.searchParams.get('lang')).toBe(LOCALE_LANGS[site.languages[0] as LocaleCode]);
      expect(url.searchParams.get('currency')).toBe(site.currency);
      expect(url.searchParams.get('return_url')).toMatch(new RegExp(`^http://${externalId}\\.localhost(/[a-z-]+)?/arcade$`));
    }
  });

  it('answers demoNotAvailable for a provider whose integration offers no play money, and gameNotAvailable for one with no integration', async () => {
    const casinoId = (await siteRow(db, 'casino1')).id;
    const pgGame = await gameOf(db, casinoId, 'PG');
    const refused = await demoLaunch({ ...CASINO1, provider_code: 'PG', game_code: pgGame.gameCode });
    expect(refused.status).toBe(422);
    expectFailure(refused.body, 'demoNotAvailable');

    const [unconfigured] = await selectCatalogueGames(db, casinoId)
      .where(notInArray(providers.code, ['PG', 'JILI', 'EVOPLAY', 'HOUSE']))
      .orderBy(asc(games.id))
      .limit(1);
    const none = await demoLaunch({ ...CASINO1, provider_code: unconfigured!.providerCode, game_code: unconfigured!.gameCode });
    expectFailure(none.body, 'gameNotAvailable');
  });

  it('answers gameNotFound for a game the site does not offer', async () => {
    // A game of no catalogue; a game of a provider the site switched off.
    const unknown = await demoLaunch({ ...CASINO1, provider_code: 'HOUSE', game_code: 'NO-SUCH-GAME' });
    expect(unknown.status).toBe(404);
    expectFailure(unknown.body, 'gameNotFound');
    const slot7 = await siteRow(db, 'slot7');
    const jiliGame = await gameOf(db, slot7.id, 'JILI');
    await withdrawProvider(db, slot7.id, 'JILI', 'disable');
    expectFailure((await demoLaunch({ domain_name: 'slot7.localhost', external_id: 'slot7', provider_code: 'JILI', game_code: jiliGame.gameCode })).body, 'gameNotFound');
    // The same holds for HOUSE: a site that switches the studio off offers none of its games.
    await withdrawProvider(db, slot7.id, 'HOUSE', 'disable');
    expectFailure((await demoLaunch({ domain_name: 'slot7.localhost', external_id: 'slot7', provider_code: 'HOUSE', game_code: 'MINES' })).body, 'gameNotFound');
  });

  it('validates the payload and the site', async () => {
    const valid = { ...CASINO1, provider_code: 'HOUSE', game_code: 'MINES' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, provider_code: undefined }, 'provider_code'],
      [{ ...valid, game_code: 'MINES<script>' }, 'game_code'],
      [{ ...valid, game_code: 'x'.repeat(65) }, 'game_code'],
      [{ ...valid, locale: 'XX' }, 'locale'],
      [{ ...valid, device: 'watch' }, 'device'],
      [{ ...valid, external_id: undefined }, 'external_id'],
    ];
    for (const [payload, field] of cases) {
      const { status, body } = await demoLaunch(payload);
      expect(status, field).toBe(400);
      expectFailure(body, 'validationError');
      expect(Object.keys(body.errors as Record<string, unknown>), field).toContain(field);
    }
    // A session's fields are no part of it (the payload is strict).
    const extra = await demoLaunch({ ...valid, account_id: 'demo', auth: 'a'.repeat(43) });
    expectFailure(extra.body, 'validationError');
    // Another site's external id with this domain.
    const mismatched = await demoLaunch({ ...valid, external_id: 'slot5' });
    expect(mismatched.body.statusCode).toBe(0);
    expect(mismatched.body.message).toBe('siteNotFound');
  });

  it(`limits each client address to ${DEMO_LAUNCH_LIMIT.limit} a minute; another address is not held back`, async () => {
    const address = newAddress();
    const payload = { ...CASINO1, provider_code: 'HOUSE', game_code: 'KENO' };
    for (let i = 0; i < DEMO_LAUNCH_LIMIT.limit; i++) {
      const { body } = await demoLaunch(payload, address);
      expect(body.statusCode, `call ${i + 1}`).toBe(1);
    }
    expectFailure((await demoLaunch(payload, address)).body, 'tooManyRequests');
    expect((await demoLaunch(payload)).body.statusCode).toBe(1);
  });

  it("flags the catalogue's games that have a demo (has_demo): the studio's, not the others'", async () => {
    const lobby = async (category: string, provider: string) => {
      const response = await app.inject({ method: 'POST', url: '/api/product/lobby', payload: { ...CASINO1, category, provider } });
      return expectReply(lobbyReply, response.json() as Record<string, unknown>).value;
    };
    const house = await lobby('hashgame', 'house');
    expect(house.map((game) => game.game_code)).toContain('HASH-PARITY');
    expect(house.every((game) => game.has_demo)).toBe(true);
    const pg = await lobby('slots', 'pgsoft');
    expect(pg.length).toBeGreaterThan(0);
    expect(pg.every((game) => !game.has_demo)).toBe(true);

    const lists = await app.inject({ method: 'POST', url: '/api/product/game_lists', payload: CASINO1 });
    const hot = (lists.json() as { value: { hot: { provider_code: string; has_demo: boolean }[] } }).value.hot;
    expect(hot.length).toBeGreaterThan(0);
    for (const game of hot) expect(game.has_demo, game.provider_code).toBe(game.provider_code === 'HOUSE');
  });
});
