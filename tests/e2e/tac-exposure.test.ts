import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDataDir } from './harness';
import { startServer, type E2EServer } from './server';

/**
 * Issue 21, section 2 (ADR 0019): the built server on the embedded database, started as in
 * production without EXPOSE_TAC_CODES, never answers a one-time code: a code is asked for, and
 * GET /api/dev/tac is not there. Started with the switch, it warns in its log.
 */

describe('the built server without EXPOSE_TAC_CODES', () => {
  let server: E2EServer;

  beforeAll(async () => {
    // The harness sets the switch for the other tests; an empty value is "not set".
    server = await startServer({ seededDataDir: seededDataDir(), env: { EXPOSE_TAC_CODES: '' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('has no /api/dev/tac on the embedded database, and does not warn', async () => {
    const request = await fetch(server.url('127.0.0.1', '/api/auth/tac/request_login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain_name: 'localhost', external_id: 'demo', account_id: 'demo' }),
    });
    expect(((await request.json()) as { statusCode: number }).statusCode).toBe(1);

    const response = await fetch(server.url('127.0.0.1', '/api/dev/tac?domain_name=localhost&account_id=demo'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 0, message: 'notFound' });
    expect(server.output()).not.toContain('EXPOSE_TAC_CODES=true');
  });
});

describe('the built server with EXPOSE_TAC_CODES=true', () => {
  let server: E2EServer;

  beforeAll(async () => {
    server = await startServer({ seededDataDir: seededDataDir(), env: { EXPOSE_TAC_CODES: 'true' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('logs a warning at start', () => {
    expect(server.output()).toMatch(/"level":40.*EXPOSE_TAC_CODES=true/);
  });
});
