import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, newPressablePage, waitForHydration, type PressablePage, type Viewport } from './browser';
import { enText } from './texts';

/**
 * A guest plays the house games for fun from the site (issue 23 §2, README "House games: the
 * studio") in Chromium against the built server: a guest's tile of a house game opens
 * /playnow?…&demo=1, which the guard lets a guest into; the page frames the studio's play-money
 * page under a "Play for fun" badge, a round of Hash Parity is played in the frame, and no
 * wallet of the site moves. The "Log in to play for real" button opens the template's login, and
 * a player who logs in there plays for real at once.
 */

const e2e = useServerAndBrowser();

/** Nothing may fail (the studio's page names an empty icon, so none is fetched). */
const ALLOWED: RegExp[] = [];

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A guest's page (newContext's), taking touches on a phone-sized screen. */
async function newGuestPage(viewport: Viewport): Promise<PressablePage> {
  const opened = await newPressablePage(e2e.browser, viewport, ALLOWED);
  context = opened.context;
  return opened;
}

/** The demo player's balance on a site, read through the API without keeping a session in the page. */
function sitePlayerBalance(page: Page, externalId: string): Promise<string> {
  return page.evaluate(async (id) => {
    const post = async (url: string, body: unknown) =>
      (await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as Record<string, unknown>;
    const login = await post('/api/auth/login', { account_id: 'demo', password: 'demo1234', domain_name: location.hostname, external_id: id });
    if (login.statusCode !== 1) throw new Error(`login failed: ${JSON.stringify(login)}`);
    const balance = await post('/api/auth/get_balance', { account_id: 'demo', auth: login.token });
    return String(balance.game_balance);
  }, externalId);
}

/** "₱1,002.50" → 1002.5. */
const amountOf = (text: string | null): number => Number((text ?? '').replace(/[^0-9.]/g, ''));

function studioHost(): string {
  return new URL(e2e.server.url('house.localhost', '/')).host;
}

/** Screenshots of what a test shows, into E2E_SCREENSHOT_DIR (nothing when it is not set). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled' });
}

describe("a guest plays a house game for fun from the site's tile", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`casino1 at ${viewport.width} px: the tile opens the demo in /playnow, a Hash Parity round is played with play money, no wallet moves`, async () => {
      const { page, problems, press } = await newGuestPage(viewport);
      await page.goto(e2e.server.url('casino1.localhost', '/'), { waitUntil: 'load' });
      const balanceBefore = await sitePlayerBalance(page, 'casino1');

      await page.goto(e2e.server.url('casino1.localhost', '/hash-game'), { waitUntil: 'load' });
      await waitForHydration(page, '.tile__link');
      const tile = page.locator('.tile[data-provider="HOUSE"][data-game-code="HASH-PARITY"]');
      await tile.waitFor();
      // The house games' tiles offer the demo; the other providers' keep the guarded link.
      await expect.poll(() => tile.getAttribute('data-demo')).toBe('true');
      expect(await tile.locator('.tile__badge--demo').textContent()).toBe(enText('lobby.badgeDemo'));
      const link = tile.locator('.tile__link');
      expect(await link.getAttribute('href')).toBe('/playnow?provider=HOUSE&game=HASH-PARITY&from=%2Fhash-game&demo=1');
      const others = page.locator('.tile:not([data-provider="HOUSE"]) .tile__link');
      expect(await others.count()).toBeGreaterThan(0);
      for (const href of await others.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) expect(href).not.toContain('demo=1');

      await tile.scrollIntoViewIfNeeded();
      await shot(page, `demo-tiles-${viewport.width}`);

      await press(link);
      await page.waitForURL((url) => url.pathname === '/playnow' && url.searchParams.get('demo') === '1');
      // Not sent to the login: the game's frame under the badge and the way to real play.
      await page.getByTestId('demo-badge').waitFor();
      expect(await page.getByTestId('demo-badge').textContent()).toBe(enText('play.demoBadge'));
      expect(await page.getByRole('button', { name: enText('play.demoLogin') }).isVisible()).toBe(true);
      expect(await page.getByTestId('game-balance').count()).toBe(0);
      const frameElement = page.locator('iframe.game-stage__frame');
      await frameElement.waitFor();
      const src = new URL((await frameElement.getAttribute('src')) ?? '');
      expect(src.host).toBe(studioHost());
      expect(src.pathname).toBe('/house/demo');
      expect(Object.fromEntries(src.searchParams)).toMatchObject({ game: 'HASH-PARITY', lang: 'en', currency: 'PHP' });
      expect(src.searchParams.get('return_url')).toBe(e2e.server.url('casino1.localhost', '/hash-game'));
      expect(await page.locator('.game-bar__name').textContent()).toBe('Hash Parity');

      // One round with play money in the studio's page.
      const game = page.frameLocator('iframe.game-stage__frame');
      await game.locator('.hg-game').waitFor({ timeout: 20_000 });
      await expect.poll(() => game.getByText('Demo · play money').isVisible()).toBe(true);
      const balance = game.locator('[data-testid="balance"]');
      await expect.poll(async () => amountOf(await balance.textContent())).toBe(1000);
      const even = game.getByRole('button', { name: /^Even/ });
      await press(even);
      await press(game.getByRole('button', { name: 'Bet', exact: true }));
      await game.locator('.hg-hash__result strong').waitFor();
      const hash = (await game.getByTestId('round-hash').textContent()) ?? '';
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      const won = Number.parseInt(hash.at(-1)!, 16) % 2 === 0;
      await expect.poll(async () => amountOf(await balance.textContent())).toBe(won ? 1000.94 : 999);
      await shot(page, `demo-hash-parity-${viewport.width}`);

      // Play money only: the site's wallet did not move.
      expect(await sitePlayerBalance(page, 'casino1')).toBe(balanceBefore);

      // casino1's guard sends a guest to its login page.
      await press(page.getByRole('button', { name: enText('play.demoLogin') }));
      await page.waitForURL((url) => url.pathname === '/login');
      expect(problems.list).toEqual([]);
    });
  }

  it("slot2: the login button opens the template's login dialog over the game; once logged in the same address plays for real", async () => {
    const { page, problems } = await newGuestPage(DESKTOP);
    await page.goto(e2e.server.url('slot2.localhost', '/playnow?provider=HOUSE&game=MINES&demo=1'), { waitUntil: 'load' });
    await waitForHydration(page, '.game-bar__close');
    const frameElement = page.locator('iframe.game-stage__frame');
    await expect.poll(async () => new URL((await frameElement.getAttribute('src')) ?? 'http://x/').pathname, { timeout: 15_000 }).toBe('/house/demo');
    await page.frameLocator('iframe.game-stage__frame').locator('.hg-game').waitFor({ timeout: 20_000 });
    await shot(page, 'demo-slot2-mines-1280');

    await page.getByRole('button', { name: enText('play.demoLogin') }).click();
    const dialog = page.locator('dialog[data-modal="login"][open]');
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/playnow');
    await dialog.locator('input[name="account_id"]').fill('demo');
    await dialog.locator('input[name="password"]').fill('demo1234');
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached' });

    // The player plays for real: a signed launch of the studio, the balance in the bar, no badge.
    await expect.poll(async () => new URL((await frameElement.getAttribute('src')) ?? 'http://x/').pathname, { timeout: 15_000 }).toBe('/house/play');
    expect(new URL((await frameElement.getAttribute('src')) ?? '').searchParams.has('signature')).toBe(true);
    await expect.poll(() => page.getByTestId('game-balance').textContent()).toMatch(/\d/);
    expect(await page.getByTestId('demo-badge').count()).toBe(0);
    await page.frameLocator('iframe.game-stage__frame').locator('.hg-game').waitFor({ timeout: 20_000 });
    expect(problems.list).toEqual([]);
  });
});
