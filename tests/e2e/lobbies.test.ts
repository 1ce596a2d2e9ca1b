import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  CATEGORY_ROUTES,
  LOBBY_MAX_PAGE_SIZE,
  LOBBY_PAGE_SIZE,
  SESSION_STORAGE_KEY,
  UNFILTERED_PROVIDERS,
  type CatalogueGame,
  type LobbyReply,
} from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, PageProblems, horizontalOverflow, logInAsDemo, newContext, screenshots, waitForHydration } from './browser';
import { enText } from './texts';
import { LOBBY_CATEGORIES } from '../../packages/web/app/lobby/lobbies';

/**
 * The game lobbies of issue 7 in Chromium against the built server: each lists its category's
 * games only (the hot lobby its hot games), checked tile by tile against the lobby call; the
 * provider filter, the search (typing, and the form without JavaScript) and "Load more" (in place,
 * and as a link without JavaScript) narrow and grow the grid; a heart toggles a favourite; a
 * guest's tile leads to /playnow and then the template's guard.
 */

let context: BrowserContext;

/** Images a test cuts short by navigating on. */
const EXPECTED = [/Failed to load resource: net::ERR_/];
/** A browser's user agent: headless Chromium's own is a bot's, which the guards leave alone. */
const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HOST = 'casino1.localhost';

const e2e = useServerAndBrowser();

beforeEach(async () => {
  context = await newContext(e2e.browser, DESKTOP);
});

afterEach(async () => {
  await context?.close();
});

/** An API address the test itself can reach: Node does not resolve *.localhost names; the payload names the site. */
const apiUrl = (path: string) => e2e.server.url('127.0.0.1', path);

/** A public call to the test server, as the site makes it (the demo site of `host` has external_id = its theme code). */
async function lobbyCall(host: string, payload: { category: string; provider?: string; search?: string; page?: number; page_size?: number }): Promise<LobbyReply> {
  const response = await fetch(apiUrl('/api/product/lobby'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domain_name: host, external_id: host.split('.')[0], ...payload }),
  });
  const reply = (await response.json()) as LobbyReply;
  expect(reply.statusCode, JSON.stringify(reply)).toBe(1);
  return reply;
}

/** Every game of a lobby (narrowed like the page), in the lobby's order, page after page. */
async function allGames(host: string, payload: { category: string; provider?: string; search?: string }): Promise<CatalogueGame[]> {
  const games: CatalogueGame[] = [];
  for (let page = 1; ; page++) {
    const reply = await lobbyCall(host, { ...payload, page, page_size: LOBBY_MAX_PAGE_SIZE });
    games.push(...reply.value);
    if (games.length >= reply.total || !reply.value.length) return games;
  }
}

interface Tile {
  type: string;
  provider: string;
  code: string;
  hot: boolean;
  name: string;
}

/** The grid's tiles as their data attributes name them. */
function gridTiles(page: Page): Promise<Tile[]> {
  return page.locator('[data-testid="lobby-grid"] > .tile').evaluateAll((items) =>
    items.map((item) => {
      const element = item as HTMLElement;
      return {
        type: element.dataset.gameType ?? '',
        provider: element.dataset.provider ?? '',
        code: element.dataset.gameCode ?? '',
        hot: element.dataset.hot === 'true',
        name: element.querySelector('.tile__name')?.textContent ?? '',
      };
    }),
  );
}

const keyOf = (game: { provider: string; code: string } | CatalogueGame) =>
  'code' in game ? `${game.provider}:${game.code}` : `${game.provider_code}:${game.game_code}`;

/** Opens a lobby and waits until React has hydrated it. */
async function openLobby(path: string, page?: Page): Promise<{ page: Page; problems: PageProblems }> {
  const target = page ?? (await context.newPage());
  const problems = new PageProblems(target, EXPECTED);
  await target.goto(e2e.server.url(HOST, path), { waitUntil: 'load' });
  await waitForHydration(target, '.lobby-search__submit');
  return { page: target, problems };
}

const resultLine = (shown: number, total: number) => enText('lobby.results', { shown: String(shown), total: String(total), count: total });

