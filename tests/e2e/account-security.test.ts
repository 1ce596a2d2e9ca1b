import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SESSION_STORAGE_KEY } from '@wl/contracts';

import { enText } from './texts';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, PageProblems, logInThroughApi, newContext, screenshots, waitForHydration } from './browser';

/**
 * Passwords and sessions in Chromium against the built server (issue 5): forgot password end to
 * end with the code of the development outbox, a password change through /change-password, and
 * /security's session list with "sign out everywhere else" ending another browser's session.
 * Each test signs up a player of its own, so nothing depends on the demo player's password.
 */

let context: BrowserContext;

/** What the tests cause on purpose: a wrong current password (422) and a session ended elsewhere (401). */
const EXPECTED = [
  /HTTP 422: POST .*\/api\/auth\/update_password/,
  /HTTP 401: POST .*\/api\/settings\/check_status/,
  /status of (401|422)/,
];

const e2e = useServerAndBrowser();

beforeEach(async () => {
  context = await newContext(e2e.browser, DESKTOP);
});

afterEach(async () => {
  await context?.close();
});

interface Player {
  account: string;
  password: string;
  phone: string;
}

/** POSTs a call from the test process (the site is named in the payload, not by the host). */
async function api(path: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(e2e.server.url('127.0.0.1', path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** The latest one-time code sent to an account (development outbox). */
async function latestCode(host: string, account: string): Promise<string> {
  const response = await fetch(e2e.server.url('127.0.0.1', `/api/dev/tac?domain_name=${host}&account_id=${account}`));
  const body = (await response.json()) as { tac: string };
  expect(body.tac).toMatch(/^\d{6}$/);
  return body.tac;
}

/** A new player of a demo site (external_id = the theme code), signed up through the API. */
async function signUp(host: string): Promise<Player> {
  const site = { domain_name: host, external_id: host.split('.')[0]! };
  const player = {
    account: `e2e${Date.now().toString(36).slice(-7)}${Math.floor(Math.random() * 100)}`,
    password: 'first1234',
    phone: `0917${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
  };
  expect(await api('/api/auth/tac/request_new_register', { ...site, account_id: player.account, contact_phone: player.phone })).toMatchObject({ statusCode: 1 });
  const tac = await latestCode(host, player.account);
  expect(await api('/api/auth/tac/verify', { ...site, account_id: player.account, tac })).toMatchObject({ statusCode: 1 });
  const signup = await api('/api/auth/signup', {
    ...site,
    account_id: player.account,
    password: player.password,
    contact_phone: player.phone,
    contact_email: `${player.account}@example.com`,
    birth_date: '1990-01-01',
  });
  expect(signup, JSON.stringify(signup)).toMatchObject({ statusCode: 1 });
  return player;
}

/** Whether a password logs the player in (through the API, so no page sees the refusals). */
async function canLogIn(host: string, player: Player, password: string): Promise<string> {
  const reply = await api('/api/auth/login', { domain_name: host, external_id: host.split('.')[0], account_id: player.account, password });
  return String(reply.statusCode === 1 ? 'ok' : reply.message);
}

/** Opens a page of a site in a context, logged in as the player with a session of its own. */
async function openLoggedIn(target: BrowserContext, host: string, path: string, player: Player): Promise<{ page: Page; problems: PageProblems }> {
  const page = await target.newPage();
  const problems = new PageProblems(page, EXPECTED);
  await page.goto(e2e.server.url(host, '/login'));
  await logInThroughApi(page, host.split('.')[0]!, player.account, player.password);
  await page.goto(e2e.server.url(host, path), { waitUntil: 'load' });
  await waitForHydration(page, '.account-actions > *');
  return { page, problems };
}

const toast = (page: Page, title: string) => page.locator('.toast', { hasText: title });

describe('forgot password (guest only)', () => {
  it('account id and phone, the code, a new password: logged in, and only the new password works', async () => {
    const host = 'slot5.localhost';
    const player = await signUp(host);
    const page = await context.newPage();
    const problems = new PageProblems(page, EXPECTED);
    await page.goto(e2e.server.url(host, '/forgot-password'), { waitUntil: 'load' });
    await waitForHydration(page, '#main form button');
    const form = page.locator('#main form');

    // The phone is a number-only input; the shared rules run before anything is sent.
    await form.locator('input[name="contact_phone"]').pressSequentially('09a1-2');
    await expect(form.locator('input[name="contact_phone"]').inputValue()).resolves.toBe('0912');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('.field__error').count()).resolves.toBe(2);

    await form.locator('input[name="account_id"]').fill(player.account);
    await form.locator('input[name="contact_phone"]').fill(player.phone);
    await form.locator('button[type="submit"]').click();
    const code = form.locator('input[name="tac"]');
    await code.waitFor();
    await screenshots(page, 'forgot-password-code');
    await code.fill(await latestCode(host, player.account));
    await form.locator('button[type="submit"]').click();

    // Logged in by the code: a new password without the current one.
    await page.getByRole('heading', { name: enText('security.newPasswordTitle') }).waitFor();
    await expect(page.locator('input[name="password"]').count()).resolves.toBe(0);
    await page.locator('input[name="new_password"]').fill('second1234');
    await page.locator('input[name="confirm_password"]').fill('second123');
    await page.locator('#main form button[type="submit"]').click();
    await expect(page.locator('.field__error').textContent()).resolves.toBe(enText('security.passwordsDiffer'));
    await page.locator('input[name="confirm_password"]').fill('second1234');
    await page.locator('#main form button[type="submit"]').click();

    await toast(page, enText('messages:passwordSet')).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.locator('.account-actions__account').textContent()).resolves.toContain(player.account);
    await expect(canLogIn(host, player, 'second1234')).resolves.toBe('ok');
    await expect(canLogIn(host, player, player.password)).resolves.toBe('invalidCredentials');
    expect(problems.list).toEqual([]);
  });
});

describe('change password', () => {
  it('/change-password: a wrong current password shows on its field; then the old password fails and the new works', async () => {
    const host = 'casino1.localhost';
    const player = await signUp(host);
    const { page, problems } = await openLoggedIn(context, host, '/change-password', player);
    const form = page.locator('#main form');
    await form.waitFor();
    await screenshots(page, 'change-password');

    await form.locator('input[name="password"]').fill('not-my-password1');
    await form.locator('input[name="new_password"]').fill('changed1234');
    await form.locator('input[name="confirm_password"]').fill('changed1234');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('.field--invalid .field__error').textContent()).resolves.toBe(enText('errors:invalidPassword'));

    await form.locator('input[name="password"]').fill(player.password);
    await form.locator('button[type="submit"]').click();
    await toast(page, enText('messages:passwordChanged')).waitFor();
    await expect(form.locator('input[name="new_password"]').inputValue()).resolves.toBe('');
    await expect(canLogIn(host, player, player.password)).resolves.toBe('invalidCredentials');
    await expect(canLogIn(host, player, 'changed1234')).resolves.toBe('ok');
    expect(problems.list).toEqual([]);
  });
});

describe('security: sessions', () => {
  it('lists the sessions of two browsers; "sign out everywhere else" ends the other one', async () => {
    const host = 'casino1.localhost';
    const player = await signUp(host);
    const phoneContext = await newContext(e2e.browser, MOBILE);
    try {
      const other = await openLoggedIn(phoneContext, host, '/', player);
      const { page, problems } = await openLoggedIn(context, host, '/security', player);
      const rows = page.locator('[data-testid="session-row"]');
      await rows.first().waitFor();
      // This e2e.browser, the other one, and the session signup opened.
      const listed = await rows.count();
      expect(listed).toBeGreaterThanOrEqual(2);
      await expect(page.locator('.session-row--current').count()).resolves.toBe(1);
      await expect(page.locator('.session-row--current').textContent()).resolves.toContain(enText('security.thisDevice'));
      await screenshots(page, 'security');

      await page.getByRole('button', { name: enText('security.signOutOthers') }).click();
      await toast(page, enText('messages:othersSignedOut', { count: listed - 1 })).waitFor();
      // The list reloads after the toast: wait for it.
      await expect.poll(() => rows.count()).toBe(1);
      await page.getByText(enText('security.noOtherSessions')).waitFor();
      expect(problems.list).toEqual([]);

      // The other browser hears its session end on its live balance stream (ADR 0031) and runs the
      // session-expired flow at once, with no reload; a reload then finds it logged out.
      await toast(other.page, enText('shell.invalidSession')).waitFor();
      await other.page.locator('.account-actions__login').waitFor();
      await expect(other.page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).resolves.toBeNull();
      await other.page.reload({ waitUntil: 'load' });
      await other.page.locator('.account-actions__login').waitFor();
      expect(other.problems.list).toEqual([]);
    } finally {
      await phoneContext.close();
    }
  });
});

describe('log out (issue 21 §6)', () => {
  it('the log-out button ends the session on the server: every tab is logged out and the token is refused', async () => {
    const host = 'casino2.localhost';
    const player = await signUp(host);
    const { page, problems } = await openLoggedIn(context, host, '/', player);
    const otherTab = await context.newPage();
    await otherTab.goto(e2e.server.url(host, '/'), { waitUntil: 'load' });
    await waitForHydration(otherTab, '.account-actions > *');
    await otherTab.locator('.account-actions__logout').waitFor();
    const token = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token ?? '', SESSION_STORAGE_KEY);
    expect(token).not.toBe('');
    expect(await api('/api/auth/get_balance', { account_id: player.account, auth: token })).toMatchObject({ statusCode: 1 });

    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await page.locator('.account-actions__logout').click();
    expect((await loggedOut).status()).toBe(200);
    await page.locator('.account-actions__login').waitFor();
    // The other tab hears the force-logout marker and reloads as a guest.
    await otherTab.locator('.account-actions__login').waitFor();

    // A copy of the token (a stolen one) no longer works.
    expect(await api('/api/auth/get_balance', { account_id: player.account, auth: token })).toEqual({ statusCode: 0, message: 'sessionExpired' });
    expect(problems.list).toEqual([]);
  });
});
