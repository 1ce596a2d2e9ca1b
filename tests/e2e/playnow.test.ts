import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { TIMINGS } from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, PageProblems, logInAsDemo, newContext, screenshots, waitForHydration, type Viewport } from './browser';
import { enText, textsIn } from './texts';
import { startMockProvider, type MockProvider } from './mock-provider';

/**
 * Launching games (issue 7) in Chromium against the built server, with a mock game provider
 * (mock-provider.ts) configured for PG (framed on /playnow) and EVOPLAY (docs/product.md §9 'popup'): a
 * guest's tile click meets the template's guard, a player's opens /playnow with the game framed
 * and the balance shown, EVOPLAY opens a window of its own, and a provider without an
 * integration (JILI) answers the translated "not available" page.
 */

/** Requests a test cuts short by navigating on are no fault. */
const EXPECTED = [/Failed to load resource: net::ERR_/];

let mock: MockProvider;
const serverOptions: { env: Record<string, string> } = { env: {} };
// Registered before the harness's own hook: the provider listens before the server reads its address.
beforeAll(async () => {
  mock = await startMockProvider();
  serverOptions.env.GAME_PROVIDERS = mock.gameProvidersEnv(['PG', 'EVOPLAY']);
});
const e2e = useServerAndBrowser(serverOptions);
afterAll(async () => {
  await mock?.close();
});

let context: BrowserContext;
afterEach(async () => {
  await context?.close();
});

async function open(
  host: string,
  pathname: string,
  options: { player?: boolean; viewport?: Viewport; allow?: RegExp[] } = {},
): Promise<{ page: Page; problems: PageProblems }> {
  context = await newContext(e2e.browser, options.viewport ?? DESKTOP);
  const page = await context.newPage();
  const problems = new PageProblems(page, [...EXPECTED, ...(options.allow ?? [])]);
  if (options.player) {
    await page.goto(e2e.server.url(host, '/'), { waitUntil: 'load' });
    await logInAsDemo(page, host.split('.')[0]!);
  }
  await page.goto(e2e.server.url(host, pathname), { waitUntil: 'load' });
  await waitForHydration(page, '.tile__link, .game-bar__close');
  return { page, problems };
}

/** The first tile of a provider on the page, and the game it names. */
async function tileOf(page: Page, provider: string): Promise<{ link: ReturnType<Page['locator']>; gameCode: string }> {
  const tile = page.locator(`.tile[data-provider="${provider}"]`).first();
  await tile.waitFor();
  return { link: tile.locator('.tile__link'), gameCode: (await tile.getAttribute('data-game-code')) ?? '' };
}

describe('a guest', () => {
  it('clicking a tile on casino1 reaches /playnow and is sent to /login', async () => {
    const { page, problems } = await open('casino1.localhost', '/slots?provider=pgsoft');
    const { link } = await tileOf(page, 'PG');
    expect(await link.getAttribute('href')).toMatch(/^\/playnow\?provider=PG&game=/);
    await link.click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(mock.launches).toHaveLength(0);
    expect(problems.list).toEqual([]);
  });

  it('clicking a tile on slot2 is sent to / and gets the login modal a second later', async () => {
    const { page, problems } = await open('slot2.localhost', '/slots?provider=pgsoft');
    const { link } = await tileOf(page, 'PG');
    await link.click();
    await page.waitForURL((url) => url.pathname === '/');
    const arrived = Date.now();
    await page.locator('dialog[data-modal="login"][open]').waitFor();
    expect(Date.now() - arrived).toBeGreaterThanOrEqual(TIMINGS.loginModalDelayMs - 150);
    expect(problems.list).toEqual([]);
  });
});

