/**
 * The catalogue calls (issue 7): game_lists (the home page's hot, featured, popular and new lists,
 * sized by the site's settings or docs/product.md §9's fallbacks, kept per site and dropped on catalogue
 * changes) and lobby (a category's games in the site's order, paged, narrowed to a provider and
 * by a search on the name, with the lobby's providers and their counts). Tenant isolation: a
 * provider a site switched off never shows there. The game artwork: versioned URLs cached for a
 * year, ETag and 304, the old URLs still served. The demo seed's catalogue step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  GAME_LIST_FALLBACKS,
  GAME_PLACEHOLDER,
  GAME_LIST_KEYS,
  LOBBY_PAGE_SIZE,
  LOBBY_SEARCH_MAX,
  PROVIDERS,
  type CatalogueGame,
  type GameListsReply,
  type LobbyReply,
  type StartupReply,
} from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { favourites, games, players, providers, seedSteps, siteProviders, siteSettings } from '../../src/db/schema.js';
import { GAME_LIST_MAX_SIZE, listSizeKey, listSizeOf } from '../../src/catalogue/game-lists.js';
import { containsPattern } from '../../src/catalogue/lobby.js';
import { refreshGameArtUrls } from '../../src/demo/catalogue.js';
import { seedDemo } from '../../src/demo/index.js';
import { GAME_ART_VERSION, gameArtUrl } from '../../src/media/game-art.js';
import { matchesEtag } from '../../src/media/routes.js';
import { backends, createTestServer, postJson, siteIdOf, siteOf, type TestServer } from './helpers.js';
import { CASINO1, MAINTENANCE, MISMATCHED, SLOT5, expectReply, expectValidationError } from './content-fixtures.js';
import { eventually } from './eventually.js';

const LISTS = '/api/product/game_lists';
const LOBBY = '/api/product/lobby';
type Site = { domain_name: string; external_id: string };


const keyOf = (game: { provider_code: string; game_code: string }) => `${game.provider_code}/${game.game_code}`;

describe('list sizes and search patterns', () => {
  it('a list size is a positive integer setting, held to the maximum, else the fallback', () => {
    expect(listSizeOf('12', 15)).toBe(12);
    expect(listSizeOf(' 8 ', 10)).toBe(8);
    expect(listSizeOf('1000', 15)).toBe(GAME_LIST_MAX_SIZE);
    for (const bad of [undefined, '', '0', '-3', '2.5', '1e2', 'abc', '12 games', '0x10', '99999999999']) expect(listSizeOf(bad, 15), String(bad)).toBe(15);
  });

  it('a search is matched anywhere, its wildcards and the escape character taken literally', () => {
    expect(containsPattern('koi')).toBe('%koi%');
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('back\\slash')).toBe('%back\\\\slash%');
  });

  it('an If-None-Match names the entity tag: exactly, in a list, weakly or as *', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
});

describe.each(backends)('catalogue calls on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown) => postJson(server.app, path, payload);
  const gameLists = async (site: Site): Promise<GameListsReply['value']> => expectReply('gameLists', (await post(LISTS, site)).body).value;
  const lobby = async (site: Site, extra: Record<string, unknown>): Promise<LobbyReply> =>
    expectReply('lobby', (await post(LOBBY, { ...site, ...extra })).body);

  /** The site's offered games matching `condition`, in the site's order, as "CODE/GAME" keys. */
  async function siteOrder(externalId: string, condition: SQL | undefined): Promise<string[]> {
    const siteId = await siteIdOf(db, externalId);
    const rows = await db
      .select({ provider_code: providers.code, game_code: games.gameCode })
      .from(games)
      .innerJoin(providers, eq(providers.id, games.providerId))
      .innerJoin(siteProviders, and(eq(siteProviders.providerId, providers.id), eq(siteProviders.siteId, siteId), eq(siteProviders.enabled, true)))
      .where(condition)
      .orderBy(asc(siteProviders.sortOrder), asc(games.sortOrder), asc(games.id));
    return rows.map(keyOf);
  }

  async function setProviderEnabled(externalId: string, code: string, enabled: boolean): Promise<void> {
    const siteId = await siteIdOf(db, externalId);
    const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.code, code));
    await db
      .update(siteProviders)
      .set({ enabled })
      .where(and(eq(siteProviders.siteId, siteId), eq(siteProviders.providerId, provider!.id)));
  }

  function expectTiles(list: CatalogueGame[]): void {
    for (const game of list) {
      expect(game.game_image).toBe(gameArtUrl(game.provider_code, game.game_code));
      expect(game.game_placeholder).toMatch(GAME_PLACEHOLDER);
      expect(game.provider_name).toBe(PROVIDERS.find((provider) => provider.code === game.provider_code)?.name);
    }
  }

  describe('game_lists', () => {
    it('answers the four flagged lists in the site order, each of the fallback size when the site sets none', async () => {
      const value = await gameLists(CASINO1);
      expect(Object.keys(value).sort()).toEqual([...GAME_LIST_KEYS].sort());
      const flags = { hot: games.hot, featured: games.featured, popular: games.popular, new: games.isNew };
      for (const list of GAME_LIST_KEYS) {
        expect(value[list].length, list).toBe(GAME_LIST_FALLBACKS[list]);
        const expected = (await siteOrder('casino1', eq(flags[list], true))).slice(0, GAME_LIST_FALLBACKS[list]);
        expect(value[list].map(keyOf), list).toEqual(expected);
        expectTiles(value[list]);
      }
      expect(value.hot.every((game) => game.hot)).toBe(true);
      expect(value.new.every((game) => game.is_new)).toBe(true);
      // A casino leads with live casino (the demo's provider order per template family).
      expect(value.hot[0]!.game_type).toBe('livecasino');
    });

    it("takes each list's size from the site's settings (casino2 hot 12, sportsbook1 featured 8), the others falling back", async () => {
      const casino2 = await gameLists(siteOf('casino2.localhost'));
      expect(casino2.hot.length).toBe(12);
      expect(casino2.featured.length).toBe(GAME_LIST_FALLBACKS.featured);
      const sportsbook1 = await gameLists(siteOf('sportsbook1.localhost'));
      expect(sportsbook1.featured.length).toBe(8);
      expect(sportsbook1.hot.length).toBe(GAME_LIST_FALLBACKS.hot);
      expect(sportsbook1.hot[0]!.game_type).toBe('sportsbook');
    });

    it('a new size shows at once; a value that is not a size falls back; a huge one is held to the maximum', async () => {
      const siteId = await siteIdOf(db, 'casino3');
      const site = siteOf('casino3.localhost');
      const setPopular = (value: string) =>
        db
          .insert(siteSettings)
          .values({ siteId, key: listSizeKey('popular'), value })
          .onConflictDoUpdate({ target: [siteSettings.siteId, siteSettings.key], set: { value } });
      const before = await gameLists(site);
      try {
        await setPopular('3');
        const three = await gameLists(site);
        expect(three.popular.map(keyOf)).toEqual(before.popular.slice(0, 3).map(keyOf));
        expect(three.hot).toEqual(before.hot);
        for (const bad of ['0', '-2', 'six', '4.5']) {
          await setPopular(bad);
          expect((await gameLists(site)).popular.length, bad).toBe(GAME_LIST_FALLBACKS.popular);
        }
        await setPopular('100000');
        const popular = await siteOrder('casino3', eq(games.popular, true));
        expect((await gameLists(site)).popular.length).toBe(Math.min(GAME_LIST_MAX_SIZE, popular.length));
      } finally {
        await db.delete(siteSettings).where(and(eq(siteSettings.siteId, siteId), eq(siteSettings.key, listSizeKey('popular'))));
      }
      expect((await gameLists(site)).popular.length).toBe(GAME_LIST_FALLBACKS.popular);
    });

    it("a provider switched off for slot5 leaves slot5's lists (once notified), not casino1's", async () => {
      const before = await gameLists(SLOT5);
      const leader = before.hot[0]!.provider_code;
      expect((await gameLists(CASINO1)).hot.length).toBe(GAME_LIST_FALLBACKS.hot);
      await setProviderEnabled('slot5', leader, false);
      try {
        const after = await eventually('the list without the provider', () => gameLists(SLOT5), (value) => !value.hot.some((game) => game.provider_code === leader));
        for (const list of GAME_LIST_KEYS) expect(after[list].map((game) => game.provider_code), list).not.toContain(leader);
        expect(after.hot.length).toBe(GAME_LIST_FALLBACKS.hot);
        const casino1Hot = await siteOrder('casino1', eq(games.hot, true));
        expect((await gameLists(CASINO1)).hot.map(keyOf)).toEqual(casino1Hot.slice(0, GAME_LIST_FALLBACKS.hot));
        expect(casino1Hot.some((key) => key.startsWith(`${leader}/`))).toBe(true);
      } finally {
        await setProviderEnabled('slot5', leader, true);
      }
      await eventually('the provider back', () => gameLists(SLOT5), (value) => value.hot[0]!.provider_code === leader);
    });

    it('a change of a game (its flag) reaches the kept lists', async () => {
      const first = (await gameLists(CASINO1)).new[0]!;
      const [row] = await db
        .select({ id: games.id })
        .from(games)
        .innerJoin(providers, eq(providers.id, games.providerId))
        .where(and(eq(providers.code, first.provider_code), eq(games.gameCode, first.game_code)));
      await db.update(games).set({ isNew: false }).where(eq(games.id, row!.id));
      try {
        await eventually('the list without the game', () => gameLists(CASINO1), (value) => !value.new.some((game) => keyOf(game) === keyOf(first)));
      } finally {
        await db.update(games).set({ isNew: true }).where(eq(games.id, row!.id));
      }
      await eventually('the game back', () => gameLists(CASINO1), (value) => keyOf(value.new[0]!) === keyOf(first));
    });

    it('is sent compressed to a browser that accepts it', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: LISTS,
        headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
        payload: JSON.stringify(CASINO1),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
    });

    it('refuses wrong types and unknown fields, a mismatched site and a site under maintenance', async () => {
      expectValidationError((await post(LISTS, { ...CASINO1, external_id: 5 })).body, 'external_id');
      const unknown = await post(LISTS, { ...CASINO1, size: 3 });
      expectValidationError(unknown.body, 'size');
      expect(unknown.response.statusCode).toBe(400);
      expect((await post(LISTS, MISMATCHED)).body).toEqual({ statusCode: 0, message: 'siteNotFound' });
      expect((await post(LISTS, MAINTENANCE)).body).toEqual({ statusCode: 0, message: 'underMaintenance' });
    });
  });

  describe('lobby', () => {
    it('answers a first page of the category in the site order, with the providers and their counts in the site order', async () => {
      const reply = await lobby(CASINO1, { category: 'slots' });
      const all = await siteOrder('casino1', sql`${games.categories} @> array['slots']::text[]`);
      expect(all.length).toBeGreaterThan(2 * LOBBY_PAGE_SIZE);
      expect(reply).toMatchObject({ page: 1, page_size: LOBBY_PAGE_SIZE, total: all.length });
      expect(reply.value.map(keyOf)).toEqual(all.slice(0, LOBBY_PAGE_SIZE));
      expect(reply.value.every((game) => game.game_type === 'slots')).toBe(true);
      expectTiles(reply.value);

      // Providers: those with slots, in the order their games come, counts adding up to the total.
      const codesInOrder = [...new Set(all.map((key) => key.split('/')[0]!))];
      expect(reply.providers.map((entry) => entry.provider_code)).toEqual(codesInOrder);
      expect(reply.providers.reduce((sum, entry) => sum + entry.count, 0)).toBe(all.length);
      for (const entry of reply.providers) {
        expect(entry.count).toBe(all.filter((key) => key.startsWith(`${entry.provider_code}/`)).length);
        expect(entry.slug).toBe(PROVIDERS.find((provider) => provider.code === entry.provider_code)?.slug);
        expect(entry.filterable).toBe(true);
      }
    });

    it('pages through every game once; a page past the end is empty with the right total', async () => {
      const all = await siteOrder('casino1', sql`${games.categories} @> array['livecasino']::text[]`);
      const pageSize = 20;
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(all.length / pageSize); page++) {
        const reply = await lobby(CASINO1, { category: 'livecasino', page, page_size: pageSize });
        expect(reply.total).toBe(all.length);
        seen.push(...reply.value.map(keyOf));
      }
      expect(seen).toEqual(all);
      const past = await lobby(CASINO1, { category: 'livecasino', page: 50, page_size: pageSize });
      expect(past).toMatchObject({ value: [], total: all.length, page: 50, page_size: pageSize });
      expect(past.providers.length).toBeGreaterThan(1);
      const searchedPast = await lobby(CASINO1, { category: 'livecasino', search: 'roulette', page: 50 });
      expect(searchedPast.value).toEqual([]);
      expect(searchedPast.total).toBeGreaterThan(0);
    });

    it('narrows to a provider by its slug; the providers and their counts stay those of the whole lobby', async () => {
      const whole = await lobby(CASINO1, { category: 'slots' });
      const reply = await lobby(CASINO1, { category: 'slots', provider: 'pgsoft', page_size: 60 });
      const pg = await siteOrder('casino1', and(sql`${games.categories} @> array['slots']::text[]`, eq(providers.code, 'PG')));
      expect(reply.value.map(keyOf)).toEqual(pg);
      expect(reply.total).toBe(pg.length);
      expect(reply.providers).toEqual(whole.providers);
    });

    it('an unknown slug, or a provider without games in the lobby, gives an empty page with the providers listed', async () => {
      for (const provider of ['no-such-provider', 'sv388']) {
        const reply = await lobby(CASINO1, { category: 'slots', provider });
        expect(reply.value, provider).toEqual([]);
        expect(reply.total, provider).toBe(0);
        expect(reply.providers.length, provider).toBeGreaterThan(10);
      }
    });

    it('searches the name in any case, alone or with the provider filter', async () => {
      const reply = await lobby(CASINO1, { category: 'slots', search: 'mAhJoNg', page_size: 60 });
      const expected = await siteOrder('casino1', and(sql`${games.categories} @> array['slots']::text[]`, sql`lower(${games.gameName}) like '%mahjong%'`));
      expect(expected.length).toBeGreaterThan(1);
      expect(reply.value.map(keyOf)).toEqual(expected);
      expect(reply.total).toBe(expected.length);
      expect(reply.value.every((game) => /mahjong/i.test(game.game_name))).toBe(true);

      const code = expected[0]!.split('/')[0]!;
      const slug = PROVIDERS.find((provider) => provider.code === code)!.slug;
      const narrowed = await lobby(CASINO1, { category: 'slots', search: 'mahjong', provider: slug });
      expect(narrowed.value.map(keyOf)).toEqual(expected.filter((key) => key.startsWith(`${code}/`)));
      expect(narrowed.total).toBe(narrowed.value.length);
      expect((await lobby(CASINO1, { category: 'slots', search: 'no game has this name' })).total).toBe(0);
    });

    it("takes '%', '_' and '\\' in a search literally", async () => {
      const [pg] = await db.select({ id: providers.id }).from(providers).where(eq(providers.code, 'PG'));
      const inserted = await db
        .insert(games)
        .values([
          { providerId: pg!.id, gameCode: 'PG-TEST-PERCENT', gameName: '100% Wild_Reels', gameType: 'slots', categories: ['slots'], sortOrder: 99 },
          { providerId: pg!.id, gameCode: 'PG-TEST-SLASH', gameName: 'Back\\slash Bonanza', gameType: 'slots', categories: ['slots'], sortOrder: 99 },
        ])
        .returning({ id: games.id });
      try {
        const names = async (search: string) => (await lobby(CASINO1, { category: 'slots', search, page_size: 60 })).value.map((game) => game.game_name);
        expect(await names('%')).toEqual(['100% Wild_Reels']);
        expect(await names('_')).toEqual(['100% Wild_Reels']);
        expect(await names('0%')).toEqual(['100% Wild_Reels']);
        expect(await names('d_r')).toEqual(['100% Wild_Reels']);
        expect(await names('\\')).toEqual(['Back\\slash Bonanza']);
        // Without the escapes, 'l_c' would match "Lucky" and many others.
        expect(await names('l_c')).toEqual([]);
      } finally {
        await db.delete(games).where(sql`${games.id} in (${sql.join(inserted.map((row) => sql`${row.id}`), sql`, `)})`);
      }
    });

    it('a game added to the catalogue reaches the kept providers and counts', async () => {
      const before = await lobby(CASINO1, { category: 'bingo' });
      const count = (reply: LobbyReply) => reply.providers.find((entry) => entry.provider_code === 'GW')?.count ?? 0;
      const [gw] = await db.select({ id: providers.id }).from(providers).where(eq(providers.code, 'GW'));
      await db.insert(games).values({ providerId: gw!.id, gameCode: 'GW-TEST-BINGO', gameName: 'Test Bingo', gameType: 'bingo', categories: ['bingo'], sortOrder: 99 });
      try {
        const after = await eventually('the new game counted', () => lobby(CASINO1, { category: 'bingo' }), (reply) => count(reply) === count(before) + 1);
        expect(after.total).toBe(before.total + 1);
        expect(after.value.map((game) => game.game_code)).toContain('GW-TEST-BINGO');
      } finally {
        await db.delete(games).where(eq(games.gameCode, 'GW-TEST-BINGO'));
      }
      await eventually('the game gone', () => lobby(CASINO1, { category: 'bingo' }), (reply) => reply.total === before.total);
    });

    it("the 'hot' lobby holds every hot game of every category the site offers", async () => {
      const hot = await siteOrder('slot5', eq(games.hot, true));
      const reply = await lobby(SLOT5, { category: 'hot', page_size: 60 });
      expect(reply.total).toBe(hot.length);
      expect(reply.value.map(keyOf)).toEqual(hot.slice(0, 60));
      expect(reply.value.every((game) => game.hot)).toBe(true);
      expect(new Set(reply.value.map((game) => game.game_type)).size).toBeGreaterThan(3);
    });

    it('marks the providers without a filter (EPW, WBET) as not filterable', async () => {
      const reply = await lobby(CASINO1, { category: 'sportsbook' });
      const byCode = new Map(reply.providers.map((entry) => [entry.provider_code, entry.filterable]));
      expect(byCode.get('EPW')).toBe(false);
      expect(byCode.get('WBET')).toBe(false);
      expect(byCode.get('SBO')).toBe(true);
    });

    it("a provider switched off for slot5 never shows in slot5's lobbies (games, providers, counts), still in casino1's", async () => {
      const casino1Before = await lobby(CASINO1, { category: 'slots' });
      const slot5Before = await lobby(SLOT5, { category: 'slots' });
      expect(slot5Before.total).toBe(casino1Before.total);
      const pgCount = slot5Before.providers.find((entry) => entry.provider_code === 'PG')!.count;
      await setProviderEnabled('slot5', 'PG', false);
      try {
        // The providers and counts are kept per state of the catalogue: they follow once notified.
        const after = await eventually('the lobby without PG', () => lobby(SLOT5, { category: 'slots', page_size: 60 }), (reply) => !reply.providers.some((entry) => entry.provider_code === 'PG'));
        expect(after.total).toBe(slot5Before.total - pgCount);
        expect(after.providers.map((entry) => entry.provider_code)).not.toContain('PG');
        for (let page = 1; page <= Math.ceil(after.total / 60); page++) {
          const reply = await lobby(SLOT5, { category: 'slots', page, page_size: 60 });
          expect(reply.value.map((game) => game.provider_code)).not.toContain('PG');
        }
        expect((await lobby(SLOT5, { category: 'slots', provider: 'pgsoft' })).total).toBe(0);
        expect((await lobby(SLOT5, { category: 'hot', page_size: 60 })).value.map((game) => game.provider_code)).not.toContain('PG');
        // casino1 still offers it.
        expect((await lobby(CASINO1, { category: 'slots', provider: 'pgsoft' })).total).toBe(pgCount);
        expect((await lobby(CASINO1, { category: 'slots' })).total).toBe(casino1Before.total);
        // The startup's game menu of slot5 follows (real data): no PG under slots once notified.
        await eventually(
          'the game menu without PG',
          async () => (await post('/api/startup', { domain_name: 'slot5.localhost' })).body as unknown as StartupReply,
          (reply) => !reply.content.game_menu.find((item) => item.content_id === 'slots')!.children.some((child) => child.content_id === 'PG'),
        );
      } finally {
        await setProviderEnabled('slot5', 'PG', true);
      }
    });

    it("startup's provider_count and game menu match the lobbies' providers, category by category", async () => {
      const reply = (await post('/api/startup', { domain_name: 'casino4.localhost' })).body as unknown as StartupReply;
      const site = siteOf('casino4.localhost');
      expect(reply.provider_count.length).toBe(12);
      for (const row of reply.provider_count) {
        const providersOfLobby = (await lobby(site, { category: row.category })).providers;
        expect(row.count, row.category).toBe(providersOfLobby.length);
        const item = reply.content.game_menu.find((entry) => entry.content_id === row.category)!;
        expect(item.children.map((child) => child.content_id), row.category).toEqual(providersOfLobby.map((entry) => entry.provider_code));
      }
    });

    it.each([
      ['a page of 0', { page: 0 }, 'page'],
      ['a page as a string', { page: '2' }, 'page'],
      ['a fractional page', { page: 1.5 }, 'page'],
      ['a page size of 0', { page_size: 0 }, 'page_size'],
      ['a page size over the maximum', { page_size: 61 }, 'page_size'],
      ['an oversized search', { search: 'x'.repeat(LOBBY_SEARCH_MAX + 1) }, 'search'],
      ['a search of the wrong type', { search: 42 }, 'search'],
      ['a slug with spaces and capitals', { provider: 'PG Soft' }, 'provider'],
      ['a slug with an underscore', { provider: 'pg_soft' }, 'provider'],
      ['an unknown category', { category: 'poker' }, 'category'],
      ['a missing category', { category: undefined }, 'category'],
      ['an unknown field', { sort: 'name' }, 'sort'],
    ])('refuses %s, naming the field', async (_label, extra, field) => {
      const { response, body } = await post(LOBBY, { ...CASINO1, category: 'slots', ...extra });
      expect(response.statusCode).toBe(400);
      expectValidationError(body, field);
    });

    it('refuses a mismatched site and a site under maintenance', async () => {
      expect((await post(LOBBY, { ...MISMATCHED, category: 'slots' })).body).toEqual({ statusCode: 0, message: 'siteNotFound' });
      expect((await post(LOBBY, { ...MAINTENANCE, category: 'slots' })).body).toEqual({ statusCode: 0, message: 'underMaintenance' });
    });
  });

  describe('demo catalogue', () => {
    it('every demo site fills every list and has a second page of slots and of live casino', async () => {
      for (const domain of ['localhost', 'casino9.localhost', 'slot1.localhost', 'slot9.localhost', 'sportsbook4.localhost']) {
        const value = await gameLists(siteOf(domain));
        for (const list of GAME_LIST_KEYS) expect(value[list].length, `${domain} ${list}`).toBe(GAME_LIST_FALLBACKS[list]);
        for (const category of ['slots', 'livecasino']) {
          expect((await lobby(siteOf(domain), { category, page: 2 })).value.length, `${domain} ${category}`).toBeGreaterThan(0);
        }
      }
    });

    it('a demo database seeded before the catalogue step gets it on its next start', async () => {
      const step = '0007-catalogue-art-v2-and-list-sizes';
      expect(server.seed.applied).toContain(step);
      const order = async () =>
        (await db.select({ siteId: siteProviders.siteId, providerId: siteProviders.providerId, sortOrder: siteProviders.sortOrder }).from(siteProviders).orderBy(siteProviders.siteId, siteProviders.providerId));
      const orderBefore = await order();
      // The state of a database seeded by the release before: unversioned images, no list sizes, no step.
      await db.execute(sql`update games set image_url = '/api/media/game/' || (select code from providers p where p.id = provider_id) || '/' || game_code || '.svg'`);
      await db.delete(siteSettings).where(sql`${siteSettings.key} like 'game_list_size.%'`);
      await db.delete(seedSteps).where(eq(seedSteps.name, step));
      expect((await gameLists(siteOf('casino2.localhost'))).hot.length).toBe(GAME_LIST_FALLBACKS.hot);

      expect(await seedDemo(db)).toEqual({ demo: true, applied: [step] });
      expect((await gameLists(siteOf('casino2.localhost'))).hot.length).toBe(12);
      const images = await db.select({ url: games.imageUrl, code: games.gameCode, provider: providers.code }).from(games).innerJoin(providers, eq(providers.id, games.providerId));
      for (const row of images) expect(row.url).toBe(gameArtUrl(row.provider, row.code));
      // The step is idempotent: the provider order it sets is the same.
      expect(await order()).toEqual(orderBefore);
    });

    it("the providers are the contracts' (codes, slugs and names), each with games", async () => {
      const rows = await db
        .select({ code: providers.code, slug: providers.slug, name: providers.name, games: sql<number>`(select count(*)::int from games g where g.provider_id = ${providers.id})` })
        .from(providers)
        .orderBy(providers.id);
      expect(rows.map(({ code, slug, name }) => ({ code, slug, name }))).toEqual(PROVIDERS.map(({ code, slug, name }) => ({ code, slug, name })));
      for (const row of rows) expect(Number(row.games), row.code).toBeGreaterThan(0);
    });

    it('refreshGameArtUrls moves the old artwork URLs (games and favourites) to the versioned ones, leaving an own image alone', async () => {
      const [game, own] = await db
        .select({ id: games.id, code: games.gameCode, url: games.imageUrl })
        .from(games)
        .innerJoin(providers, eq(providers.id, games.providerId))
        .where(eq(providers.code, 'JILI'))
        .orderBy(games.id)
        .limit(2);
      const [player] = await db.select({ id: players.id }).from(players).limit(1);
      const oldUrl = `/api/media/game/JILI/${game!.code}.svg`;
      await db.update(games).set({ imageUrl: oldUrl }).where(eq(games.id, game!.id));
      await db.update(games).set({ imageUrl: 'https://cdn.example.com/jili/2.webp' }).where(eq(games.id, own!.id));
      await db
        .insert(favourites)
        .values({ playerId: player!.id, providerCode: 'JILI', gameCode: game!.code, gameName: 'x', gameType: 'slots', imgUrl: oldUrl })
        .onConflictDoUpdate({ target: [favourites.playerId, favourites.providerCode, favourites.gameCode], set: { imgUrl: oldUrl } });
      try {
        await refreshGameArtUrls(db);
        const [after] = await db.select({ url: games.imageUrl }).from(games).where(eq(games.id, game!.id));
        expect(after!.url).toBe(gameArtUrl('JILI', game!.code));
        const [kept] = await db.select({ url: games.imageUrl }).from(games).where(eq(games.id, own!.id));
        expect(kept!.url).toBe('https://cdn.example.com/jili/2.webp');
        const [favourite] = await db
          .select({ url: favourites.imgUrl })
          .from(favourites)
          .where(and(eq(favourites.playerId, player!.id), eq(favourites.gameCode, game!.code)));
        expect(favourite!.url).toBe(gameArtUrl('JILI', game!.code));
      } finally {
        await db.update(games).set({ imageUrl: own!.url }).where(eq(games.id, own!.id));
      }
      const [{ stale } = { stale: -1 }] = await db
        .select({ stale: sql<number>`count(*)::int` })
        .from(games)
        .where(sql`${games.imageUrl} not like ${`/api/media/game/v${GAME_ART_VERSION}/%`}`);
      expect(Number(stale)).toBe(0);
    });
  });

  describe('game artwork', () => {
    const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

    /** The SVG drawing behind a game's WebP artwork URL. */
    const drawingOf = (webpUrl: string) => webpUrl.replace(/\.webp$/, '.svg');

    it('a versioned URL answers WebP, cached for a year, immutable, with an ETag; the ETag answers 304', async () => {
      const url = gameArtUrl('EVO', 'EVO-LIVECASINO-1');
      expect(url).toBe(`/api/media/game/v${GAME_ART_VERSION}/EVO/EVO-LIVECASINO-1.webp`);
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/webp');
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const image = first.rawPayload;
      expect(image.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(image.subarray(8, 12).toString('latin1')).toBe('WEBP');
      // A real tile, not an empty one: the drawing's colours and type take some kilobytes.
      expect(image.length).toBeGreaterThan(2_000);
      expect(image.length).toBeLessThan(40_000);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);

      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const again = await get(url, { 'if-none-match': ifNoneMatch });
        expect(again.statusCode, ifNoneMatch).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
      // Made once and kept: the second answer is the same image.
      expect((await get(url)).rawPayload.equals(image)).toBe(true);
    });

    it('the same path ending in .svg answers the drawing, with an ETag of its own', async () => {
      const url = drawingOf(gameArtUrl('EVO', 'EVO-LIVECASINO-1'));
      const drawing = await get(url);
      expect(drawing.statusCode).toBe(200);
      expect(drawing.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(drawing.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(drawing.headers.etag).not.toBe((await get(gameArtUrl('EVO', 'EVO-LIVECASINO-1'))).headers.etag);
      expect(drawing.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      // The game's own name in the artwork; badges are the site's (translated), never the image's.
      expect(drawing.body).toMatch(/aria-label="[^"]+"/);
      expect(drawing.body).not.toContain('>LIVE</text>');
      expect(drawing.body).not.toMatch(/<script|href=|https?:\/\/(?!www\.w3\.org)/);
      expect((await get(url, { 'if-none-match': String(drawing.headers.etag) })).statusCode).toBe(304);
    });

    it('the old unversioned URL (kept in favourites) and another version still answer, cached for a day', async () => {
      const versioned = { svg: await get(drawingOf(gameArtUrl('PG', 'PG-SLOTS-1'))), webp: await get(gameArtUrl('PG', 'PG-SLOTS-1')) };
      for (const [url, format] of [
        ['/api/media/game/PG/PG-SLOTS-1.svg', 'svg'],
        ['/api/media/game/v1/PG/PG-SLOTS-1.svg', 'svg'],
        ['/api/media/game/v2/PG/PG-SLOTS-1.svg', 'svg'],
        ['/api/media/game/PG/PG-SLOTS-1.webp', 'webp'],
      ] as const) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).toBe('public, max-age=86400');
        expect(response.headers.etag, url).toBe(versioned[format].headers.etag);
        expect(response.rawPayload.equals(versioned[format].rawPayload), url).toBe(true);
        expect((await get(url, { 'if-none-match': String(versioned[format].headers.etag) })).statusCode).toBe(304);
      }
    });

    it.each([
      ['an unknown game', `/api/media/game/v${GAME_ART_VERSION}/PG/NO-SUCH-GAME.svg`],
      ['a game under another provider', `/api/media/game/v${GAME_ART_VERSION}/EVO/PG-SLOTS-1.svg`],
      ['another format', `/api/media/game/v${GAME_ART_VERSION}/PG/PG-SLOTS-1.png`],
      ['a version that is not one', '/api/media/game/latest/PG/PG-SLOTS-1.svg'],
    ])('%s answers 404 notFound', async (_label, url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body)).toEqual({ statusCode: 0, message: 'notFound' });
    });

    it('each category draws its own emblem, and the name is escaped', async () => {
      const bodies = new Map<string, string>();
      for (const category of ['slots', 'livecasino', 'fish', 'crash', 'sabong', 'bingo'] as const) {
        const { value } = await lobby(CASINO1, { category, page_size: 1 });
        bodies.set(category, (await get(drawingOf(value[0]!.game_image))).body);
      }
      expect(bodies.get('slots')).toContain('id="reel"');
      expect(bodies.get('slots')).toMatch(/>(WIN|JACKPOT)</);
      expect(bodies.get('bingo')).toMatch(/>B<\/text>.*>O<\/text>/);
      expect(bodies.get('crash')).toMatch(/\d\.\d\dx</);
      // Every category's drawing differs from the others' (not one picture recoloured).
      const emblems = [...bodies.values()].map((body) => body.replace(/#[0-9a-f]{6}/gi, '').replace(/<text[^>]*>[^<]*<\/text>/g, ''));
      expect(new Set(emblems).size).toBe(emblems.length);

      const [pg] = await db.select({ id: providers.id }).from(providers).where(eq(providers.code, 'PG'));
      await db.insert(games).values({ providerId: pg!.id, gameCode: 'PG-TEST-XSS', gameName: '<script>"Tom & Jerry\'s"', gameType: 'slots', categories: ['slots'] });
      try {
        const body = (await get(drawingOf(gameArtUrl('PG', 'PG-TEST-XSS')))).body;
        // The WebP of a drawing with markup in its name renders too.
        expect((await get(gameArtUrl('PG', 'PG-TEST-XSS'))).headers['content-type']).toBe('image/webp');
        expect(body).not.toContain('<script>');
        expect(body).toContain('&lt;script&gt;');
      } finally {
        await db.delete(games).where(eq(games.gameCode, 'PG-TEST-XSS'));
      }
    });
  });
});
