import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDataDir } from './harness';
import { startServer, type E2EServer } from './server';

/**
 * Issue 21, section 1: a client that goes away (a phone losing signal, a player clicking away)
 * ends only its own response. Hundreds of page loads are abandoned, in every encoding, some before
 * the answer starts and some after its first bytes; the same server process then still serves a
 * whole page and /healthz.
 */

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];
/** Pages that render a lot (lobbies, the home page), on two sites. */
const PAGES = [
  ['localhost', '/'],
  ['slot5.localhost', '/'],
  ['localhost', '/slots'],
  ['slot5.localhost', '/casino'],
] as const;

let server: E2EServer;

beforeAll(async () => {
  server = await startServer({ seededDataDir: seededDataDir(), env: { LOG_LEVEL: 'debug' } });
});

afterAll(async () => {
  await server?.stop();
});

function pageRequest(index: number, encoding: Encoding, target: readonly [string, string] = PAGES[index % PAGES.length]!): http.ClientRequest {
  const [host, path] = target;
  return http.request({
    host: '127.0.0.1',
    port: server.port,
    path,
    agent: false,
    headers: { host: `${host}:${server.port}`, 'accept-encoding': encoding, accept: 'text/html' },
  });
}

/** Sends a page request and drops the connection at once, before any answer. */
function abandonAtOnce(index: number, encoding: Encoding): Promise<void> {
  return new Promise((resolve) => {
    const request = pageRequest(index, encoding);
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.end(() => setImmediate(() => request.destroy()));
  });
}

/** Sends a request (a page by default) and drops the connection as soon as the first bytes of the answer arrive. */
function abandonAfterFirstBytes(index: number, encoding: Encoding, target?: readonly [string, string]): Promise<'abandoned' | 'ended'> {
  return new Promise((resolve) => {
    const request = pageRequest(index, encoding, target);
    request.on('error', () => resolve('abandoned'));
    request.on('response', (response) => {
      response.on('error', () => resolve('abandoned'));
      response.once('data', () => {
        request.destroy();
        resolve('abandoned');
      });
      response.on('end', () => resolve('ended'));
    });
    request.end();
  });
}

/** A whole page, decoded. */
function loadPage(encoding: Encoding): Promise<{ status: number; encoding: string | undefined; html: string }> {
  return new Promise((resolve, reject) => {
    const request = pageRequest(0, encoding);
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const sent = response.headers['content-encoding'];
        const html = (sent === 'br' ? brotliDecompressSync(body) : sent === 'gzip' ? gunzipSync(body) : body).toString('utf8');
        resolve({ status: response.statusCode ?? 0, encoding: sent, html });
      });
    });
    request.end();
  });
}

describe('abandoned page loads', () => {
  it('end only themselves: the same process serves a whole page and /healthz after 180 of them', async () => {
    const pid = server.pid;
    // 90 at once: the connection drops right after the request is sent.
    await Promise.all(Array.from({ length: 90 }, (_, index) => abandonAtOnce(index, ENCODINGS[index % ENCODINGS.length]!)));
    // 90 more, 15 at a time: the connection drops once the page has started to arrive.
    const outcomes: string[] = [];
    for (let wave = 0; wave < 6; wave++) {
      const results = await Promise.all(
        Array.from({ length: 15 }, (_, offset) => {
          const index = wave * 15 + offset;
          return abandonAfterFirstBytes(index, ENCODINGS[index % ENCODINGS.length]!);
        }),
      );
      outcomes.push(...results);
    }
    // Pages stream (the head first), so most were dropped mid-answer rather than after the end.
    expect(outcomes.filter((outcome) => outcome === 'abandoned').length).toBeGreaterThan(60);

    for (const encoding of ENCODINGS) {
      const page = await loadPage(encoding);
      expect(page.status).toBe(200);
      expect(page.encoding ?? 'identity').toBe(encoding);
      expect(page.html).toMatch(/^<!DOCTYPE html>/i);
      expect(page.html).toMatch(/<\/html>\s*$/);
    }
    const health = await fetch(server.url('localhost', '/healthz'));
    expect(health.status).toBe(200);

    expect(server.exitCode(), server.output()).toBeNull();
    expect(server.pid).toBe(pid);
    expect(() => process.kill(pid, 0)).not.toThrow();
    const output = server.output();
    expect(output).not.toMatch(/uncaught|Unhandled 'error' event/i);
    // An abandoned page is the client's choice, not a server error: nothing at error or fatal level.
    expect(output).not.toMatch(/"level":(?:50|60)/);
  });

  it('the same holds for static files and media: every other stream the server sends', async () => {
    const pid = server.pid;
    const page = await loadPage('identity');
    const script = /\/assets\/[\w.-]+\.js/.exec(page.html)?.[0];
    const media = /\/api\/media\/[^"'\s)&]+/.exec(page.html)?.[0];
    expect(script).toBeDefined();
    expect(media).toBeDefined();
    const targets: (readonly [string, string])[] = [
      ['localhost', script!],
      ['localhost', media!],
      ['localhost', '/robots.txt'],
    ];
    for (let wave = 0; wave < 4; wave++) {
      await Promise.all(
        Array.from({ length: 15 }, (_, offset) => {
          const index = wave * 15 + offset;
          return abandonAfterFirstBytes(index, ENCODINGS[index % ENCODINGS.length]!, targets[index % targets.length]);
        }),
      );
    }
    expect((await fetch(server.url('localhost', '/healthz'))).status).toBe(200);
    expect(server.exitCode(), server.output()).toBeNull();
    expect(server.pid).toBe(pid);
  });
});