describe('a player', () => {
  it('clicking a PG tile opens /playnow with the game framed, the balance shown, and close goes back to the lobby', async () => {
    const { page, problems } = await open('casino1.localhost', '/slots?provider=pgsoft', { player: true });
    const { link, gameCode } = await tileOf(page, 'PG');
    const launches = mock.launches.length;
    await link.click();
    await page.waitForURL((url) => url.pathname === '/playnow');
    expect(new URL(page.url()).searchParams.get('game')).toBe(gameCode);

    // The provider's page, in the frame: the CSP lets the configured http origin in.
    const frame = page.frameLocator('iframe.game-stage__frame');
    await expect.poll(() => frame.getByTestId('mock-game').textContent(), { timeout: 15_000 }).toBe(gameCode);
    expect(await frame.getByTestId('mock-signature').textContent()).toBe('signature verified');
    const launch = mock.launches.at(-1)!;
    expect(mock.launches.length).toBe(launches + 1);
    expect(launch).toMatchObject({ signed: true, params: { game: gameCode, device: 'desktop' } });
    expect(launch.params.token).not.toBe('');

    // Full screen: the layer covers the viewport, the bar names the game and shows the balance.
    const layer = await page.getByTestId('game-layer').boundingBox();
    expect(layer).toMatchObject({ x: 0, y: 0, width: DESKTOP.width, height: DESKTOP.height });
    expect(await page.getByTestId('game-layer').getAttribute('data-stage')).toBe('frame');
    const gameName = (await page.locator('.game-bar__name').textContent()) ?? '';
    expect(gameName.length).toBeGreaterThan(0);
    expect(await page.locator('iframe.game-stage__frame').getAttribute('title')).toBe(enText('play.frameTitle', { game: gameName }));
    await expect.poll(() => page.getByTestId('game-balance').textContent()).toMatch(/\d/);
    await screenshots(page, 'playnow-casino1');

    await page.getByRole('link', { name: enText('play.close') }).click();
    await page.waitForURL((url) => url.pathname === '/slots' && url.searchParams.get('provider') === 'pgsoft');
    await page.locator('.tile').first().waitFor();
    expect(await page.getByTestId('game-layer').count()).toBe(0);
    expect(problems.list).toEqual([]);
  });

  it("the provider's server plays the launched session: a signed debit is taken, its bytes sent to credit pay nothing", async () => {
    // The session the previous test launched from the browser: the token reached the provider's page.
    const launch = mock.launches.findLast((entry) => entry.params.game.startsWith('PG-'));
    expect(launch, 'a PG launch of the test before').toBeDefined();
    const call = async (action: string, body: string, headers: Record<string, string>) => {
      const response = await fetch(`http://127.0.0.1:${e2e.server.port}/api/providers/PG/wallet/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      return { status: response.status, body: (await response.json()) as { status: string; code?: string; balance?: string } };
    };
    const token = launch!.params.token;
    const balanceBody = JSON.stringify({ type: 'balance', token });
    const before = await call('balance', balanceBody, mock.walletHeaders('/api/providers/PG/wallet/balance', balanceBody));
    expect(before.body.status).toBe('OK');
    const debit = JSON.stringify({ type: 'debit', token, transaction_id: `e2e-${Date.now()}`, round_id: 'e2e-round', amount: '0.01' });
    const headers = mock.walletHeaders('/api/providers/PG/wallet/debit', debit);
    const taken = await call('debit', debit, headers);
    expect(taken).toMatchObject({ status: 200, body: { status: 'OK' } });
    const replayed = await call('credit', debit, headers);
    expect(replayed).toMatchObject({ status: 401, body: { status: 'ERROR', code: 'INVALID_SIGNATURE' } });
    const after = await call('balance', balanceBody, mock.walletHeaders('/api/providers/PG/wallet/balance', balanceBody));
    expect(after.body.balance).toBe(taken.body.balance);
    expect(Number(after.body.balance)).toBeCloseTo(Number(before.body.balance) - 0.01, 4);
  });

  it('on a phone the game fills the screen under the bar, over the site header and app bar', async () => {
    const { page, problems } = await open('sportsbook1.localhost', '/playnow?provider=PG&game=PG-SLOTS-1', { player: true, viewport: MOBILE });
    const frame = page.frameLocator('iframe.game-stage__frame');
    await expect.poll(() => frame.getByTestId('mock-game').textContent(), { timeout: 15_000 }).toBe('PG-SLOTS-1');
    expect(mock.launches.at(-1)!.params.device).toBe('mobile');
    const bar = (await page.locator('.game-bar').boundingBox())!;
    const stage = (await page.locator('iframe.game-stage__frame').boundingBox())!;
    expect(bar).toMatchObject({ x: 0, y: 0, width: MOBILE.width });
    expect(stage.y).toBeCloseTo(bar.height, 0);
    expect(stage.width).toBe(MOBILE.width);
    expect(stage.y + stage.height).toBeCloseTo(MOBILE.height, 0);
    // What is on top at the screen's corners is the game layer, not the site's header or tab bar.
    const onTop = await page.evaluate(([w, h]) => [document.elementFromPoint(w! - 5, h! - 5), document.elementFromPoint(5, 5)].map((el) => !!el?.closest('.game-layer')), [MOBILE.width, MOBILE.height]);
    expect(onTop).toEqual([true, true]);
    // A game without `from` closes to its own lobby.
    expect(await page.getByRole('link', { name: enText('play.close') }).getAttribute('href')).toBe('/slots');
    expect(problems.list).toEqual([]);
  });

  it('clicking an EVOPLAY tile opens the game in a window of its own and stays on the lobby', async () => {
    const { page, problems } = await open('casino1.localhost', '/slots?provider=evoplay', { player: true });
    const { link, gameCode } = await tileOf(page, 'EVOPLAY');
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.waitForURL((url) => url.href.startsWith(mock.launchUrl), { timeout: 15_000 });
    expect(await popup.getByTestId('mock-game').textContent()).toBe(gameCode);
    expect(mock.launches.at(-1)).toMatchObject({ signed: true, params: { game: gameCode } });
    // The game window cannot reach back into the site's tab.
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/slots');
    await popup.close();
    expect(problems.list).toEqual([]);
  });

  it('/playnow of an EVOPLAY game says it opens in its own window, with a button that opens it', async () => {
    const { page, problems } = await open('casino1.localhost', '/playnow?provider=EVOPLAY&game=EVOPLAY-SLOTS-1&from=%2Fslots', { player: true });
    const notice = page.getByTestId('game-notice');
    await notice.getByText(enText('play.windowTitle')).waitFor();
    const [popup] = await Promise.all([page.waitForEvent('popup'), notice.getByRole('button', { name: enText('play.openGame') }).click()]);
    await popup.waitForURL((url) => url.href.startsWith(mock.launchUrl), { timeout: 15_000 });
    expect(await popup.getByTestId('mock-game').textContent()).toBe('EVOPLAY-SLOTS-1');
    await notice.getByText(enText('play.windowOpenTitle')).waitFor();
    await notice.getByRole('button', { name: enText('play.openAgain') }).waitFor();
    await popup.close();
    expect(problems.list).toEqual([]);
  });

  it('a provider without an integration shows the translated "not available" page, in English and Vietnamese', async () => {
    const vi = await textsIn('vi');
    for (const [prefix, t] of [['', enText], ['/vi', vi]] as const) {
      const { page, problems } = await open('casino1.localhost', `${prefix}/playnow?provider=JILI&game=JILI-SLOTS-1&from=%2Fslots`, {
        player: true,
        // The launch's business failure comes with its HTTP status (422); its JSON body is the reply.
        allow: [/HTTP 422: POST .*\/api\/product\/launch/, /status of 422 .*\/api\/product\/launch/],
      });
      const notice = page.getByTestId('game-notice');
      await notice.getByRole('heading', { name: t('play.gameNotAvailable') }).waitFor();
      expect(await notice.textContent()).toContain(t('errors:gameNotAvailable'));
      const back = notice.getByRole('link', { name: t('play.backToLobby') });
      expect(await back.getAttribute('href')).toBe(`${prefix}/slots`);
      if (prefix === '/vi') await screenshots(page, 'playnow-not-available-vi');
      await back.click();
      await page.waitForURL((url) => url.pathname === `${prefix}/slots`);
      expect(problems.list).toEqual([]);
      await context.close();
    }
  });
});
