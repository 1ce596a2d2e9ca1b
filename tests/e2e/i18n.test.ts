import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { LOCALE_COOKIE } from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, PageProblems, newContext, screenshots, waitForHydration, type Viewport } from './browser';
import { enText, textsIn } from './texts';
import { allowConsoleErrors } from './console-errors';
import type { SiteT } from '../../packages/web/app/i18n/translate';

/**
 * Languages (issue 6): the root redirect and its cookie, crawlers, the language picker keeping the
 * page, server-rendered translations, and a locale whose messages fail to load.
 */

const contexts: BrowserContext[] = [];
let vi: SiteT;
let es: SiteT;

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** Headless Chromium names itself HeadlessChrome, which isbot rightly takes for a robot: browse as a person's Chrome. */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const e2e = useServerAndBrowser();

beforeAll(async () => {
  [vi, es] = await Promise.all([textsIn('vi'), textsIn('es')]);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A context whose browser speaks `locale` (its Accept-Language), the announcement already seen. */
async function contextFor(locale: string, options: { userAgent?: string; viewport?: Viewport } = {}): Promise<BrowserContext> {
  const context = await newContext(e2e.browser, options.viewport ?? DESKTOP, { locale, userAgent: options.userAgent ?? CHROME });
  contexts.push(context);
  return context;
}

async function localeCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === LOCALE_COOKIE.name);
}

function loginButton(page: Page) {
  return page.locator('.site-header .account-actions__login');
}

describe('root redirect and detection (docs/product.md D2)', () => {
  it('sends a first visit to / with a Vietnamese browser to /vi, translated on the server, and sets the cookie', async () => {
    const context = await contextFor('vi-VN');
    const page = await context.newPage();
    const problems = new PageProblems(page);
    const response = await page.goto(e2e.server.url('localhost', '/'));
    expect(new URL(page.url()).pathname).toBe('/vi');
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('vi');
    // The server's HTML is already Vietnamese (no flash of English).
    expect(await response?.text()).toContain(vi('shell.logIn'));
    await waitForHydration(page);
    expect((await loginButton(page).textContent())?.trim()).toBe(vi('shell.logIn'));
    const cookie = await localeCookie(context);
    expect(cookie).toMatchObject({ value: 'VI', path: '/', sameSite: 'Lax' });
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    expect(problems.list).toEqual([]);
  });

  it('keeps an English browser on / and follows a saved choice on later visits', async () => {
    const english = await contextFor('en-GB');
    const page = await english.newPage();
    await page.goto(e2e.server.url('localhost', '/'));
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await localeCookie(english))?.value).toBe('EN');

    // A Vietnamese browser that chose English stays in English; one that chose Spanish goes there.
    const chose = await contextFor('vi-VN');
    await chose.addCookies([{ name: LOCALE_COOKIE.name, value: 'EN', url: e2e.server.url('localhost', '/') }]);
    const stays = await chose.newPage();
    await stays.goto(e2e.server.url('localhost', '/'));
    expect(new URL(stays.url()).pathname).toBe('/');
    await chose.addCookies([{ name: LOCALE_COOKIE.name, value: 'ESP', url: e2e.server.url('localhost', '/') }]);
    await stays.goto(e2e.server.url('localhost', '/'));
    expect(new URL(stays.url()).pathname).toBe('/esp');
    expect((await loginButton(stays).textContent())?.trim()).toBe(es('shell.logIn'));
  });

  it('never redirects a crawler, which sees the English root as it is', async () => {
    const context = await contextFor('vi-VN', { userAgent: GOOGLEBOT });
    const page = await context.newPage();
    const response = await page.goto(e2e.server.url('localhost', '/'));
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await localeCookie(context)).toBeUndefined();
  });
});

