import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Frame, FrameLocator, Locator, Page } from 'playwright-core';
import type { LanternsView } from '../../packages/house-games/src/games/index';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, logInAsDemo, newPressablePage, type PressablePage, type Viewport } from './browser';

/**
 * Lucky Lanterns, the studio's slot (issue 23 §2, README "House games: the game pages"), in
 * Chromium against the built server: a player's real-money page framed on /playnow at 375 px
 * (touch) and 1280 px (mouse). Spin by its name, the reels show exactly the round's grid of the
 * spin's reply, the balance moves by win − stake, quick spin stops the reels at once where a
 * normal spin stops them one by one, and autoplay with a loss limit stops by itself within it.
 * A guest's page at 320 px has no sideways scroll; the paytable, the history's summary line and
 * the in-browser verification of a LANTERNS round.
 */

const e2e = useServerAndBrowser();

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function newPage(viewport: Viewport): Promise<PressablePage> {
  const opened = await newPressablePage(e2e.browser, viewport);
  context = opened.context;
  return opened;
}

interface StartReply {
  round: { stake: string; win: string | null; view: LanternsView };
  balance: string;
}

/** "$1,002.50" → 1002.5 (en-US). */
const amountOf = (text: string | null): number => Number((text ?? '').replace(/[^0-9.]/g, ''));
const cents = (amount: number): number => Math.round(amount * 100) / 100;
const isStart = (url: string): boolean => new URL(url).pathname === '/house/api/start';

/** Collects the replies of every `start` call the page makes. */
function followStarts(page: Page): StartReply[] {
  const replies: StartReply[] = [];
  page.on('response', (response) => {
    if (!isStart(response.url()) || response.status() !== 200) return;
    void response.json().then((body: StartReply) => replies.push(body));
  });
  return replies;
}

async function balanceOf(root: Page | FrameLocator): Promise<number> {
  return amountOf(await root.locator('[data-testid="balance"]').textContent());
}

/** Waits until the round (and any autoplay) is over, opening lanterns if the bonus asks for picks. */
async function roundOver(root: Page | FrameLocator, press: (target: Locator) => Promise<void>): Promise<void> {
  const deadline = Date.now() + 90_000;
  const game = root.locator('.hg-lan');
  while ((await game.getAttribute('data-busy')) !== 'false') {
    if (Date.now() > deadline) throw new Error('the LANTERNS round did not end');
    const lantern = root.getByRole('button', { name: /^Lantern \d$/ }).and(root.locator(':enabled'));
    if ((await lantern.count()) > 0) await press(lantern.first()).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The symbols the reels show, grid[reel][row] as the round's view writes them. */
async function shownGrid(root: Page | FrameLocator): Promise<string[][]> {
  const grid: string[][] = [];
  for (let reel = 0; reel < 5; reel += 1) {
    const cells = root.locator(`[data-reel="${reel}"] [data-symbol]`);
    expect(await cells.count()).toBe(3);
    grid.push(await cells.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-symbol') ?? '')));
  }
  return grid;
}

/** Records, in the game's frame, when each reel stops (performance.now()), from now on. */
async function recordReelStops(frame: Frame | Page): Promise<void> {
  await frame.evaluate(() => {
    const record: Array<{ reel: number; at: number }> = [];
    (window as unknown as { reelStops: typeof record }).reelStops = record;
    const reels = document.querySelector('[data-testid="lanterns-reels"]')!;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const target = mutation.target as HTMLElement;
        if (target.dataset.state === 'stopped') record.push({ reel: Number(target.dataset.reel), at: performance.now() });
      }
    }).observe(reels, { attributes: true, subtree: true, attributeFilter: ['data-state'] });
  });
}

/** How far apart in time the first stop of each of the 5 reels came, in ms. */
async function reelStopSpread(frame: Frame | Page): Promise<number> {
  const stops = await frame.evaluate(() => (window as unknown as { reelStops: Array<{ reel: number; at: number }> }).reelStops);
  const first = new Map<number, number>();
  for (const stop of stops) if (!first.has(stop.reel)) first.set(stop.reel, stop.at);
  expect(first.size).toBe(5);
  return Math.max(...first.values()) - Math.min(...first.values());
}

