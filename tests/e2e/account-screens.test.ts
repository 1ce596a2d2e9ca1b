import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { displayNumber } from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, PageProblems, horizontalOverflow, logInAsDemo, newContext, screenshots, waitForHydration } from './browser';
import { enText } from './texts';

/**
 * The player's screens of issue 5 in Chromium against the built server: claiming an inbox reward
 * updates the header balance without a reload, favourites toggled on a home tile show on /account,
 * an edited name shows on /profile, the alphabet-only field refuses digits, and the screens fit a
 * phone in a dark and a light template.
 */

let context: BrowserContext;

/** Requests a test cuts short by navigating on (images, route manifests, the session's own calls). */
const EXPECTED = [/Failed to load resource: net::ERR_/];

const e2e = useServerAndBrowser();

beforeEach(async () => {
  context = await newContext(e2e.browser, DESKTOP);
});

afterEach(async () => {
  await context?.close();
});

/** Opens `pathname` on `host` as the logged-in demo player, hydrated. */
async function openAsPlayer(host: string, pathname: string): Promise<{ page: Page; problems: PageProblems }> {
  const page = await context.newPage();
  const problems = new PageProblems(page, EXPECTED);
  await page.goto(e2e.server.url(host, '/'), { waitUntil: 'load' });
  await logInAsDemo(page, host.split('.')[0]!);
  await page.goto(e2e.server.url(host, pathname), { waitUntil: 'load' });
  await waitForHydration(page, '.account-actions > *');
  return { page, problems };
}

/** Counts the page's document requests from now on: a navigation inside the app makes none. */
function countDocuments(page: Page): () => number {
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });
  return () => documents;
}

