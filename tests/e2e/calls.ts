import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PageProblems, logInAsDemo, newContext, waitForHydration, type Viewport } from './browser';
import type { E2EHarness } from './harness';
import { SESSION_STORAGE_KEY, displayNumber, fromMinorUnits, toMinorUnits } from '@wl/contracts';

export type Reply = { statusCode: number; message: string } & Record<string, unknown>;

/** A session call from the page, with the session the client keeps (app/client/session.ts). */
export function sessionCall<T extends Reply = Reply>(page: Page, path: string, body: Record<string, unknown> = {}): Promise<T> {
  return page.evaluate(
    async ({ path: url, body: extra, key }) => {
      const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { user?: { account_id: string }; token?: string };
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account_id: session.user?.account_id, auth: session.token, ...extra }),
      });
      return (await response.json()) as T;
    },
    { path, body, key: SESSION_STORAGE_KEY },
  );
}

/** An API money string as BigInt ten-thousandths, exactly: "1250.5" → 12505000n (toMinorUnits, ADR 0025). */
export function minor(amount: string): bigint {
  return toMinorUnits(amount);
}

/** Ten-thousandths back to a decimal string with four places (fromMinorUnits). */
export function decimal(value: bigint): string {
  return fromMinorUnits(value);
}

/** An amount as the screens show it (docs/product.md §5 number display, thousands grouped). */
export function shownAmount(amount: string): string {
  const [int = '0', frac] = (displayNumber(amount) || '0').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${grouped}.${frac}` : grouped;
}

/**
 * A fresh context at `viewport` showing `pathname` on `host`, hydrated, with the site's demo
 * player logged in (through the API, the session kept where the site keeps it). `allow` lists the
 * page problems the caller expects. The caller closes the context.
 */
export async function openAsDemoPlayer(
  harness: E2EHarness,
  host: string,
  pathname: string,
  options: { viewport?: Viewport; allow?: RegExp[] } = {},
): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await newContext(harness.browser, options.viewport ?? DESKTOP);
  const page = await context.newPage();
  const problems = new PageProblems(page, options.allow ?? []);
  await page.goto(harness.server.url(host, '/'), { waitUntil: 'load' });
  await logInAsDemo(page, host.split('.')[0]!);
  await page.goto(harness.server.url(host, pathname), { waitUntil: 'load' });
  await waitForHydration(page, '#main');
  return { context, page, problems };
}