/** One spin by the Spin button: its reply once the page has shown the whole round. */
async function spin(page: Page, root: FrameLocator | Page, press: (target: Locator) => Promise<void>): Promise<StartReply> {
  const reply = page.waitForResponse((response) => isStart(response.url()));
  await press(root.getByRole('button', { name: 'Spin', exact: true }));
  const body = (await (await reply).json()) as StartReply;
  await roundOver(root, press);
  return body;
}

for (const viewport of [MOBILE, DESKTOP]) {
  it(`at ${viewport.width} px a player spins on /playnow: the round's grid, the balance, quick spin and autoplay with a loss limit`, async () => {
    const { page, problems, press } = await newPage(viewport);
    await page.goto(e2e.server.url('casino1.localhost', '/'));
    await logInAsDemo(page, 'casino1');
    await page.goto(e2e.server.url('casino1.localhost', '/playnow?provider=HOUSE&game=LANTERNS'));
    const frame = page.frameLocator('iframe');
    await frame.locator('.hg-lan').waitFor();
    const gameFrame = page.frames().find((candidate) => candidate.url().includes('/house/play'))!;
    expect(gameFrame).toBeDefined();
    await expect.poll(() => balanceOf(frame)).toBeGreaterThan(0);
    let balance = await balanceOf(frame);
    const stake = amountOf(await frame.getByLabel('Stake', { exact: true }).inputValue());
    expect(stake).toBeGreaterThan(0);

    // A normal spin: the reels stop one after another on exactly the round's last screen.
    await recordReelStops(gameFrame);
    const first = await spin(page, frame, press);
    expect(await shownGrid(frame)).toEqual(first.round.view.spins.at(-1)!.grid);
    const firstWin = Number(first.round.win);
    balance = cents(balance - stake + firstWin);
    await expect.poll(() => balanceOf(frame)).toBe(balance);
    expect(amountOf(first.balance)).toBe(balance);
    const winText = await frame.getByTestId('lanterns-win').textContent();
    if (firstWin > 0) expect(amountOf(winText)).toBe(firstWin);
    else expect(winText).toBe('—');
    expect(await reelStopSpread(gameFrame)).toBeGreaterThanOrEqual(4 * 150);

    // Quick spin: the reels stop together, on the round's screen again.
    const quick = frame.getByRole('button', { name: 'Quick spin' });
    await press(quick);
    expect(await quick.getAttribute('aria-pressed')).toBe('true');
    await recordReelStops(gameFrame);
    const second = await spin(page, frame, press);
    expect(await shownGrid(frame)).toEqual(second.round.view.spins.at(-1)!.grid);
    balance = cents(balance - stake + Number(second.round.win));
    await expect.poll(() => balanceOf(frame)).toBe(balance);
    expect(await reelStopSpread(gameFrame)).toBeLessThan(100);

    // Autoplay of 10 spins with a loss limit of 2.5 stakes: it stops by itself, never past the limit.
    const starts = followStarts(page);
    await press(frame.getByRole('button', { name: 'Autoplay', exact: true }));
    await press(frame.getByRole('button', { name: '10 spins' }));
    const limit = cents(stake * 2.5);
    await frame.getByLabel('Loss limit').fill(String(limit));
    await press(frame.getByRole('button', { name: 'Start autoplay' }));
    await frame.getByRole('button', { name: /^Stop autoplay \(\d+ left\)$/ }).waitFor();
    expect(await frame.getByRole('button', { name: 'Spin', exact: true }).isDisabled()).toBe(true);
    const stopped = frame.getByTestId('lanterns-autostop');
    await stopped.waitFor({ timeout: 120_000 });
    await roundOver(frame, press);
    const reason = await stopped.getAttribute('data-reason');
    expect(['done', 'lossLimit']).toContain(reason);
    await expect.poll(() => starts.length).toBeGreaterThan(0);
    const staked = cents(starts.reduce((sum, reply) => sum + Number(reply.round.stake), 0));
    const won = cents(starts.reduce((sum, reply) => sum + Number(reply.round.win), 0));
    expect(starts.length).toBeLessThanOrEqual(10);
    expect(cents(staked - won)).toBeLessThanOrEqual(limit);
    if (reason === 'done') expect(starts.length).toBe(10);
    else expect(cents(staked - won + stake)).toBeGreaterThan(limit);
    expect(await stopped.textContent()).toBe(
      reason === 'done' ? 'Autoplay finished.' : 'Autoplay stopped: the next spin could take you past your loss limit.',
    );
    balance = cents(balance - staked + won);
    await expect.poll(() => balanceOf(frame)).toBe(balance);
    expect(await shownGrid(frame)).toEqual(starts.at(-1)!.round.view.spins.at(-1)!.grid);
    await frame.getByRole('button', { name: 'Autoplay', exact: true }).waitFor();

    const overflow = await gameFrame.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems.list).toEqual([]);
    // Three rounds and up to ten autoplay spins, each shown whole: a round that lands free spins
    // plays every one of them, so a run may take minutes on a loaded machine (the autoplay wait
    // above allows 120 s by itself).
  }, 240_000);
}

