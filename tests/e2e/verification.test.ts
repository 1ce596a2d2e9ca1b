import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { RECEIPT_MAX_BYTES, type KycStatusReply } from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { DESKTOP, MOBILE, PageProblems, horizontalOverflow, logInThroughApi, newContext, screenshots, waitForHydration, type Viewport } from './browser';
import { seriousViolations } from './axe';
import { enText } from './texts';
import { sessionCall } from './calls';

/**
 * Age and identity on the site (issue 25 §4, ADR 0040) in Chromium against the built server: the
 * registration form asks for the date of birth and says the site's minimum age when the server
 * refuses a player under it; a player opens /verification from /account, uploads an identity
 * document (a photo over the upload limit is made smaller in the browser first) and sees it pending
 * review, at 375 and 1280 px; the page has no serious accessibility violation on a 320 px phone.
 * Each test signs up a player of its own.
 */

/** What the tests cause on purpose: the under-age signup answers 422 (docs/product.md §8). */
const EXPECTED = [/HTTP 422: POST .*\/api\/auth\/signup/, /status of 422/];
const SITE = 'casino1';
const HOST = `${SITE}.localhost`;
const PASSWORD = 'first1234';

const e2e = useServerAndBrowser();
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** POSTs a call from the test process (the site is named in the payload, not by the host). */
async function api(path: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(e2e.server.url('127.0.0.1', path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** The register code the development outbox holds for an account. */
async function outboxCode(account: string): Promise<string> {
  const reply = (await (await fetch(e2e.server.url('127.0.0.1', `/api/dev/tac?domain_name=${HOST}&account_id=${account}`))).json()) as { tac: string };
  return reply.tac;
}

let players = 0;

/** A fresh account id and phone of this run. */
function newIdentity(prefix: string): { account: string; phone: string } {
  players += 1;
  return { account: `${prefix}${Date.now().toString(36).slice(-6)}${players}`, phone: `08${String(Date.now() % 1e7).padStart(7, '0')}${players}` };
}

/** A new adult player of the site, signed up through the API with a one-time code of the development outbox. */
async function signUp(): Promise<string> {
  const site = { domain_name: HOST, external_id: SITE };
  const { account, phone } = newIdentity('kyc');
  expect(await api('/api/auth/tac/request_new_register', { ...site, account_id: account, contact_phone: phone })).toMatchObject({ statusCode: 1 });
  expect(await api('/api/auth/tac/verify', { ...site, account_id: account, tac: await outboxCode(account) })).toMatchObject({ statusCode: 1 });
  const signup = await api('/api/auth/signup', {
    ...site,
    account_id: account,
    password: PASSWORD,
    contact_phone: phone,
    contact_email: `${account}@example.com`,
    birth_date: '1990-05-17',
  });
  expect(signup, JSON.stringify(signup)).toMatchObject({ statusCode: 1 });
  return account;
}

/** A page of a new context at `viewport` showing `pathname`, with the player logged in. */
async function openAsPlayer(viewport: Viewport, account: string, pathname: string): Promise<{ page: Page; problems: PageProblems }> {
  context = await newContext(e2e.browser, viewport);
  const page = await context.newPage();
  const problems = new PageProblems(page, EXPECTED);
  await page.goto(e2e.server.url(HOST, '/login'));
  await logInThroughApi(page, SITE, account, PASSWORD);
  await page.goto(e2e.server.url(HOST, pathname), { waitUntil: 'load' });
  await waitForHydration(page, '.account-actions > *');
  return { page, problems };
}

/**
 * A test photo drawn in the page (a gradient with grain, as a camera's is): `large` makes a PNG over
 * the upload limit, which the page must make smaller before it sends it; otherwise a small one.
 */
async function photo(page: Page, large: boolean): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const base64 = await page.evaluate((big) => {
    const canvas = document.createElement('canvas');
    canvas.width = big ? 2600 : 640;
    canvas.height = big ? 1800 : 420;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, canvas.width, canvas.height);
    gradient.addColorStop(0, '#d9e4f5');
    gradient.addColorStop(1, '#7a8fb8');
    context.fillStyle = gradient;
    context.fillRect(0, 0, canvas.width, canvas.height);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    const grain = new Uint8Array(pixels.data.length / 4);
    for (let offset = 0; offset < grain.length; offset += 65_536) crypto.getRandomValues(grain.subarray(offset, offset + 65_536));
    for (let index = 0; index < grain.length; index += 1) {
      const shift = (grain[index]! % 48) - 24;
      for (let channel = 0; channel < 3; channel += 1) pixels.data[index * 4 + channel] = Math.max(0, Math.min(255, pixels.data[index * 4 + channel]! + shift));
    }
    context.putImageData(pixels, 0, 0);
    context.fillStyle = '#1b2a4a';
    context.font = `${big ? 120 : 32}px sans-serif`;
    context.fillText('PASSPORT  E2E 123456', canvas.width * 0.08, canvas.height * 0.3);
    return canvas.toDataURL('image/png').slice('data:image/png;base64,'.length);
  }, large);
  const buffer = Buffer.from(base64, 'base64');
  if (large) expect(buffer.length).toBeGreaterThan(RECEIPT_MAX_BYTES);
  return { name: large ? 'passport-large.png' : 'passport.png', mimeType: 'image/png', buffer };
}

/** Today minus `years` as YYYY-MM-DD (UTC, the server's calendar). */
function yearsAgo(years: number): string {
  const today = new Date();
  return `${today.getUTCFullYear() - years}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(today.getUTCDate()).padStart(2, '0')}`;
}

describe('signup asks for the date of birth', () => {
  it('at 375 px: the form has a labelled date field, checks it before sending, and says the minimum age when the server refuses an under-age player', async () => {
    context = await newContext(e2e.browser, MOBILE);
    const page = await context.newPage();
    const problems = new PageProblems(page, EXPECTED);
    await page.goto(e2e.server.url(HOST, '/register'), { waitUntil: 'load' });
    await waitForHydration(page, '.account-actions > *');
    const form = page.locator('#main form');
    const birthDate = form.getByLabel(enText('shell.birthDate'));
    expect(await birthDate.getAttribute('type')).toBe('date');
    expect(await birthDate.getAttribute('name')).toBe('birth_date');

    // Nothing filled in: the date of birth is asked for with the other fields.
    await form.locator('button[type="submit"]').click();
    await form.locator('input[name="birth_date"][aria-invalid="true"]').waitFor();
    const describedBy = await birthDate.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy?.split(' ')[0]}"]`).textContent()).toBe(enText('validation:required'));

    const { account, phone } = newIdentity('young');
    await form.locator('input[name="account_id"]').fill(account);
    await form.locator('input[name="password"]').fill('secret123');
    await form.locator('input[name="contact_phone"]').fill(phone);
    await form.locator('input[name="contact_email"]').fill(`${account}@example.com`);
    await birthDate.fill(yearsAgo(12));
    await form.locator('button[type="submit"]').click();
    await form.locator('input[name="tac"]').fill(await outboxCode(account));
    await form.locator('button[type="submit"]').click();

    // Back on the details, the refusal on the date of birth with the site's minimum age, and the field focused.
    const error = form.locator('.field--invalid .field__error');
    await error.waitFor();
    const minimumAge = /\d+/.exec((await error.textContent()) ?? '')?.[0] ?? '';
    expect(await error.textContent()).toBe(enText('shell.underAge', { age: minimumAge }));
    expect(Number(minimumAge)).toBeGreaterThanOrEqual(18);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('birth_date');
    // No account was made.
    expect(await page.locator('.account-actions__wallet').count()).toBe(0);
    expect(problems.list).toEqual([]);
  });
});

