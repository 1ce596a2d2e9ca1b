import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MINOR_PER_UNIT, THEME_CODES, toMinorUnits, type MenuItem } from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, PageProblems, horizontalOverflow, logInAsDemo, newContext, screenshots, waitForHydration } from './browser';
import { enText, textsIn } from './texts';

/**
 * /promotions and /news of issue 8 in Chromium against the built server: every demo site's menus
 * offer both; the list is in the first HTML; a category chip narrows it through the URL (also
 * without JavaScript); ?id= opens the detail with its sanitised body; a guest's join asks to log in
 * the template's way; the demo player claims a reward (the header's tokens go up by exactly the
 * reward), sees it as claimed after a reload and is not offered it again, and joins a join-type
 * promotion; /vi/news is in Vietnamese with English fallback; an unknown id is a friendly 404;
 * the screens fit 375 px and 320 px phones, and axe-core finds nothing to fix in them.
 */

const AXE_SOURCE = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's violations inside the page's main content (the screen itself, not the site frame around it). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: await AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: { include: string[][] }): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run({ include: [['main']] })).violations;
  });
  return violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')}`);
}

let context: BrowserContext;

/** Requests a test cuts short by navigating on (images, the session's own calls). */
const EXPECTED = [/Failed to load resource: net::ERR_/];

const e2e = useServerAndBrowser();

beforeEach(async () => {
  context = await newContext(e2e.browser, DESKTOP);
});

afterEach(async () => {
  await context?.close();
});

/** Opens a page, checks its HTTP status and waits for React to hydrate its heading. */
async function open(host: string, pathname: string, status = 200): Promise<{ page: Page; problems: PageProblems }> {
  const page = await context.newPage();
  const problems = new PageProblems(page, EXPECTED);
  const response = await page.goto(e2e.server.url(host, pathname), { waitUntil: 'load' });
  expect(response?.status(), pathname).toBe(status);
  await waitForHydration(page, 'main h1');
  return { page, problems };
}

/** Opens `pathname` on `host` as the logged-in demo player, hydrated. */
async function openAsPlayer(host: string, pathname: string): Promise<{ page: Page; problems: PageProblems }> {
  const page = await context.newPage();
  const problems = new PageProblems(page, EXPECTED);
  await page.goto(e2e.server.url(host, '/'), { waitUntil: 'load' });
  await logInAsDemo(page, host.split('.')[0]!);
  await page.goto(e2e.server.url(host, pathname), { waitUntil: 'load' });
  await waitForHydration(page, 'main h1');
  return { page, problems };
}

const cards = (page: Page) => page.getByTestId('promo-card');

/** The id of the list's card of a category. */
async function idOf(page: Page, category: string): Promise<string> {
  const id = await cards(page).and(page.locator(`[data-category="${category}"]`)).getAttribute('data-promotion-id');
  expect(id).toMatch(/^\d+$/);
  return id!;
}

/** A header amount ("1,234.5") in ten-thousandths, exactly: no float arithmetic on money. */
function minor(text: string | null): bigint {
  const match = /[\d,]+(?:\.\d{1,4})?/.exec(text ?? '');
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return toMinorUnits(match[0].replace(/,/g, ''));
}

describe('menus', () => {
  it('the startup menus of every demo site offer /promotions and /news', async () => {
    for (const host of ['localhost', ...THEME_CODES.map((code) => `${code}.localhost`)]) {
      const response = await fetch(e2e.server.url('localhost', '/api/startup'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain_name: host }),
      });
      const reply = (await response.json()) as { statusCode: number; content: { menu: MenuItem[] } };
      expect(reply.statusCode, host).toBe(1);
      const paths = reply.content.menu.flatMap((item) => [item.path, ...item.children.map((child) => child.path)]);
      expect(paths, host).toEqual(expect.arrayContaining(['/promotions', '/news']));
    }
  });
});

