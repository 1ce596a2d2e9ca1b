import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, horizontalOverflow, logInAsDemo, newPressablePage, type PressablePage, type Viewport } from './browser';

/**
 * Rocket, the house studio's crash game (issue 23 §2, README "House games: the game pages"), in
 * Chromium against the built server: a logged-in player of casino1 opens it framed on /playnow at
 * 375 and 1280 px, bets with an automatic cash-out at 1.01× during the betting phase, sees the bet
 * in the round's live list, and after the crash sees it settled and the balance moved by it (in the
 * game and in the /playnow bar); and cashes out by hand during a flight. Rounds are short here:
 * bets for 2.5 s (HOUSE_CRASH_BETTING_MS) and a multiplier growing ten times as fast as by default
 * (HOUSE_CRASH_SPEED: ×10 in 3.8 s), which the page follows from the `crash` reply's growthPerMs.
 */

const e2e = useServerAndBrowser({ env: { HOUSE_CRASH_BETTING_MS: '2500', HOUSE_CRASH_SPEED: '10' } });

/** A round lasts a few seconds (a crash at 100× flies 7.7 s): a test waits for a few rounds. */
const ROUND_TIMEOUT_MS = 60_000;

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** "$1,002.50" → 1002.5 (en-US). */
const amountOf = (text: string | null): number => Number((text ?? '').replace(/[^0-9.]/g, ''));
const cents = (amount: number): number => Math.round(amount * 100) / 100;

async function balanceOf(root: Page | FrameLocator): Promise<number> {
  return amountOf(await root.locator('[data-testid="balance"]').textContent());
}

async function openRocket(viewport: Viewport): Promise<PressablePage & { frame: FrameLocator }> {
  const opened = await newPressablePage(e2e.browser, viewport);
  context = opened.context;
  const { page } = opened;
  await page.goto(e2e.server.url('casino1.localhost', '/'));
  await logInAsDemo(page, 'casino1');
  await page.goto(e2e.server.url('casino1.localhost', '/playnow?provider=HOUSE&game=ROCKET'));
  const frame = page.frameLocator('iframe');
  await frame.getByTestId('crash-stage').waitFor();
  await expect.poll(() => balanceOf(frame)).toBeGreaterThan(0);
  return { ...opened, frame };
}

const phaseOf = (frame: FrameLocator) => frame.getByTestId('crash-stage').getAttribute('data-phase');

/** Waits for a betting phase with at least a second left to bet in. */
async function waitForBetting(frame: FrameLocator): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await phaseOf(frame)) !== 'betting') return false;
        const countdown = await frame.getByTestId('countdown').textContent();
        return amountOf(countdown) >= 1;
      },
      { timeout: ROUND_TIMEOUT_MS, interval: 100 },
    )
    .toBe(true);
}

async function waitForPhase(frame: FrameLocator, phase: 'flying' | 'crashed'): Promise<void> {
  await expect.poll(() => phaseOf(frame), { timeout: ROUND_TIMEOUT_MS, interval: 50 }).toBe(phase);
}

/** The /playnow bar's balance (the site's header of the game layer), followed live. */
async function barBalanceOf(page: Page): Promise<number> {
  return amountOf(await page.getByTestId('game-balance').textContent());
}

async function setAutoCashout(frame: FrameLocator, press: (target: Locator) => Promise<void>, multiplier: string | null): Promise<void> {
  const toggle = frame.getByRole('checkbox', { name: 'Auto cash-out' });
  if ((await toggle.isChecked()) !== (multiplier !== null)) await press(toggle);
  if (multiplier !== null) await frame.getByRole('textbox', { name: 'Cash out at' }).fill(multiplier);
}

