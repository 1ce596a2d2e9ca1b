import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LOCALES, localePrefix, type LocaleCode } from '@wl/contracts';
import { startServer, type E2EServer } from './server';
import { seededDataDir } from './harness';
import { DESKTOP, MOBILE, PageProblems, horizontalOverflow, launchBrowser, newContext, screenshots, waitForHydration } from './browser';
import { allowConsoleErrors } from './console-errors';
import { enText, textsIn } from './texts';
import { LIVE_CHAT_SCRIPT_URL } from '../../packages/web/app/floating/live-chat';
import type { ScreenKey } from '../../packages/web/app/i18n/screen-titles';

/**
 * The content screens of issue 8 in Chromium against the built server: every content page answers
 * 200 with its title in every language of a demo site; a malicious CMS body (written straight
 * into the database, around the API's sanitising on write) renders inert; /faqs is an accordion;
 * /download shows both apps with QR codes and links; /contact-us lists the social accounts and
 * opens the live chat.
 */

const CONTENT_PATHS = ['/about', '/privacy-policy', '/banking', '/faqs', '/responsible-gaming', '/term-condition'] as const;
const MESSAGE_LOCALES = LOCALES.filter((locale) => locale.hasMessages);

/** The site whose about_us and faqs bodies are replaced with an attack in English. */
const XSS_SITE = 'casino2';
const XSS_BODY = [
  '<h3>Is this page safe?</h3>',
  '<p>Yes, it is.<img src="/nowhere.png" onerror="window.__xss = \'img\'"></p>',
  '<script>window.__xss = "script"</script>',
  '<p onclick="window.__xss = \'click\'">Inert paragraph</p>',
  '<a href="javascript:window.__xss=\'link\'">A bad link</a>',
  '<svg onload="window.__xss = \'svg\'"><circle r="1"/></svg>',
  '<iframe srcdoc="<script>parent.__xss = \'frame\'</script>"></iframe>',
  '<form action="https://evil.example.com"><button formaction="javascript:alert(1)">Go</button></form>',
  '<h3>And the second question?</h3>',
  '<p>Still <strong>safe</strong>.</p>',
].join('');

/** The widget's stand-in: records the calls the site makes. */
const MOCK_WIDGET = 'window.LiveChatWidget = { call(...args) { (window.__lcCalls ||= []).push(args) }, on() {} };';

/** Requests a test cuts short (images the malicious body points at, the cancelled loads of a navigation). */
const EXPECTED = [/Failed to load resource/, /nowhere\.png/];

let server: E2EServer;
let browser: Browser;
let context: BrowserContext;
let dataDir: string | undefined;
/** Puts the English bodies back (a shared PostgreSQL database outlives this file). */
let restore: (() => Promise<void>) | undefined;

/** Runs SQL on the test's database: PostgreSQL when E2E_DATABASE_URL is set, else the server's PGlite folder (the server stopped). */
async function withDatabase(run: (query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>) => Promise<void>): Promise<void> {
  if (process.env.E2E_DATABASE_URL) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await client.connect();
    try {
      await run((sql, params) => client.query(sql, params));
    } finally {
      await client.end();
    }
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dataDir!);
  try {
    await run((sql, params) => db.query(sql, params));
  } finally {
    await db.close();
  }
}

/** The site whose terms are switched off in every language: /term-condition shows the empty state there. */
const EMPTY_SITE = 'slot5';
const SWITCH_OFF = `update cms_pages set status = false where page = 'terms_conditions' and site_id = (select id from sites where external_id = $1) returning locale`;

const POISON = `update cms_pages set body = $1
  where page in ('about_us', 'faqs') and locale = 'EN' and site_id = (select id from sites where external_id = $2)
  returning page, body`;

beforeAll(async () => {
  const launching = launchBrowser();
  try {
    if (process.env.E2E_DATABASE_URL) {
      server = await startServer({ seededDataDir: seededDataDir() });
      let original: { page: string; body: string }[] = [];
      await withDatabase(async (query) => {
        const before = await query(`select page, body from cms_pages where page in ('about_us', 'faqs') and locale = 'EN' and site_id = (select id from sites where external_id = $1)`, [XSS_SITE]);
        original = before.rows as typeof original;
        await query(POISON, [XSS_BODY, XSS_SITE]);
        await query(SWITCH_OFF, [EMPTY_SITE]);
      });
      restore = () =>
        withDatabase(async (query) => {
          await query(`update cms_pages set status = true where page = 'terms_conditions' and site_id = (select id from sites where external_id = $1)`, [EMPTY_SITE]);
          for (const row of original) {
            await query(`update cms_pages set body = $1 where page = $2 and locale = 'EN' and site_id = (select id from sites where external_id = $3)`, [row.body, row.page, XSS_SITE]);
          }
        });
    } else {
      // The embedded database belongs to one process: seed it with a first run, write the attack while the server is stopped, start again.
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'wl-e2e-content-'));
      const seeding = await startServer({ env: { DATA_DIR: dataDir }, seededDataDir: seededDataDir() });
      await seeding.stop();
      await withDatabase(async (query) => {
        const changed = await query(POISON, [XSS_BODY, XSS_SITE]);
        expect(changed.rows).toHaveLength(2);
        expect((await query(SWITCH_OFF, [EMPTY_SITE])).rows.length).toBeGreaterThan(1);
      });
      server = await startServer({ env: { DATA_DIR: dataDir } });
    }
  } finally {
    browser = await launching;
  }
});