describe('list', () => {
  it('shows the demo promotions in the first HTML, with image, category, period and summary', async () => {
    // The demo site at localhost (Node does not resolve *.localhost names, Chromium does).
    const html = await (await fetch(e2e.server.url('localhost', '/promotions'))).text();
    expect(html).toContain('100% welcome bonus');
    expect(html).toContain('Weekly 5% cashback');

    const { page, problems } = await open('casino1.localhost', '/promotions');
    expect(await page.locator('main h1').textContent()).toBe(enText('_m:promotions'));
    expect(await cards(page).count()).toBe(4);
    const welcome = cards(page).and(page.locator('[data-category="welcome"]'));
    expect(await welcome.locator('h2').textContent()).toBe('100% welcome bonus');
    expect(await welcome.textContent()).toContain(enText('promotions.categories.welcome'));
    expect(await welcome.textContent()).toContain(enText('promotions.reward', { reward: enText('promotions.rewardTokens', { amount: '50' }) }));
    const image = welcome.locator('img');
    expect(await image.getAttribute('loading')).toBe('lazy');
    expect(await image.getAttribute('alt')).toBe('100% welcome bonus');
    expect(await image.getAttribute('width')).toBe('1200');
    expect(await image.getAttribute('height')).toBe('400');
    // Dated periods; the open-ended VIP club says so.
    expect(await welcome.getByTestId('promo-period').textContent()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4} – [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(await cards(page).and(page.locator('[data-category="vip"]')).getByTestId('promo-period').textContent()).toContain(enText('promotions.ongoing'));
    // Claim and join buttons where a promotion needs one, none on the read-only one.
    expect(await welcome.getByRole('button', { name: enText('promotions.claim') }).count()).toBe(1);
    expect(await cards(page).and(page.locator('[data-category="vip"]')).getByRole('button').count()).toBe(0);
    expect(problems.list).toEqual([]);
  });

  it('a category chip narrows the list through the URL, and "All" widens it again', async () => {
    const { page, problems } = await open('casino1.localhost', '/promotions');
    const filter = page.getByRole('navigation', { name: enText('promotions.filter') });
    await filter.getByRole('link', { name: enText('promotions.categories.cashback') }).click();
    await page.waitForURL((url) => url.searchParams.get('category') === 'cashback');
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await cards(page).first().getAttribute('data-category')).toBe('cashback');
    expect(await filter.getByRole('link', { name: enText('promotions.categories.cashback') }).getAttribute('aria-current')).toBe('page');

    await filter.getByRole('link', { name: enText('promotions.all') }).click();
    await page.waitForURL((url) => url.pathname === '/promotions' && !url.search);
    await expect.poll(() => cards(page).count()).toBe(4);
    expect(problems.list).toEqual([]);
  });

  it('the filter works without JavaScript: ?category= is served narrowed', async () => {
    const noScript = await newContext(e2e.browser, DESKTOP, { javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      await page.goto(e2e.server.url('casino1.localhost', '/promotions?category=tournament'), { waitUntil: 'load' });
      expect(await cards(page).count()).toBe(1);
      expect(await cards(page).first().getAttribute('data-category')).toBe('tournament');
    } finally {
      await noScript.close();
    }
  });
});

describe('detail', () => {
  it('opens via ?id= from a card and shows the body; the back link returns to the list', async () => {
    const { page, problems } = await open('casino2.localhost', '/promotions');
    const id = await idOf(page, 'welcome');
    await cards(page).and(page.locator('[data-category="welcome"]')).getByRole('link').click();
    await page.waitForURL((url) => url.searchParams.get('id') === id);
    const detail = page.getByTestId('promo-detail');
    await detail.waitFor();
    expect(await page.locator('main h1').textContent()).toBe('100% welcome bonus');
    const body = page.getByTestId('promo-body');
    expect(await body.textContent()).toContain('Terms apply.');
    expect(await body.locator('ul li').count()).toBe(3);
    expect(await body.locator('script').count()).toBe(0);
    await expect.poll(() => page.title()).toContain('100% welcome bonus');

    await page.getByTestId('promo-back').click();
    await page.waitForURL((url) => url.pathname === '/promotions' && !url.search);
    await expect.poll(() => cards(page).count()).toBe(4);
    expect(problems.list).toEqual([]);
  });

  it('an unknown id, another kind’s id or a malformed id is a friendly 404 with a way back', async () => {
    const { page, problems } = await open('casino1.localhost', '/news');
    const newsId = await idOf(page, 'update');
    for (const pathname of ['/promotions?id=999999', `/promotions?id=${newsId}`, '/news?id=abc']) {
      const response = await page.goto(e2e.server.url('casino1.localhost', pathname), { waitUntil: 'load' });
      expect(response?.status(), pathname).toBe(404);
      const missing = page.getByTestId('promo-missing');
      await missing.waitFor();
      const kind = pathname.startsWith('/news') ? 'news' : 'promotions';
      const back = missing.getByRole('link', { name: kind === 'news' ? enText('promotions.seeAllNews') : enText('promotions.seeAllPromotions') });
      expect(await back.getAttribute('href')).toBe(`/${kind}`);
    }
    await waitForHydration(page, 'main h1');
    await page.getByRole('link', { name: enText('promotions.seeAllNews') }).click();
    await page.waitForURL((url) => url.pathname === '/news');
    await expect.poll(() => cards(page).count()).toBe(3);
    expect(problems.list).toEqual([]);
  });
});

describe('joining', () => {
  it.each([
    ['casino1', 'page'],
    ['sportsbook1', 'login'],
    ['slot5', 'signIn'],
  ] as const)('%s: a guest pressing Claim is asked to log in (%s)', async (theme, expected) => {
    const { page, problems } = await open(`${theme}.localhost`, '/promotions');
    const id = await idOf(page, 'welcome');
    await page.goto(e2e.server.url(`${theme}.localhost`, `/promotions?id=${id}`), { waitUntil: 'load' });
    await waitForHydration(page, 'main h1');
    expect(await page.getByTestId('promo-detail').textContent()).toContain(enText('promotions.guestHint'));
    await page.getByRole('button', { name: enText('promotions.claim') }).click();
    if (expected === 'page') await page.waitForURL((url) => url.pathname === '/login');
    else await page.locator(`dialog[data-modal="${expected}"][open]`).waitFor();
    expect(problems.list).toEqual([]);
  });

  it('the demo player claims a reward: tokens go up by exactly the reward, and it stays claimed', async () => {
    const host = 'casino5.localhost';
    const { page, problems } = await openAsPlayer(host, '/promotions');
    const id = await idOf(page, 'welcome');
    await page.goto(e2e.server.url(host, `/promotions?id=${id}`), { waitUntil: 'load' });
    await waitForHydration(page, 'main h1');
    const tokens = page.getByTestId('tokens');
    await tokens.filter({ hasText: /\d/ }).waitFor();
    const before = minor(await tokens.textContent());
    const claim = page.getByRole('button', { name: enText('promotions.claim') });
    // Enabled once the API has said the player has not claimed it yet.
    await expect.poll(() => claim.isEnabled()).toBe(true);
    const [response] = await Promise.all([page.waitForResponse((reply) => reply.url().endsWith('/api/promotions/join')), claim.click()]);
    const reply = (await response.json()) as { statusCode: number; amount: string; reward_type: string; game_token: string };
    expect(reply).toMatchObject({ statusCode: 1, reward_type: 'tokens' });
    expect(minor(reply.amount)).toBe(50n * MINOR_PER_UNIT);

    await page.getByTestId('promo-joined').waitFor();
    expect(await page.getByTestId('promo-joined').textContent()).toContain(enText('promotions.claimed'));
    await page.locator('.toast').filter({ hasText: enText('promotions.creditedToast', { reward: enText('promotions.rewardTokens', { amount: '50' }) }) }).first().waitFor();
    await expect.poll(async () => minor(await tokens.textContent())).toBe(before + minor(reply.amount));
    expect(minor(reply.game_token)).toBe(before + minor(reply.amount));

    // After a reload the API says it is claimed: no button, on the detail and on the list.
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page, 'main h1');
    await page.getByTestId('promo-joined').waitFor();
    expect(await page.getByRole('button', { name: enText('promotions.claim') }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(e2e.server.url(host, '/promotions'), { waitUntil: 'load' });
    const card = cards(page).and(page.locator('[data-category="welcome"]'));
    await card.getByTestId('promo-joined').waitFor();
    expect(await card.getByRole('button').count()).toBe(0);
    expect(problems.list).toEqual([]);
  });

  it('the demo player joins a join-type promotion from its card: "Joined", no money moved', async () => {
    const host = 'casino6.localhost';
    const { page, problems } = await openAsPlayer(host, '/promotions');
    const tokens = page.getByTestId('tokens');
    const balance = page.getByTestId('balance');
    await tokens.filter({ hasText: /\d/ }).waitFor();
    const before = [await balance.textContent(), await tokens.textContent()];
    const card = cards(page).and(page.locator('[data-category="cashback"]'));
    const join = card.getByRole('button', { name: enText('promotions.join') });
    await expect.poll(() => join.isEnabled()).toBe(true);
    await Promise.all([page.waitForResponse((reply) => reply.url().endsWith('/api/promotions/join')), join.click()]);
    await card.getByTestId('promo-joined').waitFor();
    expect(await card.getByTestId('promo-joined').textContent()).toContain(enText('promotions.joined'));
    await page.locator('.toast').filter({ hasText: enText('promotions.joinedToast') }).first().waitFor();
    expect([await balance.textContent(), await tokens.textContent()]).toEqual(before);
    expect(problems.list).toEqual([]);
  });
});

describe('languages', () => {
  it('/vi/news shows Vietnamese texts, and English where an item has no Vietnamese', async () => {
    const vi = await textsIn('vi');
    const { page, problems } = await open('casino1.localhost', '/vi/news');
    expect(await page.locator('main h1').textContent()).toBe(vi('_m:news'));
    // The lead is the Vietnamese sentence around the site's name.
    const [leadStart = ''] = vi('promotions.newsLead', { siteName: '\u0000' }).split('\u0000');
    expect(await page.locator('.promos__head .screen__lead').textContent()).toContain(leadStart);
    const update = cards(page).and(page.locator('[data-category="update"]'));
    expect(await update.locator('h2').textContent()).toBe('Trò chơi mới tuần này');
    expect(await update.textContent()).toContain(vi('promotions.categories.update'));
    // No Vietnamese text for the football news: English, marked as English for screen readers.
    const football = cards(page).and(page.locator('[data-category="announcement"]'));
    expect(await football.locator('h2').textContent()).toBe('Football season is back');
    expect(await football.locator('[lang="en"]').count()).toBeGreaterThan(0);
    // The detail link keeps the language.
    expect(await update.getByRole('link').getAttribute('href')).toMatch(/^\/vi\/news\?id=\d+$/);
    expect(problems.list).toEqual([]);
  });
});

describe('look', () => {
  it.each(['casino1', 'slot5', 'sportsbook1'])('%s: list and detail of both screens pass axe and fit 375 px and 320 px phones', async (theme) => {
    const host = `${theme}.localhost`;
    const { page, problems } = await open(host, '/promotions');
    const promotionId = await idOf(page, 'welcome');
    await page.goto(e2e.server.url(host, '/news'), { waitUntil: 'load' });
    const newsId = await idOf(page, 'update');
    const screens: [string, string][] = [
      ['promotions', '/promotions'],
      ['promotions-detail', `/promotions?id=${promotionId}`],
      ['news', '/news'],
      ['news-detail', `/news?id=${newsId}`],
    ];
    for (const [name, pathname] of screens) {
      await page.setViewportSize({ ...DESKTOP });
      await page.goto(e2e.server.url(host, pathname), { waitUntil: 'load' });
      await waitForHydration(page, 'main h1');
      expect(await axeViolations(page), `${theme} ${pathname}`).toEqual([]);
      for (const width of [375, 320]) {
        await page.setViewportSize({ width, height: MOBILE.height });
        const overflow = await horizontalOverflow(page);
        expect(overflow.scrollWidth, `${theme} ${pathname} at ${width}`).toBeLessThanOrEqual(overflow.innerWidth);
      }
      await screenshots(page, `promotions-news-${theme}-${name}`);
    }
    expect(problems.list).toEqual([]);
  });
});
