import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import adminText from '../../packages/admin/src/messages/en.json';
import playersText from '../../packages/admin/src/messages/en/players.json';
import { seededDataDir, useServerAndBrowser } from './harness';
import { seriousViolations } from './axe';
import { DESKTOP, PageProblems, horizontalOverflow, newContext, screenshots } from './browser';
import { runOps } from './ops-cli';

/**
 * The back office's Players screens (issue 26 §2; ADR 0047) in Chromium against the built server:
 * the demo owner finds the demo player of casino1 and opens the page, its sections are the URL;
 * a support operator of casino2 searching casino1's player by exact account id finds only its own
 * site's player of that name, and nothing of casino1; the screens have no serious axe violation and
 * fit 768 px.
 */

const TABLET = { width: 768, height: 900 } as const;

let dataDir: string;
let supportPassword: string;
const serverOptions: { env: Record<string, string> } = { env: {} };
// Before the harness's own hook: the account exists before the server opens the folder (PGlite allows one process).
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'wl-e2e-admin-players-'));
  await cp(seededDataDir(), dataDir, { recursive: true });
  const created = await runOps(['create-account', '--username', 'e2e-players', '--role', 'support', '--site', 'casino2.localhost', '--json'], { DATA_DIR: dataDir });
  expect(created.code, created.stderr).toBe(0);
  supportPassword = (JSON.parse(created.stdout) as { password: string }).password;
  serverOptions.env.DATA_DIR = dataDir;
}, 120_000);
const e2e = useServerAndBrowser(serverOptions);
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function adminPage(viewport: { width: number; height: number }, pathname: string): Promise<{ page: Page; problems: PageProblems }> {
  const context = await newContext(e2e.browser, viewport, { bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  // Asking who is signed in before signing in answers 401: expected.
  const problems = new PageProblems(page, [/HTTP 401: POST .*\/api\/admin\/auth\/me/, /status of 401/]);
  await page.goto(e2e.server.url('localhost', `/admin${pathname}`));
  await page.getByLabel(adminText.login.username).waitFor();
  return { page, problems };
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel(adminText.login.username).fill(username);
  await page.getByLabel(adminText.login.password).fill(password);
  await page.getByRole('button', { name: adminText.login.submit }).click();
}

const resultSites = (page: Page) => page.getByTestId('players').locator('tbody tr[data-account]').evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-site')}:${row.getAttribute('data-account')}`));

describe('back office: players', () => {
  it('the owner finds the demo player of casino1 and opens the page; the section is the URL', async () => {
    const { page, problems } = await adminPage(DESKTOP, '/players');
    await signIn(page, 'owner', 'demo1234');
    await page.getByRole('button', { name: adminText.login.skip }).click();
    await page.waitForURL(/\/admin\/players$/);
    await page.getByRole('searchbox', { name: playersText.query }).fill('demo');
    await page.getByLabel(playersText.site).selectOption('casino1.localhost');
    await page.getByRole('button', { name: playersText.search, exact: true }).click();
    await page.waitForURL(/\/admin\/players\?.*q=demo/);
    await expect.poll(() => resultSites(page)).toEqual(['casino1:demo']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'admin-players');

    await page.getByTestId('players').getByRole('link', { name: 'demo', exact: true }).click();
    await page.waitForURL(/\/admin\/players\/casino1\/demo$/);
    await page.getByRole('heading', { name: playersText.profile }).waitFor();
    await page.getByRole('heading', { name: playersText.balances }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: playersText.tabs.statement }).click();
    await page.waitForURL(/\/admin\/players\/casino1\/demo\?tab=statement$/);
    await page.getByTestId('statement').locator('tbody tr').first().waitFor();
    await page.getByRole('link', { name: playersText.tabs.limits }).click();
    await page.getByText(playersText.limitsReadOnly).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems.list).toEqual([]);
  });

  it("a casino2 support operator's search for casino1's player finds nothing of casino1, even by exact account id", async () => {
    const { page, problems } = await adminPage(TABLET, '/players?q=demo');
    await signIn(page, 'e2e-players', supportPassword);
    await page.getByRole('heading', { name: adminText.login.enrolTitle }).waitFor();
    const key = (await page.locator('.login-secret code').textContent())!.replace(/\s/g, '');
    await page.getByLabel(adminText.login.code).fill(new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' }).generate());
    await page.getByRole('button', { name: adminText.login.verify }).click();
    await page.waitForURL(/\/admin\/players\?q=demo$/);
    // casino2 has a demo player of its own: the only one found.
    await expect.poll(() => resultSites(page)).toEqual(['casino2:demo']);
    expect(await page.getByLabel(playersText.site).locator('option').count()).toBe(2);
    expect(await horizontalOverflow(page)).toMatchObject({ scrollWidth: TABLET.width });
    expect(await seriousViolations(page)).toEqual([]);

    // casino1's page, asked by its URL, is not there for this operator.
    await page.goto(e2e.server.url('localhost', '/admin/players/casino1/demo'));
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('heading', { name: playersText.profile }).count()).toBe(0);
    expect(problems.list).toEqual([]);
  });
});
