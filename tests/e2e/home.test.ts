import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GAME_LIST_FALLBACKS, GAME_LIST_KEYS, THEMES, THEME_CODES, type GameListName, type GameListsReply, type ThemeCode } from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, PageProblems, newContext, screenshots, waitForHydration } from './browser';

/**
 * The home page of issue 7 on every template: the four curated lists of game_lists at the sizes
 * the site sets (docs/product.md §9 fallbacks otherwise), and every element of the page (hero, marquee,
 * category tiles with provider counts, winners, transactions, statistics, partners); the
 * app-download bar on phones only.
 */

const e2e = useServerAndBrowser();

const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36';

/** The demo sites' own list sizes (the catalogue seed); every other list of every site uses the fallback. */
const SITE_SIZES: Partial<Record<ThemeCode, Partial<Record<GameListName, number>>>> = {
  casino2: { hot: 12 },
  sportsbook1: { featured: 8 },
  slot3: { new: 9 },
};

async function openHome(page: Page, code: ThemeCode): Promise<void> {
  const response = await page.goto(e2e.server.url(`${code}.localhost`, '/'), { waitUntil: 'load' });
  expect(response?.status(), `status of ${code}`).toBe(200);
  await waitForHydration(page, '#main');
}

/** The site's lists as game_lists answers them, asked from the page (the browser resolves *.localhost). */
async function gameLists(page: Page, code: ThemeCode): Promise<GameListsReply['value']> {
  const reply = await page.evaluate(async (site) => {
    const response = await fetch('/api/product/game_lists', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(site) });
    return (await response.json()) as GameListsReply;
  }, { domain_name: `${code}.localhost`, external_id: code });
  expect(reply.statusCode, `game_lists of ${code}`).toBe(1);
  return reply.value;
}

/** What a home page shows: the tiles of each curated list, and which of the other elements it has. */
function homeContents(page: Page) {
  return page.evaluate((lists) => {
    const count = (selector: string) => document.querySelectorAll(selector).length;
    return {
      tiles: Object.fromEntries(lists.map((list) => [list, count(`.home section.games[data-list="${list}"] .tile`)])),
      hero: count('.home .hero'),
      marquee: count('.home .marquee'),
      categoryCounts: [...document.querySelectorAll('.home section.categories .category-card__count')].map((element) => element.textContent ?? ''),
      winners: count('.home .winners, .home .winners-ticker'),
      transactions: count('.home .transactions'),
      stats: count('.home .stats'),
      partners: count('.home .partners'),
    };
  }, GAME_LIST_KEYS);
}

describe('the home page of every template (issue 7)', () => {
  it('shows the four curated lists at the site’s sizes and every element of the page, at 1280 px', async () => {
    const context = await newContext(e2e.browser, DESKTOP, { userAgent: DESKTOP_CHROME });
    const failures: Record<string, string[]> = {};
    try {
      for (const code of THEME_CODES) {
        const page = await context.newPage();
        const problems = new PageProblems(page);
        await openHome(page, code);
        const lists = await gameLists(page, code);
        const home = await homeContents(page);
        const wrong: string[] = [];
        for (const list of GAME_LIST_KEYS) {
          const size = SITE_SIZES[code]?.[list] ?? GAME_LIST_FALLBACKS[list];
          if (lists[list].length !== size) wrong.push(`game_lists ${list}: ${lists[list].length} games, the site's size is ${size}`);
          if (home.tiles[list] !== lists[list].length) wrong.push(`${list}: ${home.tiles[list]} tiles for ${lists[list].length} games`);
        }
        for (const element of ['hero', 'marquee', 'winners', 'transactions', 'stats', 'partners'] as const) {
          if (home[element] !== 1) wrong.push(`${element}: ${home[element]} sections`);
        }
        if (!home.categoryCounts.length || !home.categoryCounts.every((text) => /^[1-9]\d* providers?$/.test(text))) {
          wrong.push(`category tiles: ${JSON.stringify(home.categoryCounts)}`);
        }
        wrong.push(...problems.list.map((problem) => `page problem: ${JSON.stringify(problem)}`));
        if (wrong.length) failures[`${code} (${THEMES[code].template})`] = wrong;
        await page.close();
      }
    } finally {
      await context.close();
    }
    expect(failures).toEqual({});
  }, 300_000);

  it('fits a grid to its list: 15 hot games fill whole rows at 1280 and 375 px', async () => {
    const context = await newContext(e2e.browser, DESKTOP, { userAgent: DESKTOP_CHROME });
    try {
      const page = await context.newPage();
      await openHome(page, 'casino1');
      const hot = page.locator('section.games[data-list="hot"] ul.tiles--grid');
      expect(await hot.locator('.tile').count()).toBe(GAME_LIST_FALLBACKS.hot);
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize({ ...viewport });
        const columns = await hot.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length);
        expect(GAME_LIST_FALLBACKS.hot % columns, `${columns} columns at ${viewport.width} px`).toBe(0);
      }
      await screenshots(page, 'home-casino1');
    } finally {
      await context.close();
    }
  });

  it('sends the page and its scripts and styles compressed (brotli, as Chromium accepts it)', async () => {
    const context = await newContext(e2e.browser, DESKTOP, { userAgent: DESKTOP_CHROME });
    try {
      const page = await context.newPage();
      const sent = new Map<string, { encoding: string; length: number }>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname !== '/' && !/^\/assets\/.+\.(?:js|css)$/.test(url.pathname)) return;
        const headers = response.headers();
        sent.set(url.pathname, { encoding: headers['content-encoding'] ?? 'none', length: Number(headers['content-length'] ?? NaN) });
      });
      await openHome(page, 'slot5');
      await page.waitForLoadState('networkidle');
      expect(sent.get('/')?.encoding, 'the page').toBe('br');
      const assets = [...sent].filter(([pathname]) => pathname !== '/');
      expect(assets.length).toBeGreaterThan(5);
      // Files under the size worth compressing (1 KB) are sent as they are.
      const plain = assets.filter(([, { encoding, length }]) => encoding !== 'br' && !(encoding === 'none' && length < 1024));
      expect(plain).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the app-download bar on a phone on every template, never at 1280 px', async () => {
    const phone = await newContext(e2e.browser, MOBILE, { userAgent: ANDROID_PHONE });
    const desktop = await newContext(e2e.browser, DESKTOP, { userAgent: DESKTOP_CHROME });
    const failures: string[] = [];
    try {
      for (const code of THEME_CODES) {
        const page = await phone.newPage();
        await openHome(page, code);
        const bar = page.locator('.app-bar');
        await bar.waitFor({ timeout: 5_000 }).catch(() => failures.push(`${code}: no app bar on a phone`));
        await page.close();
      }
      for (const code of ['casino1', 'slot5', 'sportsbook2'] as const) {
        const page = await desktop.newPage();
        await openHome(page, code);
        // The floating dock appears once the page is ready; the bar is never part of it at 1280 px.
        await page.locator('.floating-dock').waitFor();
        if (await page.locator('.app-bar').count()) failures.push(`${code}: an app bar at 1280 px`);
        await page.close();
      }
    } finally {
      await phone.close();
      await desktop.close();
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
