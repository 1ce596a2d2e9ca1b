import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { OperatorRole } from '@wl/contracts';
import adminText from '../../packages/admin/src/messages/en.json';
import { seededDataDir, useServerAndBrowser, type E2EHarness } from './harness';
import { DESKTOP, PageProblems, newContext } from './browser';
import { runOps } from './ops-cli';

/** Asking who is signed in before signing in answers 401: expected on every console page. */
const SIGN_IN_PROBLEMS = [/HTTP 401: POST .*\/api\/admin\/auth\/me/, /status of 401/];

/**
 * Console pages of a started harness, closed after each test: `adminPage` opens one at its sign-in
 * (its CSP bypassed only so that axe can be injected; `allowed` adds the problems a file expects),
 * `signIn` fills the password step, `ownerPage` signs the demo owner in (skipping the second
 * factor, demo data only), `visitorPage` opens a plain page for a site's own screens.
 */
function consolePages(e2e: E2EHarness, allowed: RegExp[]) {
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  /** A console page at `pathname` (under /admin), at its sign-in, and its problems. */
  async function adminPage(viewport: { width: number; height: number }, pathname: string): Promise<{ page: Page; problems: PageProblems }> {
    const context = await newContext(e2e.browser, viewport, { bypassCSP: true });
    contexts.push(context);
    const page = await context.newPage();
    const problems = new PageProblems(page, [...SIGN_IN_PROBLEMS, ...allowed]);
    await page.goto(e2e.server.url('localhost', `/admin${pathname}`));
    await page.getByLabel(adminText.login.username).waitFor();
    return { page, problems };
  }

  /** The password step of the sign-in. */
  async function signIn(page: Page, username: string, secret: string): Promise<void> {
    await page.getByLabel(adminText.login.username).fill(username);
    await page.getByLabel(adminText.login.password).fill(secret);
    await page.getByRole('button', { name: adminText.login.submit }).click();
  }

  /** A console page at `pathname` signed in as the demo owner. */
  async function ownerPage(viewport: { width: number; height: number }, pathname: string): Promise<{ page: Page; problems: PageProblems }> {
    const opened = await adminPage(viewport, pathname);
    await signIn(opened.page, 'owner', 'demo1234');
    await opened.page.getByRole('button', { name: adminText.login.skip }).click();
    return opened;
  }

  /** A page of its own (a visitor of a site, no console), closed after the test too. */
  async function visitorPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
    const context = await newContext(e2e.browser, viewport);
    contexts.push(context);
    return context.newPage();
  }

  return { contexts, adminPage, signIn, ownerPage, visitorPage };
}

/**
 * A built server for the back office's browser tests, on a copy of the seeded data folder in which
 * one more back-office account was made with the CLI first (PGlite allows one process, so before
 * the server opens the folder); its first password is `account.password()`. Pages of the console
 * are opened with `adminPage` (see `consolePages`) and closed after each test.
 */
export function useAdminServer(account: { username: string; role: OperatorRole; site: string }) {
  let dataDir = '';
  let password = '';
  const serverOptions: { env: Record<string, string> } = { env: {} };
  // Registered before the harness's own hook, so it runs first.
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `wl-e2e-${account.username}-`));
    await cp(seededDataDir(), dataDir, { recursive: true });
    const created = await runOps(['create-account', '--username', account.username, '--role', account.role, '--site', account.site, '--json'], { DATA_DIR: dataDir });
    expect(created.code, created.stderr).toBe(0);
    password = (JSON.parse(created.stdout) as { password: string }).password;
    serverOptions.env.DATA_DIR = dataDir;
  }, 120_000);
  const e2e = useServerAndBrowser(serverOptions);
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return { e2e, ...consolePages(e2e, []), password: () => password };
}

/** A built server on the seeded data, its console pages opened as the demo owner; `allowed`: problems the file expects besides the sign-in's 401. */
export function useOwnerConsole(allowed: RegExp[] = []) {
  const e2e = useServerAndBrowser();
  return { e2e, ...consolePages(e2e, allowed) };
}