describe('the language picker', () => {
  it('switches language on the same page, saves the choice, and the server renders it translated', async () => {
    const context = await contextFor('en-US');
    const page = await context.newPage();
    const problems = new PageProblems(page);
    await page.goto(e2e.server.url('slot5.localhost', '/slots?sort=new'));
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

    const picker = page.locator('.site-header .language-picker');
    await picker.getByRole('button', { name: enText('language.current', { name: 'English' }) }).click();
    const options = picker.locator('.language-picker__option');
    expect(await options.count()).toBe(9);
    // Each language by its own name and icon.
    await expect(options.filter({ hasText: 'Tiếng Việt' }).locator('img').getAttribute('src')).resolves.toBe('/locale-icons/vi.svg');
    await options.filter({ hasText: 'Tiếng Việt' }).click();

    await page.waitForURL((url) => url.pathname === '/vi/slots');
    expect(new URL(page.url()).search).toBe('?sort=new');
    await expect.poll(() => loginButton(page).textContent()).toBe(vi('shell.logIn'));
    expect(await page.getAttribute('html', 'lang')).toBe('vi');
    // A client-side navigation: the page was not reloaded.
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect((await localeCookie(context))?.value).toBe('VI');

    // The server's HTML of the new address is Vietnamese, and hydrates without a mismatch.
    const html = await page.evaluate(async () => (await fetch(location.href, { headers: { accept: 'text/html' } })).text());
    expect(html).toContain('lang="vi"');
    expect(html).toContain(vi('shell.logIn'));
    await page.reload();
    await waitForHydration(page);
    expect((await loginButton(page).textContent())?.trim()).toBe(vi('shell.logIn'));
    await screenshots(page, 'i18n-vi-slots');

    // And back to English, on the same page.
    await picker.getByRole('button').first().click();
    await picker.locator('.language-picker__option').filter({ hasText: 'English' }).click();
    await page.waitForURL((url) => url.pathname === '/slots');
    await expect.poll(() => loginButton(page).textContent()).toBe(enText('shell.logIn'));
    expect((await localeCookie(context))?.value).toBe('EN');
    expect(problems.list).toEqual([]);
  });

  it('moves to the footer on a phone, its list on screen, and still switches', async () => {
    const context = await contextFor('en-US', { viewport: MOBILE });
    const page = await context.newPage();
    await page.goto(e2e.server.url('localhost', '/vi'));
    await waitForHydration(page);
    expect(await page.locator('.site-header .language-picker').isVisible(), 'no room in the header').toBe(false);
    const picker = page.locator('.site-footer .language-picker');
    // A player scrolls to the end: the footer's last row clears the tab bar and the app bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await picker.getByRole('button', { name: vi('language.current', { name: 'Tiếng Việt' }) }).click();
    const panel = await picker.locator('.language-picker__panel').boundingBox();
    expect(panel && panel.x).toBeGreaterThanOrEqual(0);
    expect(panel && panel.x + panel.width).toBeLessThanOrEqual(MOBILE.width);
    await screenshots(page, 'i18n-picker-footer');
    await picker.locator('.language-picker__option').filter({ hasText: 'English' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => loginButton(page).textContent()).toBe(enText('shell.logIn'));
  });
});

describe('a locale whose messages fail to load (docs/product.md §8)', () => {
  /** Aborts the browser's download of the Vietnamese messages chunk. */
  async function blockVietnamese(page: Page): Promise<string[]> {
    const blocked: string[] = [];
    // The browser logs each load the test cuts off.
    allowConsoleErrors(/net::ERR_FAILED .*\/assets\/vi-[\w-]+\.js/);
    await page.route(/\/assets\/vi-[\w-]+\.js$/, async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes(vi('shell.logIn'))) {
        blocked.push(route.request().url());
        return route.abort('failed');
      }
      return route.fulfill({ response });
    });
    return blocked;
  }

  it('keeps the page working in English, logs the failure, and never shows it', async () => {
    const context = await contextFor('en-US');
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const problems = new PageProblems(page, [/request failed: GET .*\/assets\/vi-.*net::ERR_FAILED/, /Failed to load resource: net::ERR_FAILED .*\/assets\/vi-/]);
    const blocked = await blockVietnamese(page);
    await page.goto(e2e.server.url('localhost', '/slots'));
    await waitForHydration(page);

    const picker = page.locator('.site-header .language-picker');
    await picker.getByRole('button').first().click();
    await picker.locator('.language-picker__option').filter({ hasText: 'Tiếng Việt' }).click();
    await page.waitForURL((url) => url.pathname === '/vi/slots');
    expect(blocked.length).toBeGreaterThan(0);
    // The English fallback, and the page goes on working: another language still switches.
    await expect.poll(() => loginButton(page).textContent()).toBe(enText('shell.logIn'));
    expect(warnings.some((text) => text.startsWith('Failed locale loading'))).toBe(true);
    await expect(page.locator('.error-dialog, [role="alertdialog"]').count()).resolves.toBe(0);
    await picker.getByRole('button').first().click();
    await picker.locator('.language-picker__option').filter({ hasText: 'Español' }).click();
    await page.waitForURL((url) => url.pathname === '/esp/slots');
    await expect.poll(() => loginButton(page).textContent()).toBe(es('shell.logIn'));
    expect(problems.list).toEqual([]);
  });

  it('still opens a Vietnamese page whose messages cannot load in the browser', async () => {
    const context = await contextFor('en-US');
    const page = await context.newPage();
    await blockVietnamese(page);
    await page.goto(e2e.server.url('localhost', '/vi/slots'));
    await page.waitForFunction(() => document.documentElement.dataset.lifecycle === 'ready', undefined, { timeout: 15_000 });
    // Interactive: the picker opens and leads elsewhere.
    await page.locator('.site-header .language-picker__button').click();
    await page.locator('.site-header .language-picker__option').filter({ hasText: 'English' }).click();
    await page.waitForURL((url) => url.pathname === '/slots');
    await expect.poll(() => loginButton(page).textContent()).toBe(enText('shell.logIn'));
  });
});

describe('document language', () => {
  it('marks each locale with its BCP 47 tag, and locales without messages as English', async () => {
    const context = await contextFor('en-US');
    for (const [path, lang] of [
      ['/cn', 'zh-CN'],
      ['/ct/slots', 'zh-TW'],
      ['/php', 'fil'],
      ['/mmk', 'en'],
    ] as const) {
      const html = await (await context.request.get(e2e.server.url('localhost', path))).text();
      expect(/<html[^>]* lang="([^"]+)"/.exec(html)?.[1], path).toBe(lang);
    }
  });
});

describe("forms in the player's language", () => {
  it("shows client validation and server errors in the page's language", async () => {
    const context = await contextFor('en-US');
    const page = await context.newPage();
    const problems = new PageProblems(page, [/HTTP 401: POST .*\/api\/auth\/login/, /status of 401 .*\/api\/auth\/login/]);
    await page.goto(e2e.server.url('localhost', '/vi/login'));
    await waitForHydration(page, 'form.auth-form button[type="submit"]');
    const form = page.locator('#main form.auth-form');
    await form.locator('button[type="submit"]').click();
    // An empty account id breaks the shared rule of its length: its key, in Vietnamese.
    await expect.poll(() => form.locator('.field__error').first().textContent()).toBe(vi('validation:accountIdLength'));

    await form.locator('input[autocomplete="username"]').fill('demo');
    await form.locator('input[type="password"]').fill('wrong-pass1');
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.textContent()).toContain(vi('errors:invalidCredentials'));
    expect(problems.list).toEqual([]);
  });
});
