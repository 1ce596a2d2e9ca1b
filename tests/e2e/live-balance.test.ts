import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { LIVE_BALANCE_PATH, displayNumber, type DepositMethodsReply } from '@wl/contracts';
import { seededDataDir, useServerAndBrowser } from './harness';
import { decimal, minor, openAsDemoPlayer, sessionCall, type Reply } from './calls';
import { waitForHydration } from './browser';
import { runOps } from './ops-cli';

/**
 * The balance on screen is never stale (issue 23 §5, ADR 0031) in Chromium against the built
 * server: an operator approves a deposit through the operator API and the header's balance moves
 * within a couple of seconds, without a reload and without polling, in every open tab of the
 * browser, while the browser reads one stream only (the tabs share it); when the tab reading it
 * closes, another takes over.
 */

const HOST = 'casino2.localhost';
/** How soon the header must follow the approval (the stream's promise is a second; the browser adds its own time). */
const FOLLOWS_WITHIN_MS = 2_500;

let dataDir: string;
let operatorKey: string;
const serverOptions: { env: Record<string, string> } = { env: {} };
// Before the harness's own hook: the operator exists before the server opens the folder (PGlite allows one process).
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'wl-e2e-live-'));
  await cp(seededDataDir(), dataDir, { recursive: true });
  const created = await runOps(['create-operator', '--name', 'e2e-live', '--json'], { DATA_DIR: dataDir });
  expect(created.code, created.stderr).toBe(0);
  operatorKey = (JSON.parse(created.stdout) as { key: string }).key;
  serverOptions.env.DATA_DIR = dataDir;
}, 120_000);
const e2e = useServerAndBrowser(serverOptions);
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

let context: BrowserContext;
afterEach(async () => {
  await context?.close();
});

function headerBalance(page: Page): Promise<string> {
  return page
    .getByTestId('balance')
    .textContent()
    .then((text) => (text ?? '').replace(/[^\d.]/g, ''));
}

const shown = (amount: string) => displayNumber(amount) || '0';

async function balanceOf(page: Page): Promise<string> {
  const reply = await sessionCall<Reply & { game_balance: string }>(page, '/api/auth/get_balance');
  expect(reply.statusCode).toBe(1);
  return reply.game_balance;
}

/** A deposit request by the player (from the page), approved by the operator API; answers the amount. */
async function approvedDeposit(page: Page, amount: string): Promise<void> {
  const methods = await sessionCall<DepositMethodsReply & Reply>(page, '/api/banking/deposit_methods');
  const method = methods.value[0]!;
  const sent = await sessionCall<Reply & { value: { deposit_id: number } }>(page, '/api/banking/deposit', {
    method_id: method.method_id,
    receiving_account_id: method.receiving_accounts[0]!.receiving_account_id,
    amount,
    transfer_reference: `FT${Date.now()}`,
  });
  expect(sent.statusCode, JSON.stringify(sent)).toBe(1);
  const response = await fetch(e2e.server.url('127.0.0.1', '/api/ops/deposit/approve'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${operatorKey}` },
    body: JSON.stringify({ payment_id: sent.value.deposit_id, reason: 'Matched on the bank statement' }),
  });
  const approved = (await response.json()) as Reply;
  expect(approved.statusCode, JSON.stringify(approved)).toBe(1);
}

describe('live balance', () => {
  it('the header follows an approved deposit in two tabs without a reload, over one stream that another tab takes over', async () => {
    const opened = await openAsDemoPlayer(e2e, HOST, '/', { allow: [/Failed to load resource: net::ERR_/] });
    context = opened.context;
    const first = opened.page;
    // Streams opened from here on, by tab (the first tab's own may come before or after).
    const streams: { url: string; page: Page }[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === LIVE_BALANCE_PATH) streams.push({ url: request.url(), page: request.frame().page() });
    });
    const opensOf = (page: Page) => streams.filter((stream) => stream.page === page).length;
    const second = await context.newPage();
    await second.goto(e2e.server.url(HOST, '/'), { waitUntil: 'load' });
    await waitForHydration(second, '#main');
    // Neither tab reloads: a marker set now would be gone after one.
    for (const page of [first, second]) await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));

    const before = await balanceOf(first);
    for (const page of [first, second]) await expect.poll(() => headerBalance(page)).toBe(shown(before));

    await approvedDeposit(first, '1500');
    const after = decimal(minor(before) + minor('1500'));
    for (const page of [first, second]) await expect.poll(() => headerBalance(page), { timeout: FOLLOWS_WITHIN_MS, interval: 50 }).toBe(shown(after));
    for (const page of [first, second]) expect(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);
    // One stream for the two tabs: the first tab's; the second opened none, nor did the first twice.
    expect(opensOf(second)).toBe(0);
    expect(opensOf(first)).toBeLessThanOrEqual(1);

    // The reading tab closes: the other takes the lock and opens the stream, which follows the next change.
    await first.close();
    await expect.poll(() => opensOf(second), { timeout: 10_000 }).toBe(1);
    // The token never travels in the stream's address.
    expect(streams.map((stream) => new URL(stream.url).search)).toEqual(streams.map(() => '?account_id=demo'));
    await approvedDeposit(second, '1000');
    const later = decimal(minor(after) + minor('1000'));
    await expect.poll(() => headerBalance(second), { timeout: FOLLOWS_WITHIN_MS + 1_000, interval: 50 }).toBe(shown(later));
  });
});
