import http from 'node:http';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDataDir } from './harness';
import { runOps } from './ops-cli';
import { startServer, type E2EServer } from './server';

/**
 * The page cache (ADR 0061) against the built server, over plain HTTP: a page asked again within
 * the TTL is the stored copy with a nonce of its own; what the render reads from the request keeps
 * pages apart; a page that sets a cookie or is no 200 is never kept; an operator's change shows on
 * the next page.
 */

const PHONE = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36';

let server: E2EServer;
let dataDir: string;
let operatorKey: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'wl-e2e-pages-'));
  await cp(seededDataDir(), dataDir, { recursive: true });
  const created = await runOps(['create-operator', '--name', 'e2e-pages', '--json'], { DATA_DIR: dataDir });
  expect(created.code, created.stderr).toBe(0);
  operatorKey = (JSON.parse(created.stdout) as { key: string }).key;
  // A TTL long enough that nothing in this file expires by time.
  server = await startServer({ env: { DATA_DIR: dataDir, PAGE_CACHE_TTL_MS: '60000' } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Page {
  status: number;
  cache: string | undefined;
  policy: string;
  nonce: string;
  body: string;
  setCookie: string[];
}

function get(host: string, pathname: string, headers: Record<string, string> = {}): Promise<Page> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: server.port, path: pathname, headers: { host: `${host}:${server.port}`, 'user-agent': PHONE, ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        const policy = String(response.headers['content-security-policy'] ?? '');
        resolve({
          status: response.statusCode ?? 0,
          cache: response.headers['x-page-cache'] as string | undefined,
          policy,
          nonce: /'nonce-([^']+)'/.exec(policy)?.[1] ?? '',
          body,
          setCookie: response.headers['set-cookie'] ?? [],
        });
      });
    });
    request.on('error', reject);
  });
}

async function ops(pathname: string, payload: object): Promise<{ statusCode: number; message: string }> {
  const response = await fetch(server.url('127.0.0.1', pathname), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${operatorKey}` },
    body: JSON.stringify(payload),
  });
  return (await response.json()) as { statusCode: number; message: string };
}

/** The body with its nonce taken out, to compare two responses. */
const withoutNonce = (page: Page) => page.body.replaceAll(page.nonce, 'NONCE');

describe('page cache', () => {
  it('serves a page asked again as the stored copy, with a nonce of its own in the policy and every script', async () => {
    const first = await get('casino3.localhost', '/slots');
    expect(first.status).toBe(200);
    expect(first.cache).toBe('miss');
    const second = await get('casino3.localhost', '/slots');
    expect(second.cache).toBe('hit');
    expect(second.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.nonce).not.toBe(first.nonce);
    // The stored nonce is nowhere in the copy; the new one is wherever the first stood.
    expect(second.body).not.toContain(first.nonce);
    expect(second.body.split(second.nonce).length).toBe(first.body.split(first.nonce).length);
    expect(first.body.split(first.nonce).length).toBeGreaterThan(3);
    expect(withoutNonce(second)).toBe(withoutNonce(first));
    expect(second.policy.replace(second.nonce, '')).toBe(first.policy.replace(first.nonce, ''));
  });

  it('keeps apart what the render reads: site, path, device, the viewport and locale cookies; other cookies share the page', async () => {
    await get('casino5.localhost', '/');
    expect((await get('casino5.localhost', '/')).cache).toBe('hit');
    expect((await get('casino6.localhost', '/')).cache).toBe('miss');
    expect((await get('casino5.localhost', '/slots')).cache).toBe('miss');

    const desktop = await get('casino5.localhost', '/', { 'user-agent': DESKTOP });
    expect(desktop.cache).toBe('miss');
    const phone = await get('casino5.localhost', '/');
    expect(withoutNonce(phone)).not.toBe(withoutNonce(desktop));

    expect((await get('casino5.localhost', '/', { cookie: 'viewport=desktopWide' })).cache).toBe('miss');
    expect((await get('casino5.localhost', '/', { cookie: '_ga=GA1.1.123; _fbp=fb.1.2.3' })).cache).toBe('hit');
    expect((await get('casino5.localhost', '/', { cookie: '_ga=GA1.1.456; viewport=desktopWide' })).cache).toBe('hit');
  });

  it('never keeps a page that sets a cookie, answers other than 200, or answers a request of no known site', async () => {
    // The root's language redirect sets the locale cookie: never stored.
    const redirected = await get('casino7.localhost', '/', { accept: 'text/html', 'accept-language': 'vi' });
    expect(redirected.status).toBe(302);
    expect((await get('casino7.localhost', '/', { accept: 'text/html', 'accept-language': 'vi' })).cache).not.toBe('hit');

    const missing = await get('casino7.localhost', '/no-such-page');
    expect(missing.status).toBe(404);
    expect((await get('casino7.localhost', '/no-such-page')).cache).not.toBe('hit');

    const unknownSite = await get('nowhere.localhost', '/');
    expect(unknownSite.status).not.toBe(200);
    expect((await get('nowhere.localhost', '/')).cache).not.toBe('hit');
  });

  it("an operator's change shows on the next page, not the stored one", async () => {
    const before = await get('casino8.localhost', '/');
    expect((await get('casino8.localhost', '/')).cache).toBe('hit');
    const text = `Page cache check ${Date.now()}`;
    const saved = await ops('/api/ops/content/marquee', { site: 'casino8.localhost', text, active: true, reason: 'Page cache test' });
    expect(saved.statusCode, JSON.stringify(saved)).toBe(1);
    const after = await get('casino8.localhost', '/');
    expect(after.cache).toBe('miss');
    expect(before.body).not.toContain(text);
    expect(after.body).toContain(text);
  });
});
