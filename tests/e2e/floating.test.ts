import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, PageProblems, logInAsDemo, newContext, screenshots, type Viewport } from './browser';
import { LIVE_CHAT_SCRIPT_URL } from '../../packages/web/app/floating/live-chat';
import { allowConsoleErrors } from './console-errors';

/**
 * The floating elements of docs/product.md §2 in Chromium against the built server: the rewards icon, the
 * partners panel and modal, the live-chat button, the announcement modal once per visit, the
 * app-download bar, the /preloader screen, the route progress bar and the page lifecycle. What the
 * layer does on phones and when the announcement may open (ADR 0057) is in calm-screen.test.ts.
 */

let context: BrowserContext;

const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/** Stands in for LiveChat's script: a widget that records its calls. */
const MOCK_WIDGET = 'window.LiveChatWidget = { call(...args) { (window.__lcCalls ||= []).push(args) }, on() {} };';

const e2e = useServerAndBrowser();

/** A context whose visit has already seen the announcement (it would cover what the test looks at). */
async function quietContext(viewport: Viewport = DESKTOP, options: { userAgent?: string } = {}): Promise<BrowserContext> {
  return newContext(e2e.browser, viewport, options);
}

beforeEach(async () => {
  context = await quietContext();
});

afterEach(async () => {
  await context?.close();
});

/** Opens a page and waits until the page lifecycle is ready (hydration done). */
async function open(host: string, pathname: string, options: { page?: Page; allow?: RegExp[] } = {}) {
  const page = options.page ?? (await context.newPage());
  const problems = new PageProblems(page, options.allow);
  await page.goto(e2e.server.url(host, pathname), { waitUntil: 'load' });
  await waitUntilReady(page);
  return { page, problems };
}

function waitUntilReady(page: Page): Promise<unknown> {
  return page.waitForFunction(() => document.documentElement.dataset.lifecycle === 'ready', undefined, { timeout: 15_000 });
}