afterAll(async () => {
  try {
    await browser?.close();
    await restore?.();
  } finally {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
});

beforeEach(async () => {
  context = await newContext(browser, DESKTOP);
});

afterEach(async () => {
  await context?.close();
});

/** Opens a page and waits for React to hydrate its title (operator HTML inside is not React's). */
async function open(host: string, pathname: string, hydrated = 'main h1'): Promise<{ page: Page; problems: PageProblems }> {
  const page = await context.newPage();
  const problems = new PageProblems(page, EXPECTED);
  const response = await page.goto(server.url(host, pathname), { waitUntil: 'load' });
  expect(response?.status(), pathname).toBe(200);
  await waitForHydration(page, hydrated);
  return { page, problems };
}

/** The text of the page's one h1, from its HTML (entities of the titles decoded). */
function h1Of(html: string): string[] {
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) =>
    match[1]!.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').trim(),
  );
}

describe('content pages', () => {
  it('every content page answers 200 with its title in every language of the demo site, in that language when the page has it', async () => {
    const startup = (await (await fetch(server.url('localhost', '/api/startup'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ domain_name: 'localhost' }) })).json()) as { language: LocaleCode[] };
    const languages = MESSAGE_LOCALES.filter((locale) => startup.language.includes(locale.code));
    expect(languages.length).toBeGreaterThan(1);
    for (const locale of languages) {
      const t = await textsIn(locale.lang.toLowerCase());
      for (const pathname of CONTENT_PATHS) {
        const url = server.url('localhost', `${localePrefix(locale.code)}${pathname}`);
        const response = await fetch(url);
        const html = await response.text();
        expect(response.status, url).toBe(200);
        expect(h1Of(html), url).toEqual([t(`_m:${pathname.slice(1) as ScreenKey}`)]);
        // The demo has every page in every language: the player's own body, never the English one in its place.
        const kind = /data-content="(\w+)"/.exec(html)?.[1];
        expect(kind, url).toBe(pathname === '/faqs' ? 'faq' : 'page');
        const article = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
        if (locale.code !== 'EN') expect(article, url).not.toContain('lang="en"');
      }
    }
  });

  it('/about reads as a page at 375 px without sideways scrolling, and the terms show the friendly empty state', async () => {
    await context.close();
    context = await newContext(browser, MOBILE);
    const { page, problems } = await open('slot5.localhost', '/vi/about');
    await expect.poll(() => page.locator('.cms-body').textContent()).toContain('Candy Reels');
    const { scrollWidth, innerWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await screenshots(page, 'content-about');

    // Switched off in every language (beforeAll): nothing to show.
    await page.goto(server.url(`${EMPTY_SITE}.localhost`, '/term-condition'), { waitUntil: 'load' });
    const empty = page.getByTestId('content-empty');
    await empty.getByRole('heading', { level: 2, name: enText('content.emptyTitle') }).waitFor();
    expect(await empty.getByRole('link', { name: enText('content.backHome') }).getAttribute('href')).toBe('/');
    expect(problems.list).toEqual([]);
  });

  it('/faqs is an accordion: each question is a disclosure that opens with the keyboard', async () => {
    const { page, problems } = await open('casino1.localhost', '/faqs');
    const items = page.getByTestId('faq-item');
    expect(await items.count()).toBeGreaterThanOrEqual(3);
    expect(await items.evaluateAll((nodes) => nodes.every((node) => !(node as HTMLDetailsElement).open))).toBe(true);
    const question = items.first().locator('summary');
    await question.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => items.first().evaluate((node) => (node as HTMLDetailsElement).open)).toBe(true);
    await expect.poll(() => items.first().locator('.faq__answer').isVisible()).toBe(true);
    // One h1, then the body's headings: in order.
    expect(await page.locator('h1').count()).toBe(1);
    await screenshots(page, 'content-faqs');
    expect(problems.list).toEqual([]);
  });

  it('a malicious CMS body renders inert: no script runs and no handler, script or javascript: link survives', async () => {
    // The attack's image points nowhere (its onerror handler is what must not survive).
    allowConsoleErrors(/status of 404 .*\/nowhere\.png/);
    for (const pathname of ['/about', '/faqs']) {
      const { page, problems } = await open(`${XSS_SITE}.localhost`, pathname);
      const article = page.locator('article.content-page');
      await article.getByText('And the second question?').first().waitFor();
      if (pathname === '/faqs') {
        // The attack's own headings became questions; open them all.
        for (const summary of await page.locator('summary').all()) await summary.click();
      } else {
        await article.getByText('Inert paragraph').click();
      }
      await article.getByText('A bad link').click();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), pathname).toBeUndefined();
      const leftovers = await article.evaluate((root) => ({
        handlers: [...root.querySelectorAll('*')].flatMap((element) => element.getAttributeNames().filter((name) => name.startsWith('on'))),
        dangerous: root.querySelectorAll('script, iframe, svg:not(.icon), form, button:not(.btn), object, embed').length,
        javascriptLinks: [...root.querySelectorAll('[href], [src], [formaction]')].filter((element) =>
          /^\s*javascript:/i.test(element.getAttribute('href') ?? element.getAttribute('src') ?? element.getAttribute('formaction') ?? ''),
        ).length,
      }));
      expect(leftovers, pathname).toEqual({ handlers: [], dangerous: 0, javascriptLinks: 0 });
      expect(await article.locator('strong', { hasText: 'safe' }).count()).toBeGreaterThan(0);
      expect(problems.list.filter((problem) => !/Content.Security.Policy/i.test(problem))).toEqual([]);
      await page.close();
    }
  });
});