describe('inbox', () => {
  it('claiming a reward shows the credited amount and updates the header balance without a reload', async () => {
    const { page, problems } = await openAsPlayer('casino1.localhost', '/account');
    // The account loads the balance; the inbox is reached inside the app.
    await page.getByTestId('account-balance').filter({ hasText: /\d/ }).waitFor();
    const documents = countDocuments(page);
    await page.locator('.quick-links').getByRole('link', { name: enText('player.links.inbox') }).click();
    await page.waitForURL((url) => url.pathname === '/inbox');

    // A balance reward (the demo inbox has one to claim), held by its id: once claimed it has no Claim button.
    const firstClaimable = page
      .getByTestId('inbox-item')
      .filter({ has: page.getByRole('button', { name: enText('player.claim') }) })
      .filter({ hasText: /Reward: [\d.,]+ balance/ })
      .first();
    await firstClaimable.waitFor();
    const claimable = page.locator(`[data-inbox-id="${await firstClaimable.getAttribute('data-inbox-id')}"]`);
    const before = await page.getByTestId('balance').textContent();
    const [response] = await Promise.all([
      page.waitForResponse((reply) => reply.url().endsWith('/api/settings/claim_inbox')),
      claimable.getByRole('button', { name: enText('player.claim') }).click(),
    ]);
    const reply = (await response.json()) as { statusCode: number; amount: string; reward_type: string; game_balance: string; game_token: string };
    expect(reply.statusCode).toBe(1);

    const kind = reply.reward_type === 'token' ? enText('player.rewardKinds.token') : enText('player.rewardKinds.balance');
    await expect.poll(() => claimable.textContent()).toContain(enText('messages:credited', { amount: displayNumber(reply.amount)!, kind }));
    expect(await claimable.getByRole('button', { name: enText('player.claim') }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain(displayNumber(reply.game_balance) || '0');
    await expect.poll(() => page.getByTestId('tokens').textContent()).toContain(displayNumber(reply.game_token) || '0');
    expect(reply.reward_type).toBe('balance');
    expect(Number(reply.game_balance)).toBeCloseTo(Number((before ?? '').replace(/[^\d.]/g, '')) + Number(reply.amount), 4);
    expect(documents()).toBe(0);

    // Claimed stays claimed: the server's list says so after a reload.
    await page.reload();
    await claimable.getByText(enText('player.claimed')).waitFor();
    expect(await claimable.getByRole('button', { name: enText('player.claim') }).count()).toBe(0);
    expect(problems.list).toEqual([]);
  });
});

describe('favourites', () => {
  it('a heart on a home tile adds the game to the favourites on /account, and its heart there removes it', async () => {
    // The account loads the favourites into the session; the home tiles then show them.
    const { page, problems } = await openAsPlayer('casino1.localhost', '/account');
    await page.locator('.favourites').getByTestId('favourite').first().waitFor();
    await page.locator('.brand').first().click();
    await page.waitForURL((url) => url.pathname === '/');

    const heart = page.locator('.tile__fav[aria-pressed="false"]').first();
    const name = ((await heart.getAttribute('aria-label')) ?? '').replace(/^Add (.*) to favourites$/, '$1');
    expect(name).not.toBe('');
    await Promise.all([page.waitForResponse((reply) => reply.url().endsWith('/api/home/fav_add')), heart.click()]);
    const pressed = page.getByRole('button', { name: enText('player.removeFavourite', { game: name }) }).first();
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');

    await page.locator('.account-actions__account').click();
    await page.waitForURL((url) => url.pathname === '/account');
    const row = page.locator('.favourites').getByTestId('favourite').filter({ hasText: name });
    await row.waitFor();
    expect(await row.locator('img').count()).toBe(1);
    // The favourite opens its game, and the game's close button comes back to the account.
    const opens = new URL(String(await row.locator('a').getAttribute('href')), 'http://x');
    expect(opens.pathname).toBe('/playnow');
    expect(opens.searchParams.get('from')).toBe('/account');
    expect(opens.searchParams.get('game')).not.toBe('');

    await Promise.all([
      page.waitForResponse((reply) => reply.url().endsWith('/api/home/fav_remove')),
      row.getByRole('button', { name: enText('player.removeFavourite', { game: name }) }).click(),
    ]);
    await row.waitFor({ state: 'detached' });
    // Removed on the server too: a fresh page's list does not have it.
    await page.reload();
    await page.locator('.favourites').getByTestId('favourite').first().waitFor();
    expect(await page.locator('.favourites').getByTestId('favourite').filter({ hasText: name }).count()).toBe(0);
    expect(problems.list).toEqual([]);
  });
});

describe('profile', () => {
  it('the alphabet-only name refuses digits, the email check answers, a new name needs the password, and the saved name shows on /profile', async () => {
    const { page, problems } = await openAsPlayer('slot5.localhost', '/edit-profile');
    const name = page.getByLabel(enText('player.fullName'), { exact: true });
    await name.waitFor();
    await name.fill('');
    await name.pressSequentially('Mar1a 2Santos3');
    expect(await name.inputValue()).toBe('Mara Santos');
    await name.fill('Maria 9 Santos');
    expect(await name.inputValue()).toBe('Maria  Santos');
    await name.fill('Maria Santos');

    const email = page.getByLabel(enText('player.email'), { exact: true });
    await email.fill('maria@');
    await page.getByRole('button', { name: enText('player.save') }).click();
    await page.getByText('Invalid email address').waitFor();
    await email.fill('maria.santos@example.com');
    // A new name needs the password (ADR 0022): a wrong one is refused and nothing changes.
    const password = page.getByLabel(enText('player.proofPassword'), { exact: true });
    await password.fill('not-the-password');
    await page.getByRole('button', { name: enText('player.save') }).click();
    await page.getByText(enText('errors:invalidPassword')).waitFor();
    expect(page.url()).toContain('/edit-profile');
    await password.fill('demo1234');
    await page.getByRole('button', { name: enText('player.save') }).click();

    await page.waitForURL((url) => url.pathname === '/profile');
    expect(await page.getByTestId('profile-full-name').textContent()).toBe('Maria Santos');
    expect(await page.getByTestId('profile-email').textContent()).toBe('maria.santos@example.com');
    // Stored on the server: the next login answers the new profile.
    const login = await page.evaluate(async () => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account_id: 'demo', password: 'demo1234', domain_name: location.hostname, external_id: 'slot5' }),
      });
      return (await response.json()) as { fullname: string; email: string };
    });
    expect(login).toMatchObject({ fullname: 'Maria Santos', email: 'maria.santos@example.com' });
    // The wrong password was answered 422 (invalidPassword), which the form showed: the only expected problem.
    expect(problems.list.filter((text) => !/\/api\/settings\/profile_update/.test(text))).toEqual([]);
  });
});

describe('look', () => {
  it.each(['casino1', 'slot5'])('%s: the account screens fit a 375 px phone', async (theme) => {
    const { page, problems } = await openAsPlayer(`${theme}.localhost`, '/account');
    await page.setViewportSize({ ...MOBILE });
    const ready: Record<string, string> = {
      '/account': '[data-testid="vip-level"]',
      '/profile': '[data-testid="profile-account-id"]',
      '/edit-profile': 'form.player-form',
      '/inbox': '[data-testid="inbox-item"]',
    };
    for (const [pathname, selector] of Object.entries(ready)) {
      if (pathname !== '/account') await page.goto(e2e.server.url(`${theme}.localhost`, pathname), { waitUntil: 'load' });
      await page.locator(selector).first().waitFor();
      const overflow = await horizontalOverflow(page);
      expect(overflow.scrollWidth, `${theme} ${pathname}`).toBeLessThanOrEqual(overflow.innerWidth);
      await screenshots(page, `account-screens-${theme}${pathname.replace('/', '-')}`);
    }
    expect(problems.list).toEqual([]);
  });
});
