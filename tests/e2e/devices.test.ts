import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Cookie, Page } from 'playwright-core';
import { VIEWPORT_COOKIE } from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, PageProblems, newContext, screenshots, type Viewport } from './browser';
import { allowConsoleErrors } from './console-errors';

/**
 * Devices and viewports (issue 6, docs/product.md §3 and §9) in Chromium against the built server: the
 * `viewport` cookie is written by the browser and honoured by the server on the next visit, a
 * phone's user agent alone gets the phone breakpoint, and the device descriptor follows resizes.
 */

const contexts: BrowserContext[] = [];

const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const MAC_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const HOST = 'casino1.localhost';
const DAY_SECONDS = 24 * 60 * 60;

const e2e = useServerAndBrowser();

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function context(viewport: Viewport, options: { userAgent?: string; javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  // As a visitor who has seen the announcement: its modal would cover the page.
  const created = await newContext(e2e.browser, viewport, options);
  contexts.push(created);
  return created;
}

async function open(from: BrowserContext, pathname = '/'): Promise<{ page: Page; problems: PageProblems }> {
  const page = await from.newPage();
  const problems = new PageProblems(page);
  await page.goto(e2e.server.url(HOST, pathname));
  await page.waitForFunction(() => document.documentElement.dataset.lifecycle === 'ready', undefined, { timeout: 15_000 });
  return { page, problems };
}

async function viewportCookie(from: BrowserContext): Promise<Cookie | undefined> {
  return (await from.cookies(e2e.server.url(HOST))).find((cookie) => cookie.name === VIEWPORT_COOKIE.name);
}

/** Waits until the viewport cookie holds the value. */
async function cookieBecomes(from: BrowserContext, value: string): Promise<Cookie> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const cookie = await viewportCookie(from);
    if (cookie?.value === value) return cookie;
    if (Date.now() > deadline) throw new Error(`viewport cookie is ${JSON.stringify(cookie?.value)}, not ${value}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The attributes of <html> in the server's HTML (the document response as it arrived, before any
 * script ran) of a visit to the home page in a new tab of the context.
 */
async function serverHtmlAttributes(from: BrowserContext): Promise<{ viewport?: string; device?: string }> {
  const page = await from.newPage();
  // Only the document: no script may run (and write the cookie) in this tab. The browser logs each load cut off.
  allowConsoleErrors(/Failed to load resource: net::ERR_FAILED/);
  await page.route((url) => url.pathname !== '/', (route) => route.abort());
  try {
    const response = await page.goto(e2e.server.url(HOST, '/'), { waitUntil: 'commit' });
    expect(response?.status()).toBe(200);
    const tag = /<html\b[^>]*>/.exec((await response?.text()) ?? '')?.[0] ?? '';
    return { viewport: /\sdata-viewport="([^"]*)"/.exec(tag)?.[1], device: /\sdata-device="([^"]*)"/.exec(tag)?.[1] };
  } finally {
    await page.close();
  }
}

function htmlAttribute(page: Page, name: string): Promise<string | null> {
  return page.locator('html').getAttribute(name);
}

describe('devices and viewports in Chromium', () => {
  it('1. at 375 px the viewport cookie is written: mobileMedium, 365 days, path /, SameSite Strict, Secure', async () => {
    const phone = await context(MOBILE);
    expect(await viewportCookie(phone), 'no cookie before the first visit').toBeUndefined();
    const { page, problems } = await open(phone);
    const cookie = await cookieBecomes(phone, 'mobileMedium');
    expect(cookie.path).toBe('/');
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.secure).toBe(true);
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(365 * DAY_SECONDS - 120);
    expect(cookie.expires - Date.now() / 1000).toBeLessThan(365 * DAY_SECONDS + 120);
    expect(await htmlAttribute(page, 'data-viewport')).toBe('mobileMedium');
    // The first visit was rendered for a desktop: hydration still matched (no console errors).
    expect(problems.list).toEqual([]);
  });

  it("2. the next visit's server HTML is rendered for the saved breakpoint, and hydrates without a mismatch", async () => {
    const phone = await context(MOBILE);
    await open(phone);
    await cookieBecomes(phone, 'mobileMedium');
    expect(await serverHtmlAttributes(phone)).toEqual({ viewport: 'mobileMedium', device: 'desktop' });
    // Without the cookie the same browser gets the fallback breakpoint.
    expect(await serverHtmlAttributes(await context(MOBILE))).toEqual({ viewport: 'desktop', device: 'desktop' });

    const { page, problems } = await open(phone);
    expect(await htmlAttribute(page, 'data-viewport')).toBe('mobileMedium');
    await screenshots(page, 'devices-second-visit');
    expect(problems.list).toEqual([]);

    // Without script: the page as the server rendered it for the saved breakpoint, phone navigation showing.
    const still = await context(MOBILE, { javaScriptEnabled: false });
    await still.addCookies([{ name: VIEWPORT_COOKIE.name, value: 'mobileMedium', url: e2e.server.url(HOST), sameSite: 'Strict', secure: true }]);
    const html = await still.newPage();
    await html.goto(e2e.server.url(HOST, '/'));
    expect(await htmlAttribute(html, 'data-viewport')).toBe('mobileMedium');
    expect(await html.locator('.mobile-nav').first().isVisible(), 'phone navigation').toBe(true);
    expect(await html.locator('.main-nav').first().isVisible(), 'desktop navigation').toBe(false);
  });

  it('3. resizing to 1280 px updates the cookie and the breakpoint', async () => {
    const phone = await context(MOBILE);
    const { page, problems } = await open(phone);
    await cookieBecomes(phone, 'mobileMedium');
    await page.setViewportSize({ ...DESKTOP });
    await cookieBecomes(phone, 'desktopMedium');
    await page.waitForFunction(() => document.documentElement.dataset.viewport === 'desktopMedium');
    await page.setViewportSize({ width: 800, height: 1000 });
    await cookieBecomes(phone, 'tablet');
    expect(await serverHtmlAttributes(phone)).toMatchObject({ viewport: 'tablet' });
    expect(problems.list).toEqual([]);
  });

  it("4. a phone's user agent without a cookie gets the phone breakpoint from the server", async () => {
    expect(await serverHtmlAttributes(await context(MOBILE, { userAgent: IPAD }))).toEqual({ viewport: 'tablet', device: 'tablet' });
    const android = await context(MOBILE, { userAgent: ANDROID_PHONE });
    expect(await serverHtmlAttributes(android)).toEqual({ viewport: 'mobile', device: 'phone' });

    const { page, problems } = await open(android);
    // The browser then measures its own width (375 px: mobileMedium) and saves it.
    await cookieBecomes(android, 'mobileMedium');
    expect(await htmlAttribute(page, 'data-device')).toBe('phone');
    const bar = page.getByRole('complementary', { name: 'Get the app' });
    await bar.waitFor();
    expect(await bar.getByRole('link').first().getAttribute('href')).toMatch(/^https:\/\/play\.google\.com\//);
    await screenshots(page, 'devices-android-phone');
    expect(problems.list).toEqual([]);
  });

  it('5. the descriptor is refreshed after a resize: touch points make a Mac an iPad, a new user agent is parsed', async () => {
    const mac = await context(DESKTOP, { userAgent: MAC_SAFARI });
    const { page, problems } = await open(mac);
    expect(await htmlAttribute(page, 'data-device')).toBe('desktop');
    expect(await page.locator('.app-bar').count(), 'no app bar on a Mac').toBe(0);

    // iPadOS in desktop mode: the same Mac user agent, but a touch screen.
    const cdp = await mac.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    expect(await page.evaluate(() => navigator.maxTouchPoints)).toBe(5);
    await page.waitForTimeout(200);
    expect(await htmlAttribute(page, 'data-device'), 'nothing changes before a resize').toBe('desktop');
    await page.setViewportSize({ width: 1024, height: 1366 });
    await page.waitForFunction(() => document.documentElement.dataset.device === 'tablet');
    const bar = page.getByRole('complementary', { name: 'Get the app' });
    await bar.waitFor();
    expect(await bar.getByRole('link').first().getAttribute('href'), 'the App Store for an iPad').toMatch(/^https:\/\/apps\.apple\.com\//);
    await screenshots(page, 'devices-ipad-desktop-mode');

    // Device emulation switches the user agent: the parser (loaded now) reads it after the next resize.
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
    await cdp.send('Emulation.setUserAgentOverride', { userAgent: ANDROID_PHONE });
    await page.setViewportSize({ width: 412, height: 915 });
    await page.waitForFunction(() => document.documentElement.dataset.device === 'phone');
    expect(await bar.getByRole('link').first().getAttribute('href')).toMatch(/^https:\/\/play\.google\.com\//);
    expect(await htmlAttribute(page, 'data-viewport')).toBe('mobileMedium');
    expect(problems.list).toEqual([]);
  });
});