for (const viewport of [MOBILE, DESKTOP]) {
  describe(`Rocket on /playnow at ${viewport.width} px`, () => {
    it(
      'a bet with an automatic cash-out at 1.01× shows in the live list and settles into the balance',
      async () => {
        const { page, frame, problems, press } = await openRocket(viewport);
        await waitForBetting(frame);
        const before = await balanceOf(frame);
        const stake = amountOf(await frame.getByRole('textbox', { name: 'Stake', exact: true }).inputValue());
        expect(stake).toBeGreaterThan(0);
        await setAutoCashout(frame, press, '1.01');
        const main = frame.getByTestId('crash-main');
        expect(await main.textContent()).toBe('Bet');
        await press(main);
        // The stake leaves the balance, and the bet is in this round's list as the player's own.
        await expect.poll(() => balanceOf(frame)).toBe(cents(before - stake));
        expect(await frame.getByTestId('crash-outcome').textContent()).toMatch(/^Your bet: .+ · auto cash-out at 1\.01×$/);
        const mine = frame.locator('[data-testid="crash-bets"] tr[data-mine]');
        await expect.poll(() => mine.count()).toBe(1);
        expect(await mine.locator('td').first().textContent()).toBe('You');
        expect(amountOf(await mine.locator('td').nth(1).textContent())).toBe(stake);

        await waitForPhase(frame, 'crashed');
        const crashText = (await frame.getByTestId('multiplier').textContent()) ?? '';
        // A point of 1000× or more is written with the locale's grouping (1,986.94×).
        expect(crashText).toMatch(/^Crashed at \d{1,3}(,\d{3})*\.\d\d×$/);
        // A crash at 1.00× (about 3 rounds in 100) loses every bet; any other point pays 1.01×.
        const won = amountOf(crashText.replace('Crashed at', '')) >= 1.01;
        const win = won ? Math.floor(stake * 101 + 1e-6) / 100 : 0;
        const outcome = frame.getByTestId('crash-outcome');
        if (won) {
          await expect.poll(() => outcome.textContent()).toMatch(/^Cashed out at 1\.01×: you win /);
          expect(amountOf((await outcome.textContent())!.split('you win')[1]!)).toBe(win);
        } else {
          await expect.poll(() => outcome.textContent()).toBe(`The rocket crashed at ${crashText.replace('Crashed at ', '')}: the stake is lost.`);
        }
        await expect.poll(() => mine.getAttribute('class')).toContain(won ? 'is-won' : 'is-lost');
        // Settled: the wallet's balance, in the game and in the site's bar around it.
        await expect.poll(() => balanceOf(frame), { timeout: 10_000 }).toBe(cents(before - stake + win));
        await expect.poll(() => barBalanceOf(page), { timeout: 10_000 }).toBe(cents(before - stake + win));
        const { scrollWidth, innerWidth } = await horizontalOverflow(page);
        expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
        expect(problems.list).toEqual([]);
      },
      ROUND_TIMEOUT_MS * 2,
    );

    it(
      `a manual cash-out during the flight pays the multiplier of that moment (${viewport === DESKTOP ? 'the Space key' : 'taps'})`,
      async () => {
        const { page, frame, problems, press } = await openRocket(viewport);
        const main = frame.getByTestId('crash-main');
        // On the desktop the keyboard bets and cashes out: Space, with the focus on the page, not on a control.
        const pressMain = async (): Promise<void> => {
          if (viewport !== DESKTOP) return press(main);
          await frame.getByTestId('crash-stage').click({ position: { x: 8, y: 8 } });
          await page.keyboard.press('Space');
        };
        let cashedOut = false;
        // A round may crash before the cash-out (instantly, or within a few hundredths): try the next.
        for (let attempt = 0; attempt < 4 && !cashedOut; attempt += 1) {
          await waitForBetting(frame);
          await setAutoCashout(frame, press, null);
          const before = await balanceOf(frame);
          const stake = amountOf(await frame.getByRole('textbox', { name: 'Stake', exact: true }).inputValue());
          await pressMain();
          await expect.poll(() => balanceOf(frame)).toBe(cents(before - stake));
          await waitForPhase(frame, 'flying');
          // Cash out once the multiplier shows 1.05× or more, unless the rocket crashes first.
          await expect
            .poll(
              async () => {
                const label = (await main.textContent()) ?? '';
                return (await phaseOf(frame)) === 'crashed' || (/^Cash out /.test(label) && amountOf(label.split('·')[0] ?? '') >= 1.05);
              },
              { timeout: ROUND_TIMEOUT_MS, interval: 30 },
            )
            .toBe(true);
          if ((await phaseOf(frame)) === 'crashed') {
            await expect.poll(() => balanceOf(frame), { timeout: 10_000 }).toBe(cents(before - stake));
            continue;
          }
          await pressMain();
          // The reply (or the crash) comes within a second.
          await page.waitForTimeout(1_000);
          const outcome = (await frame.getByTestId('crash-outcome').textContent()) ?? '';
          if (!outcome.startsWith('Cashed out')) {
            // The rocket crashed first: the page had no cash-out to send, or the server answered
            // ROUND_NOT_OPEN. On a loaded machine the page may show the next round's countdown by now.
            expect(['crashed', 'betting']).toContain(await phaseOf(frame));
            const alert = frame.getByRole('alert');
            if ((await alert.count()) > 0) {
              expect(await alert.textContent()).toContain('This round is over already.');
              await press(frame.getByRole('button', { name: 'Dismiss' }));
            }
            continue;
          }
          const match = /^Cashed out at (\d+\.\d\d)×: you win (.+)$/.exec(outcome);
          expect(match).not.toBeNull();
          const [multiplier, win] = [Number(match![1]), amountOf(match![2]!)];
          expect(multiplier).toBeGreaterThanOrEqual(1.05);
          expect(win).toBe(Math.floor(stake * multiplier * 100 + 1e-6) / 100);
          await expect.poll(() => balanceOf(frame)).toBe(cents(before - stake + win));
          // The list shows the cash-out too, and the crash that follows does not undo it.
          const mine = frame.locator('[data-testid="crash-bets"] tr[data-mine]');
          await expect.poll(() => mine.getAttribute('class')).toContain('is-won');
          await waitForPhase(frame, 'crashed');
          expect(await frame.getByTestId('crash-outcome').textContent()).toBe(outcome);
          await expect.poll(() => balanceOf(frame), { timeout: 10_000 }).toBe(cents(before - stake + win));
          cashedOut = true;
        }
        expect(cashedOut).toBe(true);
        const allowed = problems.list.filter((problem) => !/409/.test(problem));
        expect(allowed).toEqual([]);
      },
      ROUND_TIMEOUT_MS * 4,
    );
  });
}
