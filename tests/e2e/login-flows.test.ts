import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { enText } from './texts';
import { useServerAndBrowser } from './harness';
import { DESKTOP, PageProblems, newContext, waitForHydration } from './browser';

/**
 * Issue 5's login and registration flows in Chromium: login by one-time code on the page and in
 * the modals (docs/product.md §4: a code login loads no extras), password login in the login modal, and a
 * registration whose tracking fields (docs/product.md §7: landing campaign, _fbp, appsflyer_id, visitor id)
 * reach the e2e.server. Codes come from the development outbox.
 */

let context: BrowserContext;

const e2e = useServerAndBrowser();

beforeEach(async () => {
  context = await newContext(e2e.browser, DESKTOP);
});

afterEach(async () => {
  await context?.close();
});

async function open(host: string, pathname: string): Promise<{ page: Page; problems: PageProblems }> {
  const page = await context.newPage();
  const problems = new PageProblems(page);
  await page.goto(e2e.server.url(host, pathname), { waitUntil: 'load' });
  await waitForHydration(page, '.account-actions > *');
  return { page, problems };
}

async function outboxCode(host: string, account: string): Promise<string> {
  const response = await fetch(e2e.server.url('127.0.0.1', `/api/dev/tac?domain_name=${host}&account_id=${account}`));
  return ((await response.json()) as { tac: string }).tac;
}

/** The calls a page makes, by path. */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  return calls;
}

/** Logs the demo player in by code through the visible form (the page's or a dialog's). */
async function logInByCode(page: Page, host: string): Promise<void> {
  const form = page.locator('dialog[open] form, #main form').first();
  await form.getByRole('button', { name: enText('shell.withCode') }).click();
  await form.locator('input[name="account_id"]').fill('demo');
  await form.locator('button[type="submit"]').click();
  await form.locator('input[name="tac"]').waitFor();
  await form.locator('input[name="tac"]').fill(await outboxCode(host, 'demo'));
  await form.locator('button[type="submit"]').click();
  await page.locator('.account-actions__wallet').waitFor();
}

describe('login by one-time code', () => {
  it('on the /login page: the player is logged in without the extra loads of a password login', async () => {
    const { page, problems } = await open('casino3.localhost', '/login');
    const calls = recordCalls(page);
    await logInByCode(page, 'casino3.localhost');
    await page.waitForURL((url) => url.pathname === '/');
    expect(calls).toContain('/api/auth/login_tac');
    const afterLogin = calls.slice(calls.indexOf('/api/auth/login_tac'));
    expect(afterLogin, 'docs/product.md §4: no balance, VIP or favourites load after a code login').not.toContain('/api/auth/vip');
    expect(afterLogin).not.toContain('/api/home/fav_list');
    expect(problems.list).toEqual([]);
  });

  it('in the sign-in modal (slot5), and by password in the login modal (slot2) with the extras loaded', async () => {
    const slot5 = await open('slot5.localhost', '/');
    await slot5.page.locator('.account-actions__login').click();
    await slot5.page.locator('dialog[data-modal="signIn"][open]').waitFor();
    await logInByCode(slot5.page, 'slot5.localhost');
    await slot5.page.locator('dialog[open]').waitFor({ state: 'detached' });
    expect(slot5.problems.list).toEqual([]);

    const slot2 = await open('slot2.localhost', '/');
    const calls = recordCalls(slot2.page);
    await slot2.page.locator('.account-actions__login').click();
    const dialog = slot2.page.locator('dialog[data-modal="login"][open]');
    await dialog.waitFor();
    await dialog.locator('input[name="account_id"]').fill('demo');
    await dialog.locator('input[name="password"]').fill('demo1234');
    await dialog.locator('button[type="submit"]').click();
    await slot2.page.locator('.account-actions__wallet').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => ['/api/auth/get_balance', '/api/auth/vip', '/api/home/fav_list'].every((call) => calls.includes(call))).toBe(true);
    expect(slot2.problems.list).toEqual([]);
  });
});

describe('registration tracking (docs/product.md §7)', () => {
  it('the landing campaign, _fbp, appsflyer_id and the visitor id reach the signup call', async () => {
    await context.addCookies([{ name: '_fbp', value: 'fb.1.1700000000000.4242', url: e2e.server.url('casino6.localhost', '/') }]);
    // The player lands on a campaign link, looks around, then registers.
    const { page, problems } = await open('casino6.localhost', '/?ch=facebook&cm=spring&pp=p7&affiliate_code=AFF7&appsflyer_id=af-77&ref=FRIEND7');
    // The landing is kept once the site has started in the e2e.browser.
    await page.waitForFunction(() => localStorage.getItem('wl.campaign') !== null);
    await page.goto(e2e.server.url('casino6.localhost', '/register'), { waitUntil: 'load' });
    await waitForHydration(page, '#main form');
    const form = page.locator('#main form');
    await expect.poll(() => form.locator('input[name="referrer_code"]').inputValue(), { message: 'the referral code of the landing link' }).toBe('FRIEND7');

    const signups: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/signup') signups.push(request);
    });
    const account = `trk${Date.now().toString(36).slice(-8)}`;
    await form.locator('input[name="account_id"]').fill(account);
    await form.locator('input[name="password"]').fill('secret123');
    await form.locator('input[name="contact_phone"]').fill('0912345678');
    await form.locator('input[name="contact_email"]').fill(`${account}@example.com`);
    await form.locator('input[name="birth_date"]').fill('1990-01-01');
    await form.locator('button[type="submit"]').click();
    await form.locator('input[name="tac"]').waitFor();
    await form.locator('input[name="tac"]').fill(await outboxCode('casino6.localhost', account));
    await form.locator('button[type="submit"]').click();
    await page.locator('.account-actions__wallet').waitFor();

    expect(signups).toHaveLength(1);
    const payload = JSON.parse(signups[0]!.postData() ?? '{}') as Record<string, string>;
    expect(payload).toMatchObject({
      account_id: account,
      ch: 'facebook',
      cm: 'spring',
      pp: 'p7',
      affiliate_code: 'AFF7',
      referrer_code: 'FRIEND7',
      fbp: 'fb.1.1700000000000.4242',
      appsflyer_id: 'af-77',
    });
    const visitor = await page.evaluate(() => localStorage.getItem('wl.visitor'));
    expect(payload.visitor_id).toBe(visitor);
    expect(payload.visitor_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(problems.list).toEqual([]);
  });
});
