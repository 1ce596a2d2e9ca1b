import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { KENO_PAYTABLE, RED_NUMBERS } from '../../packages/house-games/src/games/index';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, horizontalOverflow, logInAsDemo, newPressablePage, screenshots, type PressablePage, type Viewport } from './browser';

/**
 * The house studio's game pages (issue 23, README "House games: the game pages") in Chromium
 * against the built server: each game played in demo mode by touch at 375 px and by mouse at
 * 1280 px, with the balance following each round; rules, history, seed rotation and the in-browser
 * verification; the errors the page explains; a language other than English; and a player's real
 * money round framed on /playnow, resumed after a reload.
 */

const e2e = useServerAndBrowser();

/** The studio answers on a host of its own. */
const STUDIO = 'house.localhost';
/** Nothing on the studio's pages may fail (the page names an empty icon, so none is fetched). */
const ALLOWED: RegExp[] = [];

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

type Opened = PressablePage;

async function newPage(viewport: Viewport): Promise<Opened> {
  const opened = await newPressablePage(e2e.browser, viewport, ALLOWED);
  context = opened.context;
  return opened;
}

/** A guest's demo page (play money: a new demo player with 1,000 each time). */
async function openDemo(game: string, viewport: Viewport, lang = 'en'): Promise<Opened> {
  const opened = await newPage(viewport);
  await opened.page.goto(e2e.server.url(STUDIO, `/house/demo?game=${game}&lang=${lang}&currency=USD`));
  await opened.page.locator('.hg-game').waitFor();
  return opened;
}

/** "$1,002.50" → 1002.5 (en-US). */
const amountOf = (text: string | null): number => Number((text ?? '').replace(/[^0-9.]/g, ''));
const dollars = (amount: number): string => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cents = (amount: number): number => Math.round(amount * 100) / 100;

