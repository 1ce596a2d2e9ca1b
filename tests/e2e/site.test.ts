import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { useServerAndBrowser } from './harness';
import { enText, textsIn } from './texts';
import type { SiteT } from '../../packages/web/app/i18n/translate';
import {
  DESKTOP,
  MOBILE,
  PageProblems,
  followNetwork,
  horizontalOverflow,
  logInAsDemo,
  newContext,
  screenshots,
  waitForHydration,
} from './browser';

/**
 * The built server in Chromium: the demo sites of docs/product.md D7 (localhost, <theme_code>.localhost,
 * maintenance.localhost), the locale prefixes of §2, error pages, hydration and asset caching.
 */

let context: BrowserContext;
let vi: SiteT;

const e2e = useServerAndBrowser();

beforeAll(async () => {
  vi = await textsIn('vi');
});

beforeEach(async () => {
  context = await newContext(e2e.browser, DESKTOP);
});

afterEach(async () => {
  await context?.close();
});

interface Opened {
  page: Page;
  response: Response;
  problems: PageProblems;
}

/** Opens a page of the given host in the test's context, waits for hydration and a quiet network. */
async function open(host: string, pathname: string, options: { page?: Page; allow?: RegExp[] } = {}): Promise<Opened> {
  const target = options.page ?? (await context.newPage());
  const problems = new PageProblems(target, options.allow);
  const network = followNetwork(target);
  const response = await target.goto(e2e.server.url(host, pathname), { waitUntil: 'load' });
  if (!response) throw new Error(`No response for ${e2e.server.url(host, pathname)}`);
  await waitForHydration(target, '#main');
  await network.quiet();
  return { page: target, response, problems };
}

function cssVariable(page: Page, name: string): Promise<string> {
  return page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);
}

