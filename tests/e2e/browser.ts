import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { LIVE_BALANCE_PATH, LIVE_SPORTS_PATH, SESSION_STORAGE_KEY } from '@wl/contracts';
import { VISIT_KEYS } from '../../packages/web/app/floating/visit-storage';
import { allowConsoleErrors, watchBrowser } from './console-errors';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page, type Request, type Response } from 'playwright-core';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 740 } as const;
export type Viewport = { readonly width: number; readonly height: number };

/** Flags that work as root and offline: without the background switches Chromium hammers the closed network. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium (or CHROMIUM_PATH) through playwright-core. */
export async function launchBrowser(): Promise<Browser> {
  // Every page of every context is watched for console errors (console-errors.ts).
  return watchBrowser(await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS }));
}

/**
 * A fresh context at the given viewport, in English (the default locale of docs/product.md D2) unless
 * `options` name another browser language, user agent or no JavaScript, as a visitor who has
 * already seen this visit's announcement: the modal would cover what most tests click. The
 * announcement's own tests build their contexts without this.
 */
export async function newContext(
  browser: Browser,
  viewport: Viewport = DESKTOP,
  options: Pick<BrowserContextOptions, 'locale' | 'userAgent' | 'javaScriptEnabled' | 'hasTouch' | 'isMobile' | 'bypassCSP'> = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { ...viewport }, locale: 'en-US', timezoneId: 'UTC', ...options });
  // Runs in every frame too: a third-party frame (a game provider's) may not touch storage.
  await context.addInitScript((key) => {
    try {
      window.sessionStorage.setItem(key, '1');
    } catch {
      // Not this site's frame: nothing to mark.
    }
  }, VISIT_KEYS.announcementShown);
  return context;
}

/** A page of a new context (newContext's) for a screen size, and the press of a person on it. */
export interface PressablePage {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
  /** A tap on a phone-sized screen (the context takes touches there), a click on a larger one. */
  press(target: Locator): Promise<void>;
}

export async function newPressablePage(browser: Browser, viewport: Viewport, allow: RegExp[] = []): Promise<PressablePage> {
  const touch = viewport.width < 500;
  const context = await newContext(browser, viewport, touch ? { hasTouch: true, isMobile: true } : {});
  const page = await context.newPage();
  return { context, page, problems: new PageProblems(page, allow), press: (target) => (touch ? target.tap() : target.click()) };
}

/**
 * Collects what should never happen on a page: console errors, uncaught exceptions, failed
 * requests, and responses of 400 or more other than the main document (whose 404 or 503 is
 * expected on error pages and checked by the tests themselves). Chromium's own console line for
 * that document ("Failed to load resource: ... status of 404") is left out for the same reason.
 * `allow` lists patterns of further messages a test expects.
 */
export class PageProblems {
  private readonly problems: { text: string; source?: string }[] = [];
  private readonly documents = new Set<string>();

  constructor(
    page: Page,
    private readonly allow: readonly RegExp[] = [],
  ) {
    // What a test expects on this page is expected by the console check of the running test too (console-errors.ts).
    allowConsoleErrors(...allow);
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const source = message.location().url;
      const text = `console error: ${message.text()} (${source})`;
      this.problems.push(message.text().startsWith('Failed to load resource') ? { text, source } : { text });
    });
    page.on('pageerror', (error) => this.problems.push({ text: `uncaught exception: ${error.message}` }));
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? 'unknown error';
      // A navigation or reload cancels what the page still had in flight (images, prefetches): not a fault.
      if (reason === 'net::ERR_ABORTED') return;
      this.problems.push({ text: `request failed: ${request.method()} ${request.url()} (${reason})` });
    });
    page.on('response', (response) => {
      if (isMainDocument(page, response)) this.documents.add(response.url());
      else if (response.status() >= 400) this.problems.push({ text: `HTTP ${response.status()}: ${response.request().method()} ${response.url()}` });
    });
  }

  /** The problems seen so far. */
  get list(): string[] {
    return this.problems
      .filter((problem) => problem.source === undefined || !this.documents.has(problem.source))
      .map((problem) => problem.text)
      .filter((text) => !this.allow.some((pattern) => pattern.test(text)));
  }
}

function isMainDocument(page: Page, response: Response): boolean {
  const request = response.request();
  return request.resourceType() === 'document' && request.isNavigationRequest() && request.frame() === page.mainFrame();
}

/** Resolves once React has hydrated the element the selector names (React tags hydrated DOM nodes). */
export async function waitForHydration(page: Page, selector = 'body a[href]'): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const element = document.querySelector(sel);
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    },
    selector,
    { timeout: 15_000 },
  );
}

/**
 * Follows a page's requests, so a test can wait for a quiet network: none in flight for `idleMs`.
 * Playwright's 'networkidle' never comes on a player's page, whose live balance stream
 * (ADR 0031) stays open for as long as the page, nor on a page showing prices, with its live sports
 * board stream (ADR 0036); those streams are not counted here.
 */
export function followNetwork(page: Page): { quiet(idleMs?: number, timeoutMs?: number): Promise<void> } {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const counted = (request: Request) => {
    const path = new URL(request.url()).pathname;
    return path !== LIVE_BALANCE_PATH && path !== LIVE_SPORTS_PATH;
  };
  page.on('request', (request) => {
    if (!counted(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet(idleMs = 500, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < idleMs) {
        if (Date.now() > deadline) throw new Error(`the network stayed busy: ${[...inFlight].map((request) => request.url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Whether the page scrolls sideways. */
export function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

/**
 * Full-page screenshots at 1280 and 375 px into E2E_SCREENSHOT_DIR as `<name>-1280.png` and
 * `<name>-375.png` (nothing when the variable is not set). The page's viewport is restored after.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const original = page.viewportSize();
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize({ ...viewport });
    // A full-page capture draws beyond the viewport without scrolling: sections left unrendered
    // until they come near the screen (content-visibility: auto) are drawn for it.
    await page.screenshot({
      path: path.join(dir, `${name}-${viewport.width}.png`),
      fullPage: true,
      animations: 'disabled',
      style: '* { content-visibility: visible !important; }',
    });
  }
  if (original) await page.setViewportSize(original);
}

/** Logs the demo player in through the API and keeps the session where the site keeps it. */
export function logInAsDemo(page: Page, externalId: string): Promise<void> {
  return logInThroughApi(page, externalId, 'demo', 'demo1234');
}

/** Logs a player of the page's site in through the API and keeps the session where the site keeps it. */
export async function logInThroughApi(page: Page, externalId: string, accountId: string, password: string): Promise<void> {
  await page.evaluate(
    async ({ externalId: id, accountId: account, password: secret, key }) => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account_id: account, password: secret, domain_name: location.hostname, external_id: id }),
      });
      const reply = (await response.json()) as { statusCode: number; token: string; user: unknown; fullname: string; email: string };
      if (reply.statusCode !== 1) throw new Error(`login failed: ${JSON.stringify(reply)}`);
      const session = {
        isAuthenticated: true,
        user: reply.user,
        token: reply.token,
        game: null,
        fullname: reply.fullname,
        email: reply.email,
        game_fav_list: [],
        vip: null,
        minigame: null,
      };
      localStorage.setItem(key, JSON.stringify(session));
    },
    { externalId, accountId, password, key: SESSION_STORAGE_KEY },
  );
}