async function balanceOf(root: Page | FrameLocator): Promise<number> {
  return amountOf(await root.locator('[data-testid="balance"]').textContent());
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

for (const viewport of [MOBILE, DESKTOP]) {
  describe(`a guest's demo at ${viewport.width} px`, () => {
    it('HASH-PARITY: a pick and a bet reveal the hash, pay by its last digit and move the balance', async () => {
      const { page, problems, press } = await openDemo('HASH-PARITY', viewport);
      await expect.poll(() => page.getByText('Demo · play money').isVisible()).toBe(true);
      await expect.poll(() => balanceOf(page)).toBe(1000);
      const even = page.getByRole('button', { name: /^Even/ });
      await press(even);
      expect(await even.getAttribute('aria-pressed')).toBe('true');
      await press(page.getByRole('button', { name: 'Bet', exact: true }));
      const verdict = page.locator('.hg-hash__result strong');
      await verdict.waitFor();
      const hash = (await page.getByTestId('round-hash').textContent()) ?? '';
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      const won = Number.parseInt(hash.at(-1)!, 16) % 2 === 0;
      expect(await verdict.textContent()).toBe(won ? 'You win $1.94' : 'No win this time');
      await expect.poll(() => balanceOf(page)).toBe(cents(1000 - 1 + (won ? 1.94 : 0)));
      expect(await page.locator('.hg-results__strip li').count()).toBe(1);
      await expectNoSidewaysScroll(page);
      if (viewport === DESKTOP) await screenshots(page, 'house-hash-parity');
      expect(problems.list).toEqual([]);
    });

    it('MINES: tiles flip, the cash-out names its amount, and the board is shown at the end', async () => {
      const { page, problems, press } = await openDemo('MINES', viewport);
      // One mine: the first tile is a gem 24 times in 25; a mine starts another round.
      await press(page.getByRole('button', { name: 'Fewer mines' }));
      await press(page.getByRole('button', { name: 'Fewer mines' }));
      expect(await page.locator('.hg-mines__count select').inputValue()).toBe('1');
      let balance = 1000;
      let cashedOut = false;
      for (let attempt = 0; attempt < 5 && !cashedOut; attempt += 1) {
        await press(page.getByRole('button', { name: 'Bet', exact: true }));
        balance -= 1;
        const cashOut = page.getByRole('button', { name: /^Cash out/ });
        await cashOut.waitFor();
        expect(await cashOut.isDisabled()).toBe(true);
        const tile = page.getByRole('button', { name: 'Tile 13', exact: true });
        await press(tile);
        await expect.poll(() => tile.getAttribute('data-state')).not.toBe('hidden');
        if ((await tile.getAttribute('data-state')) === 'hit') {
          await expect.poll(() => page.getByTestId('mines-message').textContent()).toBe('Boom! A mine.');
          expect(await page.locator('.hg-tile[data-state="ghost"]').count()).toBe(24);
          continue;
        }
        await expect.poll(() => cashOut.isEnabled()).toBe(true);
        expect(await cashOut.textContent()).toBe('Cash out $1.01');
        await press(cashOut);
        await expect.poll(() => page.getByTestId('mines-message').textContent()).toBe('Cashed out $1.01');
        balance += 1.01;
        cashedOut = true;
        // The board is revealed: the mine, and the gems not picked.
        expect(await page.locator('.hg-tile[data-state="mine"]').count()).toBe(1);
        expect(await page.locator('.hg-tile[data-state="ghost"]').count()).toBe(23);
      }
      expect(cashedOut).toBe(true);
      await expect.poll(() => balanceOf(page)).toBe(cents(balance));
      await page.getByRole('button', { name: 'Bet', exact: true }).waitFor();
      await expectNoSidewaysScroll(page);
      if (viewport === DESKTOP) await screenshots(page, 'house-mines');
      expect(problems.list).toEqual([]);
    });

    it('ROULETTE: chips on the layout and a call bet, undo and repeat, a spin that lands and pays', async () => {
      const { page, problems, press } = await openDemo('ROULETTE', viewport);
      const chips = page.getByRole('group', { name: 'Chip value' }).getByRole('button');
      const chip = chips.nth(2);
      await press(chip);
      const chipValue = amountOf(await chip.getAttribute('aria-label'));
      expect(chipValue).toBeGreaterThan(0);
      await press(page.getByRole('button', { name: 'Number 17', exact: true }));
      await press(page.getByRole('button', { name: 'Red', exact: true }));
      await press(page.getByRole('button', { name: 'Voisins du zéro' }));
      expect(amountOf(await page.getByTestId('total-stake').textContent())).toBe(cents(11 * chipValue));
      await press(page.getByRole('button', { name: 'Undo' }));
      expect(amountOf(await page.getByTestId('total-stake').textContent())).toBe(cents(2 * chipValue));
      await press(page.getByRole('button', { name: 'Clear bets' }));
      expect(amountOf(await page.getByTestId('total-stake').textContent())).toBe(0);
      await press(page.getByRole('button', { name: 'Number 17', exact: true }));
      await press(page.getByRole('button', { name: 'Red', exact: true }));

      await press(page.getByRole('button', { name: 'Spin', exact: true }));
      const message = page.getByTestId('roulette-message');
      await expect.poll(() => message.textContent(), { timeout: 15_000 }).toMatch(/^\d+ (Red|Black|Green) · /);
      const number = Number(/^(\d+)/.exec((await message.textContent()) ?? '')![1]);
      const win = (number === 17 ? 36 * chipValue : 0) + (RED_NUMBERS.includes(number) ? 2 * chipValue : 0);
      expect(await message.textContent()).toContain(win > 0 ? `You win ${dollars(win)}` : 'No win this time');
      expect(await page.getByRole('button', { name: `Number ${number}`, exact: true }).getAttribute('class')).toContain('is-hit');
      await expect.poll(() => balanceOf(page)).toBe(cents(1000 - 2 * chipValue + win));

      await press(page.getByRole('button', { name: 'Clear bets' }));
      await press(page.getByRole('button', { name: 'Repeat last bet' }));
      expect(amountOf(await page.getByTestId('total-stake').textContent())).toBe(cents(2 * chipValue));
      await expectNoSidewaysScroll(page);
      if (viewport === DESKTOP) await screenshots(page, 'house-roulette');
      expect(problems.list).toEqual([]);
    });

    it('KENO: picks by keyboard and pointer, the paytable of the count, ten draws one by one, hits paid', async () => {
      const { page, problems, press } = await openDemo('KENO', viewport);
      const picks = [3, 11, 19, 27, 35];
      // Two picks by keyboard (an arrow key moves down a row of eight), the others by touch or mouse.
      await page.getByRole('button', { name: `Number ${picks[0]}`, exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      for (const number of picks.slice(2)) await press(page.getByRole('button', { name: `Number ${number}`, exact: true }));
      for (const number of picks) expect(await page.getByRole('button', { name: `Number ${number}`, exact: true }).getAttribute('aria-pressed')).toBe('true');
      await page.getByText('Paytable for 5 picks').waitFor();
      await press(page.getByRole('button', { name: 'Bet', exact: true }));
      const message = page.getByTestId('keno-message');
      await expect.poll(() => message.textContent(), { timeout: 15_000 }).toMatch(/^\d+ hits · /);
      const drawn = (await page.locator('.hg-keno__draws li').allTextContents()).map(Number);
      expect(drawn).toHaveLength(10);
      expect(new Set(drawn).size).toBe(10);
      const hits = drawn.filter((number) => picks.includes(number)).length;
      const win = Number(KENO_PAYTABLE[5]![hits]);
      expect(await message.textContent()).toBe(`${hits} hits · ${win > 0 ? `You win ${dollars(win)}` : 'No win this time'}`);
      expect(await page.locator('.hg-ball.is-hit').count()).toBe(hits);
      await expect.poll(() => balanceOf(page)).toBe(cents(1000 - 1 + win));

      await press(page.getByRole('button', { name: 'Quick pick' }));
      expect(await page.locator('.hg-ball[aria-pressed="true"]').count()).toBe(5);
      await expectNoSidewaysScroll(page);
      if (viewport === DESKTOP) await screenshots(page, 'house-keno');
      expect(problems.list).toEqual([]);
    });
  });
}

describe('the panels of a game page', () => {
  it('rules show the RTP and limits; history lists the round; rotating the seeds reveals the committed seed; verify recomputes the round', async () => {
    const { page, problems } = await openDemo('HASH-PARITY', DESKTOP);
    await page.getByRole('button', { name: 'Bet', exact: true }).click();
    await page.locator('.hg-hash__result strong').waitFor();
    const hash = (await page.getByTestId('round-hash').textContent()) ?? '';

    await page.getByRole('button', { name: 'Rules and paytable' }).click();
    const rules = page.getByRole('dialog');
    await expect.poll(() => rules.textContent()).toMatch(/Return to player: 97\.00%/);
    expect(await rules.textContent()).toMatch(/Minimum bet \$[\d.]+ · maximum bet \$[\d,.]+ · maximum win per round \$[\d,.]+/);
    await page.keyboard.press('Escape');
    await rules.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Your rounds' });
    await history.locator('tbody tr').first().waitFor();
    expect(await history.locator('tbody tr').count()).toBe(1);
    expect(await history.locator('tbody tr').first().textContent()).toContain(`${hash.at(-1)!.toUpperCase()} · Odd`);
    // Not verifiable before the seeds are rotated: the seed is still secret.
    expect(await history.getByRole('button', { name: 'Verify', exact: true }).count()).toBe(0);
    await history.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Provably fair' }).click();
    const fair = page.getByRole('dialog', { name: 'Provably fair' });
    const committed = (await fair.getByTestId('server-seed-hash').textContent()) ?? '';
    expect(committed).toMatch(/^[0-9a-f]{64}$/);
    await fair.getByLabel('Client seed').fill('my lucky seed');
    expect(await fair.getByRole('button', { name: 'Rotate seeds' }).isDisabled()).toBe(true);
    await fair.getByLabel('Client seed').fill('my-lucky-seed-42');
    await fair.getByRole('button', { name: 'Rotate seeds' }).click();
    const revealed = fair.getByTestId('revealed-seed');
    await revealed.waitFor();
    const serverSeed = (await revealed.textContent()) ?? '';
    expect(serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(serverSeed).digest('hex')).toBe(committed);
    expect(await fair.getByTestId('server-seed-hash').textContent()).not.toBe(committed);
    await fair.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('dialog', { name: 'Your rounds' }).getByRole('button', { name: 'Verify', exact: true }).click();
    const verify = page.getByRole('dialog', { name: 'Provably fair' });
    expect(await verify.getByLabel('Server seed').inputValue()).toBe(serverSeed);
    await verify.getByRole('button', { name: 'Verify the round' }).click();
    await verify.getByText('The server seed matches the committed hash.').waitFor();
    await verify.getByText('Recomputed in your browser: the result matches the round.').waitFor();
    expect(await verify.textContent()).toContain(`HMAC block 0 = ${hash}`);
    // Another pick than the round's does not match it.
    await verify.getByLabel('Bet (JSON)').fill('{"stake":"1","pick":"even"}');
    await verify.getByRole('button', { name: 'Verify the round' }).click();
    await verify.getByText('Recomputed in your browser: the result differs from the round.').waitFor();
    expect(problems.list).toEqual([]);
  });

  it('explains a refused stake before sending it, and a refusal of the server in words', async () => {
    const { page, problems } = await openDemo('MINES', MOBILE);
    // The refused rotation below is an answer of 409, expected here.
    const refusal = /409.*\/house\/api\/rotateSeeds/;
    const stake = page.getByLabel('Stake', { exact: true });
    await stake.fill('100000');
    await stake.press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^The maximum stake is \$[\d,.]+\.$/);
    await stake.fill('1,5');
    await stake.press('Enter');
    expect(await stake.inputValue()).toBe('1.5');

    await page.getByRole('button', { name: 'Bet', exact: true }).tap();
    await page.getByRole('button', { name: /^Cash out/ }).waitFor();
    await page.getByRole('button', { name: 'Provably fair' }).tap();
    await page.getByRole('button', { name: 'Rotate seeds' }).tap();
    const alert = page.locator('.hg-error[role="alert"]');
    await expect.poll(() => alert.getAttribute('data-code')).toBe('ROUND_IN_PROGRESS');
    expect(await alert.textContent()).toContain('A round of this game is still open: finish it first.');
    expect(problems.list.filter((problem) => !refusal.test(problem))).toEqual([]);
  });

  it('speaks the language of its locale, with money in its format', async () => {
    const { page, problems } = await openDemo('KENO', MOBILE, 'vi');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('vi');
    await page.getByRole('button', { name: 'Đặt cược' }).waitFor();
    await page.getByRole('button', { name: 'Chọn nhanh' }).tap();
    expect(await page.getByTestId('balance').textContent()).toMatch(/^1\.000,00\sUS\$$/);
    expect(await page.getByText('Chơi thử · tiền ảo').isVisible()).toBe(true);
    expect(problems.list).toEqual([]);
  });
});

/** Ends a mines round the page resumed: tiles until a mine, or a cash-out after the first gem. */
async function finishOpenRound(frame: FrameLocator, press: (target: Locator) => Promise<void>): Promise<void> {
  const cashOut = frame.getByRole('button', { name: /^Cash out/ });
  await frame.getByRole('button', { name: /^Cash out|^Bet$/ }).first().waitFor();
  for (let cell = 1; cell <= 25 && (await cashOut.count()) > 0; cell += 1) {
    if (await cashOut.isEnabled()) {
      await press(cashOut);
      break;
    }
    const tile = frame.getByRole('button', { name: `Tile ${cell}`, exact: true });
    if (!(await tile.isEnabled())) continue;
    await press(tile);
    await expect.poll(() => tile.getAttribute('data-state')).not.toBe('hidden');
  }
  await frame.getByRole('button', { name: 'Bet', exact: true }).waitFor();
}

describe("a player's real money on /playnow", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px: the framed page shows the wallet's balance, plays, and resumes an open round after a reload`, async () => {
      const { page, problems, press } = await newPage(viewport);
      await page.goto(e2e.server.url('casino1.localhost', '/'));
      await logInAsDemo(page, 'casino1');
      await page.goto(e2e.server.url('casino1.localhost', '/playnow?provider=HOUSE&game=MINES'));
      const frame = page.frameLocator('iframe');
      await frame.locator('.hg-game').waitFor();
      expect(await frame.getByText('Demo · play money').count()).toBe(0);
      const back = frame.getByRole('link', { name: 'Back to the lobby' });
      expect(await back.getAttribute('target')).toBe('_top');
      await expect.poll(() => balanceOf(frame)).toBeGreaterThan(0);
      // Both viewports play as the same player: a round the other left open is finished first.
      await finishOpenRound(frame, press);
      const before = await balanceOf(frame);
      const stake = amountOf(await frame.getByLabel('Stake', { exact: true }).inputValue());
      // One mine, one gem: 0.97 × 25/24 = 1.01 times the stake, rounded down to the cent.
      const win = Math.floor(stake * 101 + 1e-6) / 100;

      // A round left open after its first gem (a mine ends it: another round).
      let open = false;
      let spent = 0;
      for (let attempt = 0; attempt < 5 && !open; attempt += 1) {
        while ((await frame.locator('.hg-mines__count select').inputValue()) !== '1') await press(frame.getByRole('button', { name: 'Fewer mines' }));
        await press(frame.getByRole('button', { name: 'Bet', exact: true }));
        spent += stake;
        await frame.getByRole('button', { name: /^Cash out/ }).waitFor();
        await expect.poll(() => balanceOf(frame)).toBe(cents(before - spent));
        const tile = frame.getByRole('button', { name: 'Tile 1', exact: true });
        await press(tile);
        await expect.poll(() => tile.getAttribute('data-state')).not.toBe('hidden');
        open = (await tile.getAttribute('data-state')) === 'gem';
      }
      expect(open).toBe(true);

      await page.reload();
      const resumed = page.frameLocator('iframe');
      await expect.poll(() => resumed.getByTestId('mines-message').textContent()).toBe('Your open round was resumed.');
      expect(await resumed.getByRole('button', { name: 'Tile 1', exact: true }).getAttribute('data-state')).toBe('gem');
      const cashOut = resumed.getByRole('button', { name: /^Cash out/ });
      expect(amountOf(await cashOut.textContent())).toBe(win);
      await press(cashOut);
      await expect.poll(() => resumed.getByTestId('mines-message').textContent()).toMatch(/^Cashed out /);
      await expect.poll(() => balanceOf(resumed)).toBe(cents(before - spent + win));
      expect(problems.list).toEqual([]);
    });
  }
});
