import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { SESSION_STORAGE_KEY, type RealityCheckReply } from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, PageProblems, horizontalOverflow, logInAsDemo, newContext, screenshots, waitForHydration } from './browser';
import { seriousViolations } from './axe';
import { enText } from './texts';
import { sessionCall, shownAmount, type Reply } from './calls';

/**
 * The reality check (issue 25 §3, ADR 0041) in Chromium against the built server: a player with a
 * 15-minute interval whose session started more than 15 minutes ago (the page's clock is put 16
 * minutes ahead: the server's database is its own process's) sees the dialog on page load with the
 * session's length and net result; Continue closes it and a reload does not bring it back; the next
 * one comes 15 minutes later, Escape closes it as Continue does, and Log out in the one after logs
 * the player out as the header's button does.
 */

const SITE = 'casino1';
const HOST = `${SITE}.localhost`;
const MINUTE = 60 * 1000;

const e2e = useServerAndBrowser();
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('reality check', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px: the dialog shows the session's length and net result; Continue and Escape close it until the next, Log out logs out`, async () => {
      context = await newContext(e2e.browser, viewport);
      const page = await context.newPage();
      const problems = new PageProblems(page, []);
      await page.goto(e2e.server.url(HOST, '/'), { waitUntil: 'load' });
      await logInAsDemo(page, SITE);
      const saved = await sessionCall<RealityCheckReply & Reply>(page, '/api/responsible/reality_check/save', { interval_minutes: 15 });
      expect(saved).toMatchObject({ statusCode: 1, interval_minutes: 15 });
      const currency = ((await sessionCall(page, '/api/banking/deposit_methods')) as Reply & { currency: string }).currency;

      // The page's clock 16 minutes after the session started: one reality check is due at once.
      await context.clock.install({ time: Date.parse(saved.session_started_at) + 16 * MINUTE });
      await page.goto(e2e.server.url(HOST, '/'), { waitUntil: 'load' });
      await waitForHydration(page, '.account-actions > *');
      const dialog = page.getByRole('dialog', { name: enText('realityCheck.title') });
      await dialog.waitFor();
      expect(await dialog.getByTestId('reality-check-length').textContent()).toBe(enText('realityCheck.minutes', { minutes: 16 }));
      expect(await dialog.getByTestId('reality-check-net').textContent()).toBe(`${shownAmount(saved.net_result)} ${currency}`);
      expect(await dialog.textContent()).toContain(enText('realityCheck.lead', { length: enText('realityCheck.minutes', { minutes: 16 }) }));
      // Continue has the focus: Enter never logs out by surprise.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(enText('realityCheck.continue'));
      expect(await seriousViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page).then(({ scrollWidth, innerWidth }) => scrollWidth <= innerWidth)).toBe(true);
      await screenshots(page, `reality-check-${viewport.width}`);

      await dialog.getByRole('button', { name: enText('realityCheck.continue') }).click();
      await dialog.waitFor({ state: 'detached' });
      // A reload neither resets nor repeats it: the one answered stays answered.
      await page.reload({ waitUntil: 'load' });
      await waitForHydration(page, '.account-actions > *');
      await page.waitForTimeout(1500);
      expect(await dialog.count()).toBe(0);

      // The next one at 30 minutes: Escape is Continue.
      await page.clock.fastForward(15 * MINUTE);
      await dialog.waitFor();
      expect(await dialog.getByTestId('reality-check-length').textContent()).toBe(enText('realityCheck.minutes', { minutes: 31 }));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // And the one at 45 minutes: Log out is the site's log out.
      await page.clock.fastForward(15 * MINUTE);
      await dialog.waitFor();
      await dialog.getByRole('button', { name: enText('realityCheck.logOut') }).click();
      await page.locator('.account-actions__login').waitFor();
      await page.getByText(enText('messages:loggedOut')).first().waitFor();
      expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
      expect(await dialog.count()).toBe(0);
      expect(problems.list).toEqual([]);
    });
  }
});