describe("a guest's LANTERNS page", () => {
  async function openDemo(viewport: Viewport): Promise<PressablePage> {
    const opened = await newPage(viewport);
    await opened.page.goto(e2e.server.url('house.localhost', '/house/demo?game=LANTERNS&lang=en&currency=USD'));
    await opened.page.locator('.hg-lan').waitFor();
    return opened;
  }

  it('fits 320 px without sideways scroll, its autoplay settings too, and the space bar spins once', async () => {
    const { page, problems } = await openDemo({ width: 320, height: 640 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const reels = await page.getByTestId('lanterns-reels').boundingBox();
    expect(reels!.x).toBeGreaterThanOrEqual(0);
    expect(reels!.x + reels!.width).toBeLessThanOrEqual(320);
    await page.getByRole('button', { name: 'Autoplay', exact: true }).tap();
    await page.getByRole('button', { name: 'Start autoplay' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Autoplay', exact: true }).tap();

    // The space bar spins when no field or button has the focus; pressed twice at once, it bets once.
    const starts = followStarts(page);
    await page.getByRole('button', { name: 'Quick spin' }).tap();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Space');
    await page.keyboard.press('Space');
    await roundOver(page, (target) => target.tap());
    await expect.poll(() => starts.length).toBe(1);
    expect(await shownGrid(page)).toEqual(starts[0]!.round.view.spins.at(-1)!.grid);
    expect(await balanceOf(page)).toBe(cents(1000 - Number(starts[0]!.round.stake) + Number(starts[0]!.round.win)));
    expect(problems.list).toEqual([]);
  });

  it('shows the paytable and the 20 lines, sums a round up in the history, and verifies it in the browser', async () => {
    const { page, problems } = await openDemo(DESKTOP);
    await page.getByRole('button', { name: 'Quick spin' }).click();
    const reply = await spin(page, page, (target) => target.click());
    const view = reply.round.view;

    await page.getByRole('button', { name: 'Rules and paytable' }).click();
    const rules = page.getByRole('dialog');
    await expect.poll(() => rules.textContent()).toMatch(/Return to player: 96\.17%/);
    // At a stake of $1 a line bet is $0.05: five dragons pay 600 line bets.
    expect(await rules.getByRole('row', { name: /^Dragon/ }).textContent()).toContain('$30.00$6.25$1.50');
    expect(await rules.getByText(/^Line \d+$/).count()).toBe(20);
    expect(await rules.textContent()).toContain('A round pays at most 5,000× the total bet');
    await page.keyboard.press('Escape');
    await rules.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Your rounds' });
    await history.locator('tbody tr').first().waitFor();
    const lineWins = view.spins.reduce((sum, one) => sum + one.lineWins.length, 0);
    const free = view.spins.length - 1;
    const parts = [lineWins > 0 ? `${lineWins} line wins` : null, free > 0 ? `${free} free spins` : null, view.bonus ? 'lantern bonus' : null].filter(Boolean);
    expect(await history.locator('tbody tr').first().textContent()).toContain(parts.length > 0 ? parts.join(', ') : 'no win');
    await history.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Provably fair' }).click();
    await page.getByRole('dialog', { name: 'Provably fair' }).getByRole('button', { name: 'Rotate seeds' }).click();
    await page.getByTestId('revealed-seed').waitFor();
    await page.getByRole('dialog', { name: 'Provably fair' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('dialog', { name: 'Your rounds' }).getByRole('button', { name: 'Verify', exact: true }).click();
    const verify = page.getByRole('dialog', { name: 'Provably fair' });
    await verify.getByRole('button', { name: 'Verify the round' }).click();
    await verify.getByText('Recomputed in your browser: the result matches the round.').waitFor();
    expect(problems.list).toEqual([]);
  });
});
