/**
 * Malformed requests over a real socket (issue 28 §3, ADR 0064): the request fuzzer of
 * scripts/fuzz-lib.mjs against the app listening on a port, so the HTTP parser, framing, encodings
 * and dropped connections are part of it (fuzz.test.ts covers the payloads through inject()).
 * Every call of the OpenAPI document, an operator key so the operator calls read their payloads;
 * no status ≥ 500, every reply a clear error, and the server still answers afterwards.
 *
 * FUZZ_COUNT (1,500) and FUZZ_SEED (28) change the run; a failure prints its reproducer.
 * PGlite only: what is fuzzed is the HTTP layer and validation, not the database.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.js';
import { classify, loadTargets, reproducerOf, runFuzz, sendCase, type FuzzCase } from '../../../../scripts/fuzz-lib.mjs';
import { operatorKey } from './banking-fixtures.js';
import { createTestServer, type TestServer } from './helpers.js';

const COUNT = Math.max(1, Number(process.env.FUZZ_COUNT) || 1_500);
const WEB_BUILD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/build');
const SEED = Number(process.env.FUZZ_SEED) || 28;

describe('fuzzing requests over a socket (PGlite)', () => {
  let server: TestServer;
  let baseUrl: string;
  let key: string;

  beforeAll(async () => {
    server = await createTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    key = await operatorKey(server.database.db, 'fuzzer');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** One request, answered with its status and parsed JSON body. */
  async function send(fuzzCase: Omit<FuzzCase, 'body'> & { body?: string | Buffer }, headers: Record<string, string> = {}) {
    const sent: FuzzCase = { contentType: 'application/json', expect: 'api', ...fuzzCase, body: Buffer.from(fuzzCase.body ?? '') };
    const outcome = await sendCase(baseUrl, sent, { host: 'localhost', headers, timeoutMs: 10_000 });
    expect(classify(sent, outcome)).toEqual({ verdict: 'ok' });
    return { status: outcome.status, body: JSON.parse(outcome.body ?? 'null') as Record<string, unknown> };
  }

  it(`${COUNT} malformed requests across every call: no status ≥ 500, every reply a clear error`, async () => {
    const targets = await loadTargets(baseUrl);
    expect(targets.length).toBeGreaterThan(100);
    const summary = await runFuzz({ baseUrl, count: COUNT, seed: SEED, concurrency: 8, host: 'localhost', headers: { authorization: `Bearer ${key}` }, targets });
    const reproducers = summary.problems.slice(0, 10).map((problem) => reproducerOf(problem, summary, 'localhost'));
    expect(reproducers, `seed ${SEED}`).toEqual([]);
    expect(summary.count).toBe(COUNT);
    expect(summary.aliveAfter).toBe(true);
  }, 120_000);

  it('the same process still answers a normal call', async () => {
    const response = await fetch(`${baseUrl}/api/startup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain_name: 'localhost' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ statusCode: 1, message: 'OK' });
  });

  // What the fuzzer found, each answered in the sites' envelope now (ADR 0064).
  it('a text PostgreSQL cannot store is a validationError of its field, not a failed query', async () => {
    const nul = await send({ method: 'POST', path: '/api/settings/adsvisit', body: '{"domain_name":"localhost","external_id":"demo","fbp":"fb.1.1","appsflyer_id":"a\\u0000b"}' });
    expect(nul).toEqual({ status: 400, body: { statusCode: 0, message: 'validationError', errors: { appsflyer_id: ['invalidValue'] } } });
    // Half a surrogate pair: the operator audit log keeps refused payloads as jsonb, which cannot hold it.
    const surrogate = await send({ method: 'POST', path: '/api/ops/withdrawal/approve', body: '{"payment_id":"\\udfff"}' }, { authorization: `Bearer ${key}` });
    expect(surrogate).toEqual({ status: 400, body: { statusCode: 0, message: 'validationError', errors: { payment_id: ['invalidValue'] } } });
    const nested = await send({ method: 'POST', path: '/api/startup', body: `{"domain_name":"localhost","x":${'['.repeat(5_000)}"\\ud800"${']'.repeat(5_000)}}` });
    expect(nested.body.errors).toEqual({ [['x', ...Array<string>(5_000).fill('0')].join('.')]: ['invalidValue'] });
    // A whole pair, and the text "\u0000" (an escaped backslash), are ordinary text.
    const pair = await send({ method: 'POST', path: '/api/startup', body: '{"domain_name":"local\\ud83d\\ude00host"}' });
    expect(pair.body.errors).toEqual({ domain_name: ['domainChars'] });
    const literal = await send({ method: 'POST', path: '/api/startup', body: '{"domain_name":"\\\\u0000"}' });
    expect(literal.body.errors).toEqual({ domain_name: ['domainChars'] });
  });

  it('a URL that does not decode and a request the HTTP parser refuses answer in the envelope', async () => {
    expect(await send({ method: 'POST', path: '/api/banking/banks/%zz', body: '{}' })).toEqual({
      status: 400,
      body: { statusCode: 0, message: 'validationError', errors: { url: ['invalidUrl'] } },
    });
    const malformed = { statusCode: 0, message: 'validationError', errors: { request: ['malformedRequest'] } };
    expect(await send({ method: 'POST', path: '/api/startup', body: '{}', contentType: '\u0000' })).toEqual({ status: 400, body: malformed });
    expect(await send({ method: 'P0ST', path: '/api/startup', body: '{}' })).toEqual({ status: 400, body: malformed });
    expect(await send({ method: 'POST', path: '/api/startup', body: '{}', framing: 'bad-chunk' })).toEqual({ status: 400, body: malformed });
    expect(await send({ method: 'POST', path: '/api/startup', body: '{}', framing: 'huge-header' })).toEqual({
      status: 431,
      body: { statusCode: 0, message: 'payloadTooLarge' },
    });
  });

  // The page handler, with the web build when there is one (npm run build).
  it.skipIf(!existsSync(path.join(WEB_BUILD_DIR, 'server', 'index.js')))('page paths and Host headers no page can have are a 400, not a 500', async () => {
    const site = await buildApp({ database: server.database, web: { kind: 'build', dir: WEB_BUILD_DIR }, pageCacheTtlMs: 0 });
    try {
      await site.listen({ port: 0, host: '127.0.0.1' });
      const siteUrl = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
      const page = async (target: string, hostHeader = 'localhost') => {
        const outcome = await sendCase(siteUrl, { method: 'GET', path: target, body: Buffer.alloc(0), contentType: null, hostHeader }, { timeoutMs: 30_000 });
        return outcome.status;
      };
      // `//` was read as a URL with no host; `/%09` is `//` to the URL parser once its tab is dropped.
      expect(await page('//')).toBe(200);
      expect(await page('//other.example/x')).toBe(404);
      expect(await page('/%09')).toBe(400);
      expect(await page('/%0A/x')).toBe(400);
      for (const host of ['a b', '[::1', 'user@host', '..', 'a'.repeat(300)]) expect(await page('/', host), host).toBe(400);
      expect(await page('/', 'localhost:3000')).toBe(200);
    } finally {
      await site.close();
    }
  }, 60_000);
});