describe('/download', () => {
  it('shows the Android and iOS apps, each with a QR code and a link, and no install button where the browser offers none', async () => {
    const { page, problems } = await open('casino1.localhost', '/download');
    const apps = page.getByTestId('app-download');
    expect(await apps.count()).toBe(2);
    expect(await page.getByTestId('qr-code').count()).toBe(2);
    for (const [platform, label] of [
      ['android', enText('download.androidAction')],
      ['ios', enText('download.iosAction')],
    ] as const) {
      const app = page.locator(`[data-testid="app-download"][data-platform="${platform}"]`);
      const link = app.getByRole('link', { name: label });
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(await link.getAttribute('target')).toBe('_blank');
      const qr = app.getByRole('img', { name: enText('download.qrLabel', { platform: platform === 'android' ? enText('download.android') : enText('download.ios') }) });
      const box = await qr.boundingBox();
      expect(box?.width).toBeGreaterThan(100);
      expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d/);
    }
    // Headless Chromium offers no installation of this site: the button stays hidden, the hint shows.
    expect(await page.getByTestId('install-web-app').count()).toBe(0);
    await page.getByText(enText('download.installHint')).waitFor();
    await screenshots(page, 'content-download');
    expect(problems.list).toEqual([]);
  });

  it('shows the install button when the browser offers to install the web app', async () => {
    const { page, problems } = await open('sportsbook1.localhost', '/download');
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };
      event.prompt = async () => {
        (window as { __prompted?: boolean }).__prompted = true;
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(event);
    });
    const install = page.getByTestId('install-web-app');
    await install.click();
    await expect.poll(() => page.evaluate(() => (window as { __prompted?: boolean }).__prompted)).toBe(true);
    await install.waitFor({ state: 'detached' });
    expect(problems.list).toEqual([]);
  });
});

describe('/contact-us', () => {
  it("lists the site's social accounts with icons and links, and its button opens the live chat", async () => {
    await context.route(LIVE_CHAT_SCRIPT_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: MOCK_WIDGET }));
    const { page, problems } = await open('slot5.localhost', '/contact-us');
    const accounts = page.getByTestId('social-account');
    // The list the page was made from, asked in the page (Node resolves no *.localhost names).
    const reply = await page.evaluate(async () => {
      const response = await fetch('/api/settings/social_account', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain_name: 'slot5.localhost', external_id: 'slot5' }),
      });
      return (await response.json()) as { accountList: { name: string; link: string }[] };
    });
    expect(reply.accountList.length).toBeGreaterThan(0);
    expect(await accounts.count()).toBe(reply.accountList.length);
    for (const [index, account] of reply.accountList.entries()) {
      const entry = accounts.nth(index);
      await entry.scrollIntoViewIfNeeded();
      expect(await entry.getAttribute('href')).toBe(account.link);
      expect(await entry.textContent()).toContain(account.name);
      await expect.poll(() => entry.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await page.getByRole('button', { name: enText('contact.openChat') }).click();
    await page.waitForFunction(() => (window as { __lcCalls?: unknown[][] }).__lcCalls?.some((call) => call[0] === 'maximize'));
    await screenshots(page, 'content-contact');
    expect(problems.list).toEqual([]);
  });
});
