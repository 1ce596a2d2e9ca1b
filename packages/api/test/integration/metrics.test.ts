/**
 * Operational metrics (issue 28 §4, ADR 0062): the metrics listener serves Prometheus text with
 * the named metrics; the counts move after calls (a get_balance, a refused one, a deposit request
 * and its approval, which writes a ledger transfer); the pending payments are read from the
 * database at most once per few seconds; a push stream is counted while open; the public app
 * answers /metrics as an unknown route (the API's 404, the site's 404 page), never the metrics.
 */
import http from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LIVE_BALANCE_PATH } from '@wl/contracts';
import { REPO_ROOT } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { DATABASE_FIGURES_TTL_MS, startMetricsListener, type MetricsListener } from '../../src/metrics/index.js';
import { backends, createTestServer, type TestServer } from './helpers.js';
import { credentials, post, type TestSession } from './rewards-fixtures.js';
import { bankingPlayer, credit, operatorKey, opsCall, requestDeposit } from './banking-fixtures.js';

const WEB_BUILD_DIR = path.join(REPO_ROOT, 'packages', 'web', 'build');

/** The text exposition of one scrape. */
async function scrape(listener: MetricsListener): Promise<{ status: number; contentType: string; text: string }> {
  const response = await fetch(listener.url, { headers: { connection: 'close' } });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** The value of one series (`name{labels}` as written in the exposition), 0 when absent. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(/,(?=[a-zA-Z_]+=")/).filter(Boolean);
    if (wanted.every((pair) => present.includes(pair)) && present.length === wanted.length) return Number(match[3]);
  }
  return 0;
}

/** How far freshScrape has moved the clock: each call moves it past the database figures' cache. */
let clockAhead = 0;

/** A scrape whose database figures are read afresh (the clock moved past the cache's lifetime). */
async function freshScrape(): Promise<string> {
  clockAhead += DATABASE_FIGURES_TTL_MS + 1;
  const now = Date.now();
  const clock = vi.spyOn(Date, 'now').mockReturnValue(now + clockAhead);
  try {
    return (await scrape(listener)).text;
  } finally {
    clock.mockRestore();
  }
}

let listener: MetricsListener;

describe.each(backends)('metrics on %s', (backend) => {
  let server: TestServer;
  let player: TestSession;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    listener = await startMetricsListener({ port: 0, host: '127.0.0.1', log: server.app.log });
    player = await bankingPlayer(server.database.db, 'casino1');
  });

  afterAll(async () => {
    await listener?.close();
    await server?.close();
  });

  it('serves the text exposition with the named metrics on loopback, and nothing else there', async () => {
    expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const { status, contentType, text } = await scrape(listener);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'wl_api_requests_total',
      'wl_api_request_duration_seconds',
      'wl_api_errors_total',
      'wl_page_renders_total',
      'wl_ledger_transfers_total',
      'wl_ledger_transfer_amount_total',
      'wl_payments_pending',
      'wl_push_connections',
      'wl_db_pool_connections',
      'wl_nodejs_eventloop_lag_p99_seconds',
      'wl_process_resident_memory_bytes',
      'wl_nodejs_heap_size_used_bytes',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    // node-postgres' pool is reported; PGlite has none.
    if (backend === 'postgres') expect(valueOf(text, 'wl_db_pool_max')).toBe(4);
    else expect(text).not.toMatch(/^wl_db_pool_connections\{/m);
    const other = await fetch(listener.url.replace('/metrics', '/'), { headers: { connection: 'close' } });
    expect(other.status).toBe(404);
    await other.text();
  });

  it('counts calls by their name, with latency and error keys; never by the raw URL', async () => {
    const before = (await scrape(listener)).text;
    const labels = { call: 'auth.get_balance', status: '200' };
    const answered = await post(server.app, '/api/auth/get_balance', credentials(player));
    expect(answered.status).toBe(200);
    const refused = await post(server.app, '/api/auth/get_balance', { ...credentials(player), auth: 'x'.repeat(64) });
    expect(refused.body.statusCode).toBe(0);
    await server.app.inject({ method: 'POST', url: '/api/no/such/call/12345', payload: {} });

    const after = (await scrape(listener)).text;
    expect(valueOf(after, 'wl_api_requests_total', labels) - valueOf(before, 'wl_api_requests_total', labels)).toBe(1);
    const countOf = (text: string) => valueOf(text, 'wl_api_request_duration_seconds_count', { call: 'auth.get_balance' });
    expect(countOf(after) - countOf(before)).toBe(2);
    const errorKey = String(refused.body.message);
    const errors = { call: 'auth.get_balance', error: errorKey };
    expect(valueOf(after, 'wl_api_errors_total', errors) - valueOf(before, 'wl_api_errors_total', errors)).toBe(1);
    // An unknown path is one series, whatever the path.
    expect(valueOf(after, 'wl_api_errors_total', { call: 'not_found', error: 'notFound' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('12345');
    expect(after).not.toContain(player.auth);
  });

  it('counts ledger transfers by kind, type and currency, and pending payments from the database (cached)', async () => {
    const db = server.database.db;
    const pending = (text: string) => valueOf(text, 'wl_payments_pending', { kind: 'deposit', currency: 'PHP' });
    const before = await freshScrape();
    const pendingBefore = pending(before);

    await credit(db, player, '50.0000', `metrics-credit-${backend}`);
    const depositId = await requestDeposit(server.app, db, player, '2000');
    // Within the cache's few seconds a scrape does not read the database again; past them it does.
    expect(pending((await scrape(listener)).text)).toBe(pendingBefore);
    expect(pending(await freshScrape())).toBe(pendingBefore + 1);

    const key = await operatorKey(db, `metrics-${backend}`);
    const approved = await opsCall(server.app, '/api/ops/deposit/approve', key, { payment_id: depositId, reason: 'metrics test' });
    expect(approved.body.statusCode, JSON.stringify(approved.body)).toBe(1);

    const after = await freshScrape();
    const transfers = (text: string, labels: Record<string, string>) => valueOf(text, 'wl_ledger_transfers_total', labels);
    expect(transfers(after, { kind: 'posted', type: 'deposit' }) - transfers(before, { kind: 'posted', type: 'deposit' })).toBe(1);
    expect(transfers(after, { kind: 'posted', type: 'adjustment' }) - transfers(before, { kind: 'posted', type: 'adjustment' })).toBe(1);
    const amount = (text: string) => valueOf(text, 'wl_ledger_transfer_amount_total', { kind: 'posted', type: 'deposit', currency: 'PHP' });
    expect(amount(after) - amount(before)).toBe(2000);
    // Requested and approved: as many pending deposits as before.
    expect(pending(after)).toBe(pendingBefore);
    expect(valueOf(after, 'wl_api_requests_total', { call: 'ops.deposit.approve', status: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('counts a push stream while it is open', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const route = { route: LIVE_BALANCE_PATH };
    const request = http.get(`${address}${LIVE_BALANCE_PATH}?account_id=${encodeURIComponent(player.account_id)}`, {
      headers: { authorization: `Bearer ${player.auth}` },
      agent: false,
    });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      request.once('response', resolve);
      request.once('error', reject);
    });
    response.on('error', () => undefined);
    response.resume();
    expect(response.statusCode).toBe(200);
    expect(valueOf((await scrape(listener)).text, 'wl_push_connections', route)).toBe(1);
    request.destroy();
    await vi.waitFor(async () => expect(valueOf((await scrape(listener)).text, 'wl_push_connections', route)).toBe(0));
  });

  it('the public API answers /metrics as an unknown route', async () => {
    for (const url of ['/metrics', '/api/metrics', '/metrics?format=prometheus']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('wl_');
    }
  });

  it.skipIf(!existsSync(path.join(WEB_BUILD_DIR, 'server', 'index.js')))('the public site answers /metrics with its 404 page, counted as a page', async () => {
    let site: FastifyInstance | undefined;
    try {
      site = await buildApp({ database: server.database, web: { kind: 'build', dir: WEB_BUILD_DIR }, pageCacheTtlMs: 0 });
      const before = (await scrape(listener)).text;
      const response = await site.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).not.toContain('wl_api_requests_total');
      const after = (await scrape(listener)).text;
      const pages = (text: string) => valueOf(text, 'wl_page_renders_total', { status: '404', cache: 'off' });
      expect(pages(after) - pages(before)).toBe(1);
    } finally {
      await site?.close();
    }
  });
});