describe('lobbies', () => {
  it('every lobby lists games of its category only, the hot lobby hot games of every category, as the lobby call answers', async () => {
    const page = await context.newPage();
    const problems = new PageProblems(page, EXPECTED);
    for (const category of LOBBY_CATEGORIES) {
      const path = CATEGORY_ROUTES[category];
      await page.goto(e2e.server.url(HOST, path), { waitUntil: 'load' });
      const games = await allGames(HOST, { category });
      expect(games.length, path).toBeGreaterThan(0);
      const offered = new Map(games.map((game) => [keyOf(game), game]));
      const tiles = await gridTiles(page);
      expect(tiles.length, path).toBe(Math.min(games.length, LOBBY_PAGE_SIZE));
      // The first page, in the lobby's order.
      expect(tiles.map(keyOf), path).toEqual(games.slice(0, LOBBY_PAGE_SIZE).map(keyOf));
      for (const tile of tiles) {
        const game = offered.get(keyOf(tile));
        expect(game, `${path}: ${keyOf(tile)}`).toBeDefined();
        expect(tile.type).toBe(game!.game_type);
        if (category === 'hot') {
          expect(tile.hot, `${path}: ${keyOf(tile)} is hot`).toBe(true);
          expect(game!.hot).toBe(true);
        } else {
          // Every demo game has one category, its game_type.
          expect(tile.type, `${path}: ${keyOf(tile)}`).toBe(category);
        }
      }
      expect(await page.locator('.lobby-grid__count').textContent()).toBe(resultLine(tiles.length, games.length));
      if (category === 'hot') {
        // Hot games of several categories, each tile naming its category.
        expect(new Set(tiles.map((tile) => tile.type)).size).toBeGreaterThan(1);
        expect(await page.locator('[data-testid="lobby-grid"] .tile__category').count()).toBe(tiles.length);
      }
    }
    expect(problems.list).toEqual([]);
  });

  it('/casino leads with live tables, which a filter or a search hides', async () => {
    const { page, problems } = await openLobby('/casino');
    const live = page.getByTestId('live-tables');
    await live.waitFor();
    expect(await live.locator('h2').textContent()).toContain(enText('lobby.liveTables'));
    const tables = live.locator('.tiles[data-tile="landscape"] > .tile');
    expect(await tables.count()).toBeGreaterThan(0);
    expect(await live.locator('.tile[data-game-type]:not([data-game-type="livecasino"])').count()).toBe(0);
    expect(await live.locator('.tile__badge', { hasText: enText('home.live') }).count()).toBe(await tables.count());
    // It comes before the provider strip and the grid.
    const order = await page.evaluate(() =>
      ['[data-testid="live-tables"]', '.provider-strip', '[data-testid="lobby-grid"]'].map((selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? -1),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));

    await page.goto(e2e.server.url(HOST, '/casino?q=roulette'), { waitUntil: 'load' });
    expect(await page.getByTestId('live-tables').count()).toBe(0);
    const slug = (await page.locator('.provider-chip[data-slug]:not([data-slug=""])').first().getAttribute('data-slug'))!;
    await page.goto(e2e.server.url(HOST, `/casino?provider=${slug}`), { waitUntil: 'load' });
    expect(await page.getByTestId('live-tables').count()).toBe(0);
    expect(problems.list).toEqual([]);
  });

  it('the provider filter narrows the grid to that provider, as many games as its chip counts; EPW and WBET have no chip', async () => {
    const { page, problems } = await openLobby('/slots');
    const providers = (await lobbyCall(HOST, { category: 'slots' })).providers.filter((provider) => provider.filterable);
    const chips = page.locator('.provider-chip[data-slug]:not([data-slug=""])');
    expect(await page.locator('.provider-chip[data-slug=""]').getAttribute('aria-current')).toBe('true');

    const chip = chips.nth(1);
    const slug = (await chip.getAttribute('data-slug'))!;
    const provider = providers.find((entry) => entry.slug === slug)!;
    const count = Number(await chip.locator('.provider-chip__count').textContent());
    expect(count).toBe(provider.count);
    await chip.click();
    await page.waitForURL((url) => url.searchParams.get('provider') === slug);
    await expect.poll(async () => (await gridTiles(page)).every((tile) => tile.provider === provider.provider_code)).toBe(true);
    const tiles = await gridTiles(page);
    expect(tiles.length).toBe(Math.min(count, LOBBY_PAGE_SIZE));
    expect(await page.locator('.lobby-grid__count').textContent()).toBe(resultLine(tiles.length, count));
    expect(await page.locator(`.provider-chip[data-slug="${slug}"]`).getAttribute('aria-current')).toBe('true');

    // The lottery lobby has EPW games: they show under "All", with no chip of their own.
    await page.goto(e2e.server.url(HOST, '/lottery'), { waitUntil: 'load' });
    const lottery = await lobbyCall(HOST, { category: 'lottery' });
    const unfiltered = lottery.providers.filter((entry) => (UNFILTERED_PROVIDERS as readonly string[]).includes(entry.provider_code));
    expect(unfiltered.length).toBeGreaterThan(0);
    for (const entry of unfiltered) {
      expect(entry.filterable).toBe(false);
      expect(await page.locator(`.provider-chip[data-slug="${entry.slug}"]`).count()).toBe(0);
    }
    const allTiles = await gridTiles(page);
    expect(allTiles.some((tile) => unfiltered.some((entry) => entry.provider_code === tile.provider))).toBe(true);
    expect(problems.list).toEqual([]);
  });

  it('typing narrows the grid to matching names, keeping the provider; the clear link and the empty state lead back', async () => {
    const { page, problems } = await openLobby('/slots');
    // A provider of the demo's generated games (the house studio's one slot has no "Gold" in its name).
    const slug = (await page.locator('.provider-chip[data-slug]:not([data-slug=""]):not([data-slug="house"])').first().getAttribute('data-slug'))!;
    await page.locator(`.provider-chip[data-slug="${slug}"]`).click();
    await page.waitForURL((url) => url.searchParams.get('provider') === slug);
    const historyLength = await page.evaluate(() => history.length);

    const search = page.getByLabel(enText('lobby.searchLabel'));
    await search.pressSequentially('Gold', { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get('q') === 'Gold' && url.searchParams.get('provider') === slug);
    const expected = await allGames(HOST, { category: 'slots', provider: slug, search: 'Gold' });
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(async () => (await gridTiles(page)).map(keyOf)).toEqual(expected.slice(0, LOBBY_PAGE_SIZE).map(keyOf));
    for (const tile of await gridTiles(page)) expect(tile.name.toLowerCase()).toContain('gold');
    expect(await page.locator('.lobby-grid__count').textContent()).toBe(resultLine(Math.min(expected.length, LOBBY_PAGE_SIZE), expected.length));
    // The URL was replaced as the player typed, not pushed per key.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    await page.getByRole('link', { name: enText('lobby.clearSearch') }).click();
    await page.waitForURL((url) => !url.searchParams.has('q') && url.searchParams.get('provider') === slug);
    expect(await search.inputValue()).toBe('');

    await search.fill('no such game here');
    await page.getByText(enText('lobby.noMatch', { search: 'no such game here' })).waitFor();
    expect(await gridTiles(page)).toEqual([]);
    await page.getByRole('link', { name: enText('lobby.showAll') }).click();
    await page.waitForURL((url) => url.pathname === '/slots' && url.search === '');
    await expect.poll(async () => (await gridTiles(page)).length).toBe(LOBBY_PAGE_SIZE);
    expect(await search.inputValue()).toBe('');
    expect(problems.list).toEqual([]);
  });

  it('"Load more" appends the next page in place without duplicates, and goes at the end', async () => {
    const { page, problems } = await openLobby('/casino');
    const games = await allGames(HOST, { category: 'livecasino' });
    expect(games.length).toBeGreaterThan(2 * LOBBY_PAGE_SIZE);
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    const more = page.getByRole('link', { name: enText('lobby.loadMore') });
    for (let shown = LOBBY_PAGE_SIZE; shown < games.length; shown += LOBBY_PAGE_SIZE) {
      await more.click();
      const next = Math.min(shown + LOBBY_PAGE_SIZE, games.length);
      await expect.poll(async () => (await gridTiles(page)).length).toBe(next);
      const keys = (await gridTiles(page)).map(keyOf);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).toEqual(games.slice(0, next).map(keyOf));
      expect(await page.locator('.lobby-grid__count').textContent()).toBe(resultLine(next, games.length));
    }
    expect(await more.count()).toBe(0);
    expect(documents).toBe(0);
    expect(problems.list).toEqual([]);
  });

  it('a heart toggles a favourite for the logged-in player, and fav_list agrees', async () => {
    const page = await context.newPage();
    const problems = new PageProblems(page, EXPECTED);
    await page.goto(e2e.server.url(HOST, '/'), { waitUntil: 'load' });
    await logInAsDemo(page, 'casino1');
    const session = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}') as { token: string; user: { account_id: string } }, SESSION_STORAGE_KEY);
    const favourites = async () => {
      const response = await fetch(apiUrl('/api/home/fav_list'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account_id: session.user.account_id, auth: session.token }),
      });
      const reply = (await response.json()) as { statusCode: number; value: { provider_code: string; game_code: string }[] };
      expect(reply.statusCode).toBe(1);
      return reply.value.map((game) => `${game.provider_code}:${game.game_code}`);
    };
    // The session keeper loads the favourites; the hearts show them once it has.
    await Promise.all([page.waitForResponse((reply) => reply.url().endsWith('/api/home/fav_list')), openLobby('/fishing', page)]);

    const tile = page.locator('[data-testid="lobby-grid"] > .tile').filter({ has: page.locator('.tile__fav[aria-pressed="false"]') }).first();
    const key = `${await tile.getAttribute('data-provider')}:${await tile.getAttribute('data-game-code')}`;
    expect(await favourites()).not.toContain(key);
    const heart = page.locator(`[data-testid="lobby-grid"] > .tile[data-game-code="${key.split(':')[1]}"] .tile__fav`);
    await Promise.all([page.waitForResponse((reply) => reply.url().endsWith('/api/home/fav_add')), heart.click()]);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(await favourites()).toContain(key);

    await Promise.all([page.waitForResponse((reply) => reply.url().endsWith('/api/home/fav_remove')), heart.click()]);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    expect(await favourites()).not.toContain(key);
    expect(problems.list).toEqual([]);
  });

  it("a guest's tile opens /playnow for that game, and the guard sends the guest to /login (casino1)", async () => {
    await context.close();
    context = await newContext(e2e.browser, DESKTOP, { userAgent: CHROME_UA });
    const { page, problems } = await openLobby('/slots?provider=pgsoft');
    const tile = page.locator('[data-testid="lobby-grid"] > .tile').first();
    const game = { provider: (await tile.getAttribute('data-provider'))!, code: (await tile.getAttribute('data-game-code'))! };
    const href = new URL((await tile.locator('.tile__link').getAttribute('href'))!, 'http://site');
    expect(href.pathname).toBe('/playnow');
    expect(Object.fromEntries(href.searchParams)).toEqual({ provider: game.provider, game: game.code, from: '/slots?provider=pgsoft' });
    await tile.locator('.tile__link').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(problems.list).toEqual([]);
  });
});

