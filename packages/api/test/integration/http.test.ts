/**
 * The HTTP shell of the API: health and readiness probes, security headers, the JSON 404 of
 * unknown API paths, the body limit, and the generated logo artwork.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureReply } from '@wl/contracts';
import { backends, buildApiApp, createTestServer, jsonOf, postJson, type TestServer } from './helpers.js';
import { games } from '../../src/db/schema.js';

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], name).toBe(value);
}

describe.each(backends)('HTTP shell on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({ backend });
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('probes', () => {
    it('GET /healthz answers 200 ok', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(jsonOf(response)).toEqual({ status: 'ok' });
    });

    it('GET /readyz answers 200 with the database up', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(jsonOf(response)).toEqual({ status: 'ok', database: backend });
    });
  });

  describe('security headers', () => {
    it.each([
      ['GET', '/healthz', undefined],
      ['GET', '/readyz', undefined],
      ['POST', '/api/startup', { domain_name: 'localhost' }],
      ['POST', '/api/startup', { domain_name: 'no-such-site.example' }],
      ['POST', '/api/startup', { domain_name: 42 }],
      ['GET', '/api/no-such-call', undefined],
      ['GET', '/api/media/logo/slot5/1.svg', undefined],
    ] as const)('%s %s carries them', async (method, url, payload) => {
      const response = await server.app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }),
      });
      expect(response.statusCode).toBeLessThan(500);
      expectSecurityHeaders(response.headers);
    });
  });

  describe('HSTS (issue 21 §8, ADR 0023)', () => {
    const HSTS = 'max-age=31536000; includeSubDomains';

    it('is sent over HTTPS as a trusted proxy reports it, never over plain http nor on an untrusted claim', async () => {
      // The same database behind a load balancer at 127.0.0.1 (the address app.inject comes from).
      const behindProxy = await buildApiApp(server.database, {}, ['127.0.0.1']);
      try {
        for (const url of ['/healthz', '/api/no-such-call', '/api/media/logo/slot5/1.svg']) {
          const https = await behindProxy.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
          expect(https.headers['strict-transport-security'], url).toBe(HSTS);
          expectSecurityHeaders(https.headers);
          const http = await behindProxy.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'http' } });
          expect(http.headers['strict-transport-security'], url).toBeUndefined();
          expect((await behindProxy.inject({ method: 'GET', url })).headers['strict-transport-security'], url).toBeUndefined();
        }
      } finally {
        await behindProxy.close();
      }
      // Without a trusted proxy, a client's own X-Forwarded-Proto is no HTTPS.
      const spoofed = await server.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('unknown API paths', () => {
    it.each([
      ['GET', '/api/no-such-call'],
      ['POST', '/api/no-such-call'],
      ['GET', '/api/auth/no-such-call?x=1'],
      // startup is POST only: another method is an unknown path, not a crash
      ['GET', '/api/startup'],
      ['DELETE', '/api/startup'],
    ] as const)('%s %s answers 404 JSON notFound', async (method, url) => {
      const response = await server.app.inject({
        method,
        url,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: '{}' } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = jsonOf(response);
      expect(body).toEqual({ statusCode: 0, message: 'notFound' });
      expect(failureReply.safeParse(body).success).toBe(true);
    });
  });

  describe('body limit', () => {
    it('a JSON body over 64 KiB answers 413 payloadTooLarge', async () => {
      const payload = JSON.stringify({ domain_name: 'a'.repeat(64 * 1024) });
      const { response, body } = await postJson(server.app, '/api/startup', payload);
      expect(response.statusCode).toBe(413);
      expect(body).toEqual({ statusCode: 0, message: 'payloadTooLarge' });
      expectSecurityHeaders(response.headers);
    });

    it('a body over the limit on an unknown API path is refused the same way, not a 5xx', async () => {
      const { response, body } = await postJson(server.app, '/api/no-such-call', JSON.stringify({ x: 'b'.repeat(70_000) }));
      expect(response.statusCode).toBe(413);
      expect(body.message).toBe('payloadTooLarge');
    });

    it('a body just under the limit reaches validation (400, not 413)', async () => {
      // 64 KiB minus the JSON punctuation: accepted by the parser, refused by the field rule.
      const payload = JSON.stringify({ domain_name: 'a'.repeat(64 * 1024 - 32) });
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(64 * 1024);
      const { response, body } = await postJson(server.app, '/api/startup', payload);
      expect(response.statusCode).toBe(400);
      expect(body).toMatchObject({ statusCode: 0, message: 'validationError', errors: { domain_name: ['domainLength'] } });
    });
  });

  describe('logo media', () => {
    it.each(['1', '2', '3'])('GET /api/media/logo/slot5/%s.svg is a cacheable SVG', async (variant) => {
      const response = await server.app.inject({ method: 'GET', url: `/api/media/logo/slot5/${variant}.svg` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
      expect(response.headers['cache-control']).toContain('public');
      expect(response.body.trimStart().startsWith('<svg')).toBe(true);
      expect(response.body).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(response.body.trimEnd().endsWith('</svg>')).toBe(true);
      // The artwork carries the site's name (Candy Reels), escaped as XML.
      expect(response.body).toContain('Candy Reels');
      expectSecurityHeaders(response.headers);
    });

    it('the logo URLs startup hands out are served', async () => {
      const { body } = await postJson(server.app, '/api/startup', { domain_name: 'slot5.localhost' });
      const site = body.site as Record<string, string>;
      for (const url of [site.logo1, site.logo2, site.logo3, site.manifest_icon]) {
        expect(url).toMatch(/^\/api\/media\/logo\/slot5\/[123]\.svg$/);
        const response = await server.app.inject({ method: 'GET', url: url! });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      }
    });

    it.each([
      ['an unknown site', '/api/media/logo/no-such-site/1.svg'],
      ['an unknown variant', '/api/media/logo/slot5/4.svg'],
      ['a variant of another format', '/api/media/logo/slot5/1.png'],
      ['a variant without extension', '/api/media/logo/slot5/1'],
    ])('%s answers 404 notFound', async (_label, url) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(jsonOf(response)).toEqual({ statusCode: 0, message: 'notFound' });
    });
  });
  describe('game artwork', () => {
    it('every seeded game image URL is served as a WebP tile, drawn from an SVG naming the game', async () => {
      const rows = await server.database.db
        .select({ url: games.imageUrl, name: games.gameName })
        .from(games)
        .limit(400);
      expect(rows.length).toBeGreaterThan(100);
      for (const row of rows.filter((_, index) => index % 37 === 0)) {
        const response = await server.app.inject({ method: 'GET', url: row.url });
        expect(response.statusCode, row.url).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
        expect(response.headers['cache-control']).toContain('max-age=');
        expect(response.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
        const drawing = await server.app.inject({ method: 'GET', url: row.url.replace(/\.webp$/, '.svg') });
        expect(drawing.headers['content-type']).toMatch(/^image\/svg\+xml/);
        const escaped = row.name.replace(/&/g, '&amp;').replace(/'/g, '&apos;');
        expect(drawing.body).toContain(escaped.split(' ')[0]);
      }
    });

    it.each([
      ['an unknown game', '/api/media/game/PG/NO-SUCH-GAME.svg'],
      ['a game under another provider', '/api/media/game/EVO/PG-SLOTS-1.svg'],
      ['another format', '/api/media/game/PG/PG-SLOTS-1.png'],
    ])('%s answers 404 notFound', async (_label, url) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(jsonOf(response)).toEqual({ statusCode: 0, message: 'notFound' });
    });
  });
});

describe.each(backends)('readiness after the database is closed on %s', (backend) => {
  // A server of its own: closing its database must not disturb the other tests.
  let server: TestServer;

  beforeAll(async () => {
    // /readyz only pings the database: no demo data needed.
    server = await createTestServer({ backend, seed: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET /readyz answers 200, then 503 once the database is closed', async () => {
    const before = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(200);

    await server.database.close();

    const after = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(after.statusCode).toBe(503);
    expect(jsonOf(after)).toEqual({ status: 'unavailable', database: backend });
    expectSecurityHeaders(after.headers);

    // Liveness does not depend on the database.
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });

  it('a call needing the closed database answers serviceUnavailable, never a crash', async () => {
    const { response, body } = await postJson(server.app, '/api/startup', { domain_name: 'localhost' });
    expect(response.statusCode).toBe(503);
    expect(body).toMatchObject({ statusCode: 0, message: 'serviceUnavailable' });
    expect(failureReply.safeParse(body).success).toBe(true);
  });
});