describe('floating elements in Chromium', () => {
  it('1. rewards icon for a guest: the login modal on template4, /login on template1; closing hides it for the visit', async () => {
    const casino4 = await open('casino4.localhost', '/');
    await expect(casino4.page.locator('html').getAttribute('data-template')).resolves.toBe('template4');
    const rewards = casino4.page.getByRole('button', { name: 'Rewards', exact: true });
    await rewards.click();
    const login = casino4.page.locator('dialog[data-modal="login"]');
    await login.waitFor();
    expect(await login.isVisible(), 'login modal').toBe(true);
    expect(casino4.page.url()).toBe(e2e.server.url('casino4.localhost', '/'));
    await casino4.page.keyboard.press('Escape');
    await login.waitFor({ state: 'detached' });
    await screenshots(casino4.page, 'floating-casino4');
    expect(casino4.problems.list).toEqual([]);

    const casino1 = await open('casino1.localhost', '/');
    await casino1.page.getByRole('link', { name: 'Rewards', exact: true }).click();
    await casino1.page.waitForURL((url) => url.pathname === '/login');
    // The login page's own requests (route discovery) finish before the test leaves it.
    await casino1.page.waitForLoadState('networkidle');

    // Closing: gone, also after a reload in the same tab session; back in a new visit.
    await casino1.page.goto(e2e.server.url('casino1.localhost', '/'));
    await waitUntilReady(casino1.page);
    const icon = casino1.page.locator('.floating-rewards');
    await icon.waitFor();
    await casino1.page.getByRole('button', { name: 'Hide the rewards icon' }).click();
    await icon.waitFor({ state: 'detached' });
    await casino1.page.reload();
    await waitUntilReady(casino1.page);
    await casino1.page.locator('.floating-button--chat').waitFor();
    expect(await icon.count(), 'rewards icon after a reload in the same visit').toBe(0);
    expect(casino1.problems.list).toEqual([]);

    const next = await quietContext();
    const nextPage = await next.newPage();
    await nextPage.goto(e2e.server.url('casino1.localhost', '/'));
    await waitUntilReady(nextPage);
    await nextPage.locator('.floating-rewards').waitFor();
    await next.close();
  });

  it('2. rewards icon for a player: the minigame opens in a new tab', async () => {
    const { page, problems } = await open('casino1.localhost', '/');
    await logInAsDemo(page, 'casino1');
    await page.reload();
    await waitUntilReady(page);
    const rewards = page.getByRole('link', { name: 'Rewards (opens in a new tab)' });
    await rewards.waitFor();
    expect(await rewards.getAttribute('target')).toBe('_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), rewards.click()]);
    await tab.waitForLoadState('load');
    expect(new URL(tab.url()).pathname).toBe('/minigame');
    expect(new URL(page.url()).pathname, 'the site stays open in its own tab').toBe('/');
    await tab.close();
    expect(problems.list).toEqual([]);
  });

  it('3. partners: the panel collapses and expands (kept for the visit); the modal lists logos, names and links; Escape closes it', async () => {
    const { page, problems } = await open('casino1.localhost', '/');
    const panel = page.getByRole('region', { name: 'Partners panel', exact: true });
    await panel.waitFor();
    const toggle = panel.getByRole('button', { name: 'Partner logos' });
    expect(await toggle.getAttribute('aria-expanded'), 'collapsed until the player opens it').toBe('false');
    expect(await panel.locator('.partners-panel__logos').isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.locator('.partners-panel__logos a').count()).toBeGreaterThan(0);
    await page.reload();
    await waitUntilReady(page);
    await panel.waitFor();
    expect(await panel.getByRole('button', { name: 'Partner logos' }).getAttribute('aria-expanded'), 'still expanded after a reload').toBe('true');
    await panel.getByRole('button', { name: 'Partner logos' }).click();
    expect(await panel.getByRole('button', { name: 'Partner logos' }).getAttribute('aria-expanded')).toBe('false');

    await panel.getByRole('button', { name: 'Partners', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Our partners' });
    await dialog.waitFor();
    const links = dialog.locator('a.partners-list__link');
    const entries = await links.evaluateAll((anchors) =>
      (anchors as HTMLAnchorElement[]).map((anchor) => ({
        name: anchor.querySelector('.partners-list__name')?.textContent ?? '',
        href: anchor.href,
        target: anchor.target,
        rel: anchor.rel,
        logo: (anchor.querySelector('img') as HTMLImageElement | null)?.naturalWidth ?? 0,
      })),
    );
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.name.trim(), 'partner name').not.toBe('');
      expect(entry.href).toMatch(/^https:\/\//);
      expect(entry.target).toBe('_blank');
      expect(entry.rel.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
      expect(entry.logo, `logo of ${entry.name} loaded`).toBeGreaterThan(0);
    }
    await screenshots(page, 'floating-partners');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems.list).toEqual([]);
  });

  it('4. live chat: the button maximises the widget; without the widget only an error is logged', async () => {
    await context.route(LIVE_CHAT_SCRIPT_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: MOCK_WIDGET }));
    const { page, problems } = await open('casino1.localhost', '/');
    const chat = page.getByRole('button', { name: 'Live chat' });
    await chat.click();
    await page.waitForFunction(() => (window as { __lcCalls?: unknown[][] }).__lcCalls?.some((call) => call[0] === 'maximize'));
    const settings = await page.evaluate(() => (window as { __lc?: Record<string, unknown> }).__lc);
    expect(settings).toMatchObject({ license: 'chat-casino1', integration_name: 'manual_onboarding' });
    expect(problems.list).toEqual([]);

    // The network closed for the widget's script: the page carries on, the click only logs.
    allowConsoleErrors(/ERR_INTERNET_DISCONNECTED .*tracking\.js/, /Live chat widget is not ready/);
    const offline = await quietContext();
    await offline.route(LIVE_CHAT_SCRIPT_URL, (route) => route.abort('internetdisconnected'));
    const errors: string[] = [];
    const other = await offline.newPage();
    other.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const otherProblems = new PageProblems(other, [/Live chat widget is not ready/, /tracking\.js/, /Failed to load resource/]);
    await other.goto(e2e.server.url('casino1.localhost', '/'));
    await waitUntilReady(other);
    await other.getByRole('button', { name: 'Live chat' }).click();
    await expect.poll(() => errors.includes('Live chat widget is not ready')).toBe(true);
    expect(await other.locator('dialog[open], .toast').count(), 'nothing shown to the player').toBe(0);
    expect(otherProblems.list).toEqual([]);
    await offline.close();
  });

  it('5. announcement: shown on the first page of a visit, not after navigation or a reload in the same tab', async () => {
    // A context of its own: nothing marks the announcement as seen.
    const fresh = await e2e.browser.newContext({ viewport: { ...DESKTOP }, locale: 'en-US', timezoneId: 'UTC' });
    try {
      const page = await fresh.newPage();
      const problems = new PageProblems(page);
      await page.goto(e2e.server.url('slot1.localhost', '/'));
      const dialog = page.locator('dialog[data-modal="announcement"]');
      await dialog.waitFor();
      expect(await dialog.locator('.announcement__title').count()).toBeGreaterThan(0);
      expect((await dialog.locator('.announcement__body').first().textContent())?.trim()).not.toBe('');
      await screenshots(page, 'floating-announcement');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.locator('a[href="/slots"]').first().click();
      await page.waitForURL((url) => url.pathname === '/slots');
      await page.reload();
      await waitUntilReady(page);
      // Give a (wrongly) repeated announcement the time to arrive.
      await page.waitForLoadState('networkidle');
      expect(await dialog.count(), 'no announcement again in the same visit').toBe(0);
      expect(problems.list).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('6. app-download bar on a phone: one slim row, store link, closable for the visit; none at 1280 px', async () => {
    const { page } = await open('casino1.localhost', '/');
    expect(await page.locator('.app-bar').count(), 'no app bar on a desktop').toBe(0);

    const phone = await quietContext(MOBILE, { userAgent: ANDROID_PHONE });
    try {
      const mobile = await phone.newPage();
      const problems = new PageProblems(mobile);
      await mobile.goto(e2e.server.url('casino1.localhost', '/'));
      await waitUntilReady(mobile);
      const bar = mobile.getByRole('complementary', { name: 'Get the app' });
      await bar.waitFor();
      const action = bar.getByRole('link', { name: 'Get the app' });
      expect(await action.getAttribute('href')).toMatch(/^https:\/\/play\.google\.com\//);
      expect(await action.getAttribute('target')).toBe('_blank');
      expect(await bar.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // The floating buttons sit above the bar, nothing overlaps; the bar is one slim row (ADR 0057).
      const [barBox, chatBox] = await Promise.all([bar.boundingBox(), mobile.locator('.floating-button--chat').boundingBox()]);
      expect(chatBox!.y + chatBox!.height).toBeLessThanOrEqual(barBox!.y);
      expect(barBox!.height).toBeLessThanOrEqual(56);
      // On a phone the partners are in the page flow, not in the dock (ADR 0057).
      expect(await mobile.locator('.floating-dock .partners-panel').count()).toBe(0);
      await mobile.locator('.partners-strip').waitFor();
      await screenshots(mobile, 'floating-phone');
      await bar.getByRole('button', { name: 'Close the app banner' }).click();
      await bar.waitFor({ state: 'detached' });
      await mobile.reload();
      await waitUntilReady(mobile);
      await mobile.locator('.floating-button--chat').waitFor();
      expect(await mobile.locator('.app-bar').count(), 'closed for the visit').toBe(0);
      expect(problems.list).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('7. /preloader: the branded loading screen; the startup overlay never shows in the server HTML', async () => {
    const { page, problems } = await open('sportsbook1.localhost', '/preloader');
    await expect(page.title()).resolves.toMatch(/^Loading · \S/);
    const screen = page.locator('.preloader--screen');
    expect(await screen.isVisible()).toBe(true);
    expect(await screen.getByRole('status').textContent()).toBe('Loading…');
    expect(await screen.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.locator('.floating-dock').count(), 'nothing floats over the preloader').toBe(0);
    await screenshots(page, 'floating-preloader');
    expect(problems.list).toEqual([]);

    // Without scripts the overlay is in the HTML but hidden.
    const still = await e2e.browser.newContext({ viewport: { ...DESKTOP }, javaScriptEnabled: false });
    try {
      const html = await still.newPage();
      await html.goto(e2e.server.url('casino1.localhost', '/'));
      await html.waitForTimeout(500);
      const overlay = html.locator('.preloader--overlay');
      expect(await overlay.count()).toBe(1);
      expect(await overlay.isVisible()).toBe(false);
      expect(await html.locator('html').getAttribute('data-lifecycle')).not.toBe('ready');
      expect(await html.locator('meta[name="wl-startup"]').count(), 'no client startup without scripts').toBe(0);
    } finally {
      await still.close();
    }
  });

  it('8. page lifecycle and the route progress bar of a slow route change', async () => {
    const { page, problems } = await open('casino1.localhost', '/');
    await expect(page.locator('html').getAttribute('data-lifecycle')).resolves.toBe('ready');
    expect(await page.locator('.preloader--overlay').count(), 'no startup overlay once ready').toBe(0);
    expect(await page.locator('meta[name="wl-startup"]').count(), 'startup marker gone once ready').toBe(0);

    // Hold back what the next page needs (its code, route manifest or data): the route change outlasts the 100 ms delay.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[^/]*\.js$|\/__manifest\?|\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    const progress = page.getByRole('progressbar', { name: 'Loading the page' });
    await page.locator('a[href="/promotions"]').first().click();
    await progress.waitFor();
    release();
    await page.waitForURL((url) => url.pathname === '/promotions');
    await progress.waitFor({ state: 'detached' });
    expect(problems.list).toEqual([]);
  });
});