describe('the built server in Chromium', () => {
  it('1. home: title, template, logo, categories with provider counts, no overflow at 375 px, no errors', async () => {
    const { page, response, problems } = await open('localhost', '/');
    expect(response.status()).toBe(200);
    // The home page's SEO record names it (seo.test.ts checks every tag against the record).
    await expect(page.title()).resolves.toMatch(/ Demo Casino$/);
    await expect(page.locator('html').getAttribute('data-template')).resolves.toBe('template1');

    const logo = page.locator('.site-header .brand img');
    expect(await logo.isVisible()).toBe(true);
    const loaded = await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(loaded, 'header logo loaded').toBe(true);

    const strip = await page.locator('.category-strip .category-strip__link').allTextContents();
    expect(strip.length).toBeGreaterThan(0);
    expect(strip).toContain('Slots');

    const games = page.locator('section.categories');
    expect(await games.getByRole('heading', { name: 'Games', exact: true }).isVisible()).toBe(true);
    const cards = games.locator('.category-card');
    const titles = await cards.locator('.category-card__title').allTextContents();
    expect([...titles].sort()).toEqual([...strip].sort());
    const counts = await cards.locator('.category-card__count').allTextContents();
    expect(counts).toHaveLength(titles.length);
    for (const [index, text] of counts.entries()) {
      expect(text, `provider count of ${titles[index]}`).toMatch(/^\d+ providers?$/);
      expect(Number.parseInt(text, 10), `provider count of ${titles[index]}`).toBeGreaterThan(0);
    }

    await page.setViewportSize({ ...MOBILE });
    const mobile = await horizontalOverflow(page);
    expect(mobile.scrollWidth, 'no horizontal overflow at 375 px').toBeLessThanOrEqual(mobile.innerWidth);

    await screenshots(page, 'demo-home');
    expect(problems.list).toEqual([]);
  });

  it('2. slot5.localhost: its own template, palette and responsive navigation; sportsbook1 is template20', async () => {
    const demo = await open('localhost', '/');
    const demoPrimary = await cssVariable(demo.page, '--c-primary');
    await demo.page.close();

    const { page, response, problems } = await open('slot5.localhost', '/');
    expect(response.status()).toBe(200);
    await expect(page.title()).resolves.toMatch(/ Candy Reels$/);
    await expect(page.locator('html').getAttribute('data-template')).resolves.toBe('template14');
    const primary = await cssVariable(page, '--c-primary');
    expect(primary).not.toBe('');
    expect(demoPrimary).not.toBe('');
    expect(primary, '--c-primary differs from the demo site').not.toBe(demoPrimary);

    // 1280 px: the desktop navigation, no bottom bar.
    expect(await page.locator('.main-nav').isVisible(), '.main-nav at 1280 px').toBe(true);
    expect(await page.locator('.mobile-nav').isVisible(), '.mobile-nav at 1280 px').toBe(false);
    // 375 px: the bottom bar, no desktop navigation.
    await page.setViewportSize({ ...MOBILE });
    expect(await page.locator('.mobile-nav').isVisible(), '.mobile-nav at 375 px').toBe(true);
    expect(await page.locator('.main-nav').isVisible(), '.main-nav at 375 px').toBe(false);
    const mobile = await horizontalOverflow(page);
    expect(mobile.scrollWidth, 'no horizontal overflow at 375 px').toBeLessThanOrEqual(mobile.innerWidth);
    await page.setViewportSize({ ...DESKTOP });
    await screenshots(page, 'slot5-home');
    expect(problems.list).toEqual([]);

    const sportsbook = await open('sportsbook1.localhost', '/');
    expect(sportsbook.response.status()).toBe(200);
    await expect(sportsbook.page.locator('html').getAttribute('data-template')).resolves.toBe('template20');
    expect(await sportsbook.page.locator('.site-header').isVisible()).toBe(true);
    await screenshots(sportsbook.page, 'sportsbook1-home');
    expect(sportsbook.problems.list).toEqual([]);
  });

  it('3. maintenance.localhost: 503 maintenance page with its window and no site frame, on every path', async () => {
    for (const pathname of ['/', '/slots']) {
      const { page, response, problems } = await open('maintenance.localhost', pathname);
      expect(response.status(), `status of ${pathname}`).toBe(503);
      const layout = page.locator('[data-layout="maintenance"]');
      expect(await layout.isVisible(), `maintenance layout on ${pathname}`).toBe(true);
      expect(await layout.getByRole('heading', { name: 'We’ll be back soon' }).isVisible()).toBe(true);

      const times = layout.locator('time');
      expect(await times.count(), 'start and end dates').toBe(2);
      const dates = await times.evaluateAll((elements) =>
        elements.map((element) => ({ text: element.textContent ?? '', dateTime: element.getAttribute('datetime') ?? '' })),
      );
      const [start, end] = dates.map((date) => Date.parse(date.dateTime));
      for (const date of dates) expect(date.text.trim(), `shown date ${date.dateTime}`).not.toBe('');
      expect(start, 'start date').toBeLessThanOrEqual(Date.now());
      expect(end, 'end date').toBeGreaterThan(Date.now());
      expect(await times.first().isVisible()).toBe(true);
      expect(await times.last().isVisible()).toBe(true);

      expect(await page.locator('.site-header, header, nav, .main-nav, .mobile-nav, .category-strip').count(), 'no site header or navigation').toBe(0);
      expect(await page.locator('html').getAttribute('data-template'), 'no template').toBeNull();
      await screenshots(page, `maintenance${pathname === '/' ? '-home' : pathname.replaceAll('/', '-')}`);
      expect(problems.list).toEqual([]);
      await page.close();
    }
  });

  it('3b. maintenance.localhost: a path no route claims also answers 503 with the maintenance page', async () => {
    // The maintenance window covers the whole host: search engines and monitors must see 503
    // (with Retry-After) on every URL, not a 404 that tells them the page is gone.
    const { page, response, problems } = await open('maintenance.localhost', '/no-such-page');
    expect(await page.locator('[data-layout="maintenance"]').isVisible(), 'maintenance layout').toBe(true);
    expect(await page.locator('.site-header, nav').count(), 'no site header or navigation').toBe(0);
    expect(problems.list).toEqual([]);
    expect(response.status(), 'status of /no-such-page on the maintenance host').toBe(503);
    expect(await response.headerValue('retry-after'), 'Retry-After').not.toBeNull();
  });

  it('4. unknown path: 404 inside the site frame, and Back to home returns to /', async () => {
    const { page, response, problems } = await open('localhost', '/no-such-page');
    expect(response.status()).toBe(404);
    expect(await page.locator('.site-header').isVisible(), 'site header on the 404 page').toBe(true);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading.textContent()).resolves.toBe('Page not found: /no-such-page');
    await screenshots(page, 'not-found');

    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('#categories-title', { hasText: 'Games' }).waitFor();
    expect(await page.locator('#categories-title').isVisible(), "home 'Games' section").toBe(true);
    expect(problems.list).toEqual([]);

    for (const pathname of ['/vi/no-such-page', '/xx/slots']) {
      const other = await open('localhost', pathname);
      expect(other.response.status(), `status of ${pathname}`).toBe(404);
      expect(await other.page.locator('.site-header').isVisible(), `site header on ${pathname}`).toBe(true);
      const notFound = pathname.startsWith('/vi/') ? vi : enText;
      await expect(other.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(notFound('notFound.title', { path: pathname }));
      await screenshots(other.page, `not-found${pathname.replaceAll('/', '-')}`);
      expect(other.problems.list).toEqual([]);
      await other.page.close();
    }
  });

  it('5. locale prefixes: /slots, /vi/slots, /cn/slots and /vi', async () => {
    const expectedLang: Record<string, string> = { '/slots': 'en', '/vi/slots': 'vi', '/cn/slots': 'zh-CN' };
    const texts: Record<string, SiteT> = { '/slots': enText, '/vi/slots': vi, '/cn/slots': await textsIn('zh-cn') };
    for (const pathname of ['/slots', '/vi/slots', '/cn/slots']) {
      const { page, response, problems } = await open('localhost', pathname);
      expect(response.status(), `status of ${pathname}`).toBe(200);
      expect(await page.locator('.site-header').isVisible(), `site frame on ${pathname}`).toBe(true);
      await expect(page.locator('#main h1.screen__title').textContent()).resolves.toBe(texts[pathname]!('_m:slots'));
      const lang = await page.locator('html').getAttribute('lang');
      const expected = expectedLang[pathname];
      expect(lang, `<html lang> on ${pathname}`).toBe(expected);
      await screenshots(page, `slots${pathname === '/slots' ? '' : `-${pathname.split('/')[1]}`}`);
      expect(problems.list).toEqual([]);
      await page.close();
    }

    const { page, response, problems } = await open('localhost', '/vi');
    expect(response.status()).toBe(200);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('vi');
    expect(await page.locator('.home #categories-title').isVisible(), 'home page on /vi').toBe(true);
    expect(await page.locator('.category-strip a[href="/vi/slots"]').count(), 'links keep the /vi prefix').toBe(1);
    await screenshots(page, 'home-vi');
    expect(problems.list).toEqual([]);
  });

  it('6. unknown domain: the site error page with Site not found (404)', async () => {
    // The error page links no icon, so Chromium asks for /favicon.ico, which is 404 on an unknown domain.
    const { page, response, problems } = await open('unknown.localhost', '/', { allow: [/\/favicon\.ico\)$/] });
    expect(response.status()).toBe(404);
    expect(await page.getByRole('heading', { name: 'Site not found', level: 1 }).isVisible()).toBe(true);
    expect(await page.locator('[data-error="siteNotFound"]').count()).toBe(1);
    expect(await page.locator('.site-header, nav').count(), 'no site frame').toBe(0);
    await screenshots(page, 'unknown-domain');
    expect(problems.list).toEqual([]);
  });

  it('7. client-side navigation after hydration: category strip link to /slots without a reload', async () => {
    const { page, problems } = await open('localhost', '/');
    const link = page.locator('.category-strip').getByRole('link', { name: 'Slots', exact: true });
    await waitForHydration(page, '.category-strip a[href="/slots"]');
    await page.evaluate(() => {
      (window as Window & { __e2eMarker?: string }).__e2eMarker = 'still here';
    });
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });

    await link.click();
    await page.waitForURL((url) => url.pathname === '/slots');
    await page.locator('h1.screen__title', { hasText: 'Slots' }).waitFor();
    await expect(page.locator('h1.screen__title').textContent()).resolves.toBe('Slots');
    const marker = await page.evaluate(() => (window as Window & { __e2eMarker?: string }).__e2eMarker);
    expect(marker, 'window state survives: no full reload').toBe('still here');
    expect(documents, 'no document request').toEqual([]);
    await expect(page.title()).resolves.toMatch(/Slots.* Demo Casino$/);

    await screenshots(page, 'demo-slots-client-nav');
    expect(problems.list).toEqual([]);
  });

  it('8. hashed assets under /assets/ are served as immutable; the page preloads its modules at low priority', async () => {
    const page = await context.newPage();
    const assets: Response[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/')) assets.push(response);
    });
    await open('localhost', '/', { page });
    // Every module preload of the server's HTML (Vite adds its own for lazy chunks once hydrated).
    const html = await (await page.request.get(page.url())).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([link]) => link);
    expect(preloads.length, 'module preloads').toBeGreaterThan(2);
    for (const preload of preloads) expect(preload, 'a module preload of the page').toContain('fetchpriority="low"');
    await waitForHydration(page);

    const css = assets.filter((response) => response.url().endsWith('.css'));
    const js = assets.filter((response) => response.url().endsWith('.js'));
    expect(css.length, 'stylesheets under /assets/').toBeGreaterThan(0);
    expect(js.length, 'scripts under /assets/').toBeGreaterThan(0);
    for (const response of [...css, ...js]) {
      expect(response.status(), response.url()).toBe(200);
      const headers = await response.allHeaders();
      expect(headers['cache-control'] ?? '', `cache-control of ${response.url()}`).toContain('immutable');
    }
  });

  it('9. layouts per route (docs/product.md §2): the template on its pages, minigame on /minigame, default on /preloader', async () => {
    const { page, problems } = await open('slot5.localhost', '/');
    const layout = () => page.locator('.frame[data-layout]').first().getAttribute('data-layout');
    await expect(layout()).resolves.toBe('template14');
    await open('slot5.localhost', '/promotions', { page });
    await expect(layout()).resolves.toBe('template14');
    await open('slot5.localhost', '/preloader', { page });
    await expect(layout()).resolves.toBe('default');
    // /minigame is for players: log in first, then the minigame layout, under a locale prefix too.
    await logInAsDemo(page, 'slot5');
    for (const pathname of ['/minigame', '/vi/minigame']) {
      await open('slot5.localhost', pathname, { page });
      await page.waitForURL((url) => url.pathname === pathname);
      await expect(layout()).resolves.toBe('minigame');
    }
    await open('sportsbook1.localhost', '/', { page });
    await expect(layout()).resolves.toBe('template20');
    expect(problems.list).toEqual([]);
  });
});