describe('/verification', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px: from /account, a player uploads an identity document image and sees it pending review`, async () => {
      const account = await signUp();
      const { page, problems } = await openAsPlayer(viewport, account, '/account');
      await page.locator('.quick-links').getByRole('link', { name: enText('player.links.verification') }).click();
      await page.waitForURL((url) => url.pathname === '/verification');
      await page.getByRole('heading', { level: 1, name: enText('_m:verification') }).waitFor();

      const status = page.getByTestId('kyc-status');
      await expect(status.getByTestId('kyc-level').textContent()).resolves.toBe(enText('verification.levels.none'));
      const card = page.getByTestId('kyc-identity');
      await expect(card.getAttribute('data-status')).resolves.toBe('none');
      await card.getByText(enText('verification.status.none')).waitFor();
      expect(await page.getByTestId('kyc-selfie').count()).toBe(1);
      expect(await page.getByTestId('kyc-address').count()).toBe(1);
      await screenshots(page, `verification-empty-${viewport.width}`);

      // A wrong type is refused in the page, before anything is sent.
      await card.locator('input[type="file"]').setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not an image') });
      await expect(card.getByTestId('kyc-upload-error').textContent()).resolves.toBe(enText('errors:invalidImage'));

      // On the phone a photo over the limit (made smaller first), on the desktop a small one as it is.
      await card.locator('input[type="file"]').setInputFiles(await photo(page, viewport === MOBILE));
      await card.getByText(enText('verification.uploaded', { document: enText('verification.kinds.identity.name') })).waitFor({ timeout: 30_000 });
      await expect(card.getAttribute('data-status')).resolves.toBe('pending');
      await card.getByText(enText('verification.status.pending')).waitFor();
      await card.getByRole('button', { name: enText('verification.uploadAgain') }).waitFor();

      // The server has it, waiting for review.
      const reply = await sessionCall<KycStatusReply & { statusCode: number; message: string }>(page, '/api/kyc/status');
      expect(reply.statusCode).toBe(1);
      expect(reply.documents[0]).toMatchObject({ kind: 'identity', status: 'pending' });
      const { scrollWidth, innerWidth } = await horizontalOverflow(page);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      await screenshots(page, `verification-pending-${viewport.width}`);
      expect(problems.list).toEqual([]);
    });
  }

  it('has no serious or critical axe violation at 320 px, for a player and for a guest, and nothing scrolls sideways', async () => {
    const account = await signUp();
    const { page, problems } = await openAsPlayer({ width: 320, height: 640 }, account, '/verification');
    await page.getByTestId('kyc-identity').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const { scrollWidth, innerWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    expect(problems.list).toEqual([]);
    await context?.close();

    context = await newContext(e2e.browser, { width: 320, height: 640 });
    const guest = await context.newPage();
    const guestProblems = new PageProblems(guest, EXPECTED);
    const response = await guest.goto(e2e.server.url(HOST, '/verification'), { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await waitForHydration(guest, '.account-actions > *');
    await guest.getByText(enText('verification.guestLead')).waitFor();
    expect(await guest.locator('#main').getByRole('link', { name: enText('shell.logIn') }).getAttribute('href')).toBe('/login');
    expect(await guest.locator('input[type="file"]').count()).toBe(0);
    expect(await seriousViolations(guest)).toEqual([]);
    expect(guestProblems.list).toEqual([]);
  });
});
