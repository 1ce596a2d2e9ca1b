import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { THEMES, THEME_CODES, templateBreakpoint, type ThemeCode } from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { seriousViolations } from './axe';
import { DESKTOP, MOBILE, horizontalOverflow, newContext, waitForHydration } from './browser';

/**
 * The 22 templates in Chromium (issue 4): axe-core finds no serious or critical accessibility
 * violation on any home page, no home page scrolls sideways at 375 or 1280 px, and the desktop
 * and phone navigations switch at each template's own breakpoint (docs/product.md §9).
 */

const e2e = useServerAndBrowser();

/** A visitor who has seen the announcement already: the page itself is checked, not the modal. */
async function openHome(page: Page, code: ThemeCode): Promise<void> {
  await page.addInitScript(() => sessionStorage.setItem('wl.visit.announcementShown', '1'));
  const response = await page.goto(e2e.server.url(`${code}.localhost`, '/'), { waitUntil: 'load' });
  expect(response?.status(), `status of ${code}`).toBe(200);
  await waitForHydration(page, '#main');
}

describe('the 22 templates in Chromium', () => {
  it('home pages: no serious or critical axe violation at 1280 px, no sideways scroll at 1280 and 375 px', async () => {
    const context = await newContext(e2e.browser, DESKTOP);
    const failures: Record<string, string[]> = {};
    try {
      for (const code of THEME_CODES) {
        const page = await context.newPage();
        await openHome(page, code);
        expect(await page.locator('html').getAttribute('data-template'), code).toBe(THEMES[code].template);
        const problems = await seriousViolations(page);
        const wide = await horizontalOverflow(page);
        if (wide.scrollWidth > wide.innerWidth) problems.push(`scrolls sideways at 1280 px (${wide.scrollWidth})`);
        await page.setViewportSize({ ...MOBILE });
        const narrow = await horizontalOverflow(page);
        if (narrow.scrollWidth > narrow.innerWidth) problems.push(`scrolls sideways at 375 px (${narrow.scrollWidth})`);
        if (problems.length) failures[code] = problems;
        await page.close();
      }
    } finally {
      await context.close();
    }
    expect(failures).toEqual({});
  }, 300_000);

  it.each(['slot5', 'casino3', 'sportsbook1', 'slot1'] as const)('%s: desktop navigation from its breakpoint, phone navigation below it', async (code) => {
    const breakpoint = templateBreakpoint(THEMES[code].template);
    const context = await newContext(e2e.browser, { width: breakpoint, height: 800 });
    try {
      const page = await context.newPage();
      await openHome(page, code);
      expect(await page.locator('.main-nav').isVisible(), `.main-nav at ${breakpoint} px`).toBe(true);
      expect(await page.locator('.mobile-nav').isVisible(), `.mobile-nav at ${breakpoint} px`).toBe(false);
      await page.setViewportSize({ width: breakpoint - 1, height: 800 });
      expect(await page.locator('.mobile-nav').isVisible(), `.mobile-nav at ${breakpoint - 1} px`).toBe(true);
      expect(await page.locator('.main-nav').isVisible(), `.main-nav at ${breakpoint - 1} px`).toBe(false);
      for (const width of [320, 1600]) {
        await page.setViewportSize({ width, height: 800 });
        const { scrollWidth, innerWidth } = await horizontalOverflow(page);
        expect(scrollWidth, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(innerWidth);
      }
    } finally {
      await context.close();
    }
  });

  it('the side drawer (slot5 on a phone): opens with focus inside, Escape closes it and focus returns', async () => {
    const context = await newContext(e2e.browser, MOBILE);
    try {
      const page = await context.newPage();
      await openHome(page, 'slot5');
      const toggle = page.locator('.drawer-toggle__button');
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
      await toggle.click();
      const dialog = page.getByRole('dialog', { name: 'Menu' });
      await dialog.waitFor();
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement)), 'focus inside the drawer').toBe(true);
      expect(await dialog.getByRole('link', { name: 'Slots' }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await toggle.evaluate((element) => element === document.activeElement), 'focus back on the menu button').toBe(true);

      // A link in the drawer navigates and closes it.
      await toggle.click();
      await dialog.getByRole('link', { name: 'Slots' }).click();
      await page.waitForURL((url) => url.pathname === '/slots');
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
