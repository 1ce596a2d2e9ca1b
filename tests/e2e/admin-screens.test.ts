import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import adminText from '../../packages/admin/src/messages/en.json';
import { useServerAndBrowser } from './harness';
import { seriousViolations } from './axe';
import { DESKTOP, PageProblems, horizontalOverflow, newContext } from './browser';

/**
 * Every screen of the back office (issue 26 §4: accessible, usable at 1280 and 768 px), signed in
 * as the demo owner: each screen shows its heading, has no serious axe violation and never makes
 * the page scroll sideways (a wide table scrolls in its own frame).
 */

const TABLET = { width: 768, height: 900 } as const;

/** Each screen, by a path with its filters, and the heading it shows. */
const SCREENS: [path: string, heading: RegExp][] = [
  ['/dashboard?site=casino1.localhost&period=7d', /Dashboard/],
  ['/payments', /Pending payments/],
  ['/players?q=demo', /Players/],
  ['/players/casino1/demo', /demo/],
  ['/sites', /Sites/],
  ['/content?site=casino1.localhost', /Content/],
  ['/content?site=casino1.localhost&tab=pages&page=about_us&lang=VI', /Content/],
  ['/content?site=casino1.localhost&tab=seo&seo=home', /Content/],
  ['/content?site=casino1.localhost&tab=promotions', /Content/],
  ['/content?site=casino1.localhost&tab=missions', /Content/],
  ['/content?site=casino1.localhost&tab=spin', /Content/],
  ['/sports', /Sportsbook/],
  ['/games?site=casino1.localhost', /Games/],
  ['/reports?site=casino1.localhost', /Reports/],
  ['/audit', /Audit log/],
  ['/team', /Team/],
  ['/account', /My account/],
];

const e2e = useServerAndBrowser();
const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

async function signedIn(viewport: { width: number; height: number }): Promise<{ page: Page; problems: PageProblems }> {
  // Its CSP bypassed only so that axe can be injected.
  const context = await newContext(e2e.browser, viewport, { bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  // Asking who is signed in before signing in answers 401: expected.
  const problems = new PageProblems(page, [/HTTP 401: POST .*\/api\/admin\/auth\/me/, /status of 401/]);
  await page.goto(e2e.server.url('localhost', '/admin/'));
  await page.getByLabel(adminText.login.username).fill('owner');
  await page.getByLabel(adminText.login.password).fill('demo1234');
  await page.getByRole('button', { name: adminText.login.submit }).click();
  await page.getByRole('button', { name: adminText.login.skip }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  return { page, problems };
}

describe('back-office screens', () => {
  for (const viewport of [DESKTOP, TABLET]) {
    it(`at ${viewport.width} px every screen shows, has no serious axe violation and does not scroll sideways`, async () => {
      const { page, problems } = await signedIn(viewport);
      for (const [path, heading] of SCREENS) {
        await page.goto(e2e.server.url('localhost', `/admin${path}`));
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        // The screen's data is in (no "Loading…" left).
        await expect.poll(() => page.getByText(/Loading/).count(), { message: path }).toBe(0);
        expect(await seriousViolations(page), path).toEqual([]);
        const { scrollWidth, innerWidth } = await horizontalOverflow(page);
        expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
      }
      expect(problems.list).toEqual([]);
    });
  }
});