describe('lobbies without JavaScript', () => {
  beforeEach(async () => {
    await context.close();
    context = await newContext(e2e.browser, DESKTOP, { javaScriptEnabled: false });
  });

  it('the provider links, the search form and the "Load more" link work as plain links and forms', async () => {
    const page = await context.newPage();
    // With JavaScript off, Chromium refuses the page's module scripts and reports them blocked ("csp").
    const problems = new PageProblems(page, [...EXPECTED, /^request failed: GET \S+\.js \(csp\)$/]);
    await page.goto(e2e.server.url(HOST, '/slots'), { waitUntil: 'load' });
    expect((await gridTiles(page)).length).toBe(LOBBY_PAGE_SIZE);

    // Load more: the next page with the ones before it.
    await page.getByRole('link', { name: enText('lobby.loadMore') }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const two = await gridTiles(page);
    expect(two.map(keyOf)).toEqual((await allGames(HOST, { category: 'slots' })).slice(0, 2 * LOBBY_PAGE_SIZE).map(keyOf));

    // A provider link.
    const chip = page.locator('.provider-chip[data-slug]:not([data-slug=""])').first();
    const slug = (await chip.getAttribute('data-slug'))!;
    await chip.click();
    await page.waitForURL((url) => url.searchParams.get('provider') === slug && !url.searchParams.has('page'));
    const code = (await lobbyCall(HOST, { category: 'slots' })).providers.find((entry) => entry.slug === slug)!.provider_code;
    const narrowed = await gridTiles(page);
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.every((tile) => tile.provider === code)).toBe(true);

    // The search form keeps the provider.
    await page.getByLabel(enText('lobby.searchLabel')).fill('gold');
    await page.getByLabel(enText('lobby.searchLabel')).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'gold' && url.searchParams.get('provider') === slug);
    const expected = await allGames(HOST, { category: 'slots', provider: slug, search: 'gold' });
    expect((await gridTiles(page)).map(keyOf)).toEqual(expected.slice(0, LOBBY_PAGE_SIZE).map(keyOf));
    expect(problems.list).toEqual([]);
  });
});

describe('lobby layout', () => {
  it('fits a 320 px phone in the three template families, the provider strip one scrolling row', async () => {
    for (const host of ['casino1.localhost', 'slot5.localhost', 'sportsbook2.localhost']) {
      const page = await context.newPage();
      const problems = new PageProblems(page, EXPECTED);
      await page.setViewportSize({ width: 320, height: 740 });
      await page.goto(e2e.server.url(host, '/slots'), { waitUntil: 'load' });
      const { scrollWidth, innerWidth } = await horizontalOverflow(page);
      expect(scrollWidth, host).toBeLessThanOrEqual(innerWidth);
      const rows = await page.locator('.provider-strip__list > li').evaluateAll((items) => new Set(items.map((item) => (item as HTMLElement).offsetTop)).size);
      expect(rows, host).toBe(1);
      await page.setViewportSize({ ...MOBILE });
      await screenshots(page, `lobby-${host.split('.')[0]}`);
      expect(problems.list, host).toEqual([]);
      await page.close();
    }
  });
});
