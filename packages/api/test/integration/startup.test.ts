/**
 * POST /api/startup against the seeded demo sites (docs/product.md D7), and the validation of its
 * payload (docs/product.md D4): every refusal is a JSON application reply, never a 5xx.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureReply, site as siteSchema, startupReply, THEMES, THEME_CODES, type StartupReply } from '@wl/contracts';
import { backends, createTestServer, postJson, type TestServer } from './helpers.js';

/** Every host name of the demo data, with the site it reaches. */
const DEMO_DOMAINS: [domain: string, externalId: string][] = [
  ['localhost', 'demo'],
  ['127.0.0.1', 'demo'],
  ...THEME_CODES.map((code): [string, string] => [`${code}.localhost`, code]),
];

describe.each(backends)('POST /api/startup on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({ backend });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Startup of a domain, expected to succeed and to match the contract's reply schema. */
  async function startupOk(domain: string): Promise<StartupReply> {
    const { response, body } = await postJson(server.app, '/api/startup', { domain_name: domain });
    expect(response.statusCode, JSON.stringify(body).slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const parsed = startupReply.safeParse(body);
    if (!parsed.success) throw new Error(`startup(${domain}) does not match the contract: ${parsed.error.message}`);
    return parsed.data;
  }

  describe('compression', () => {
    /** The raw bytes and headers of a startup call sent with an Accept-Encoding header. */
    async function startupWith(acceptEncoding: string) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/startup',
        headers: { 'content-type': 'application/json', 'accept-encoding': acceptEncoding },
        payload: { domain_name: 'localhost' },
      });
      return { response, bytes: response.rawPayload };
    }

    it('answers brotli or gzip to clients that accept it, the same JSON as uncompressed', async () => {
      const plain = await startupWith('identity');
      expect(plain.response.headers['content-encoding']).toBeUndefined();
      expect(plain.response.headers.vary).toMatch(/accept-encoding/i);
      const text = plain.bytes.toString('utf8');
      expect(startupReply.safeParse(JSON.parse(text)).success).toBe(true);

      const br = await startupWith('gzip, deflate, br, zstd');
      expect(br.response.headers['content-encoding']).toBe('br');
      expect(br.response.headers['content-type']).toMatch(/^application\/json/);
      expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(text);
      expect(br.bytes.length).toBeLessThan(text.length / 3);

      const gzip = await startupWith('gzip');
      expect(gzip.response.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.bytes).toString('utf8')).toBe(text);

      // Refused encodings are not used.
      const refused = await startupWith('br;q=0, gzip;q=0');
      expect(refused.response.headers['content-encoding']).toBeUndefined();
      expect(refused.bytes.toString('utf8')).toBe(text);
    });

    it('leaves small failure replies uncompressed', async () => {
      const { response } = await startupWith('br');
      expect(response.headers['content-encoding']).toBe('br');
      const unknown = await server.app.inject({
        method: 'POST',
        url: '/api/startup',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
        payload: { domain_name: 'nowhere.example' },
      });
      expect(unknown.headers['content-encoding']).toBeUndefined();
      expect(failureReply.parse(unknown.json()).message).toBe('siteNotFound');
    });
  });

  describe('known domains', () => {
    it.each([
      ['localhost'],
      ['127.0.0.1'],
      // Host headers carry ports and any case: the domain is normalised before the lookup.
      ['LOCALHOST:3000'],
      ['  localhost  '],
      ['localhost.'],
    ])('%j reaches the demo site', async (domain) => {
      const reply = await startupOk(domain);
      expect(reply.statusCode).toBe(1);
      expect(reply.message).toBe('OK');
      expect(reply.site.external_id).toBe('demo');
      expect(reply.site.theme_code).toBe('casino1');
      expect(reply.site.theme_color).toBe('gold');
      expect(reply.maintenance.is_maintenance).toBe(false);
    });

    it('slot5.localhost answers the slot5 site with every site field of the template', async () => {
      const { body } = await postJson(server.app, '/api/startup', { domain_name: 'slot5.localhost' });
      const reply = await startupOk('slot5.localhost');

      expect(reply.site.theme_code).toBe('slot5');
      expect(reply.site.theme_color).toBe('pink');
      expect(reply.site.external_id).toBe('slot5');

      // Every field of the site record (docs/product.md §3) is present in the raw reply, none extra.
      const rawSite = body.site as Record<string, unknown>;
      expect(Object.keys(rawSite).sort()).toEqual(Object.keys(siteSchema.shape).sort());
      expect(siteSchema.strict().safeParse(rawSite).success).toBe(true);
      for (const key of ['site_name', 'currency', 'logo1', 'logo2', 'logo3', 'logo_text', 'android_sub', 'ios_sub', 'manifest_icon'] as const) {
        expect(reply.site[key], key).not.toBe('');
      }
      expect(reply.site.status).toBe(true);
      expect(reply.site.gamify_status).toBe(true);
      expect(reply.site.expired_date).toBeNull();
      expect(reply.site.currency).toMatch(/^[A-Z]{3}$/);

      // The rest of the reply named by docs/product.md §7.
      expect(reply.maintenance).toEqual({ is_maintenance: false, start_date: null, end_date: null });
      expect(reply.language[0]).toBe('EN');
      expect(reply.language).toContain('VI');
      expect(reply.aff_domain).not.toBe('');
      expect(reply.live_chat).toMatchObject({ status: true, integration: 'manual_onboarding' });
      expect(reply.live_chat.chat_id).not.toBe('');
      expect(reply.content.menu.length).toBeGreaterThan(0);
      expect(reply.content.game_menu.length).toBeGreaterThan(0);
      expect(reply.provider_count.length).toBeGreaterThan(0);
    });

    it.each(DEMO_DOMAINS)('%s answers its own site with a valid theme', async (domain, externalId) => {
      const reply = await startupOk(domain);
      expect(reply.site.external_id).toBe(externalId);
      const code = reply.site.theme_code as keyof typeof THEMES;
      expect(THEME_CODES).toContain(code);
      expect(THEMES[code].colors as readonly string[]).toContain(reply.site.theme_color);
      if (externalId !== 'demo') {
        // Theme sites use their code and the first colour of its row (docs/product.md D7).
        expect(code).toBe(externalId);
        expect(reply.site.theme_color).toBe(THEMES[code].colors[0]);
      }
    });

    it('the theme sites are distinct sites (own names)', async () => {
      const names = new Set<string>();
      for (const code of THEME_CODES) names.add((await startupOk(`${code}.localhost`)).site.site_name);
      expect(names.size).toBe(THEME_CODES.length);
    });
  });

  describe('provider_count', () => {
    it.each(DEMO_DOMAINS)('on %s equals the children of each game_menu item, each > 0', async (domain) => {
      const reply = await startupOk(domain);
      const { game_menu } = reply.content;
      expect(game_menu.length).toBeGreaterThan(0);
      // One row per game_menu item, in the same order, no category twice.
      expect(reply.provider_count.map((row) => row.category)).toEqual(game_menu.map((item) => item.content_id));
      expect(new Set(reply.provider_count.map((row) => row.category)).size).toBe(reply.provider_count.length);
      for (const row of reply.provider_count) {
        const item = game_menu.find((entry) => entry.content_id === row.category);
        expect(item, row.category).toBeDefined();
        expect(row.count, row.category).toBe(item!.children.length);
        expect(row.count, row.category).toBeGreaterThan(0);
        // A provider appears at most once per category.
        expect(new Set(item!.children.map((child) => child.content_id)).size).toBe(item!.children.length);
      }
    });
  });

  describe('maintenance', () => {
    it('maintenance.localhost is under maintenance with a window around now and no content', async () => {
      const before = Date.now();
      const reply = await startupOk('maintenance.localhost');
      const after = Date.now();
      expect(reply.site.external_id).toBe('maintenance');
      expect(reply.maintenance.is_maintenance).toBe(true);
      expect(reply.maintenance.start_date).not.toBeNull();
      expect(reply.maintenance.end_date).not.toBeNull();
      expect(Date.parse(reply.maintenance.start_date!)).toBeLessThanOrEqual(before);
      expect(Date.parse(reply.maintenance.end_date!)).toBeGreaterThan(after);
      // docs/product.md §4: under maintenance no further data is loaded.
      expect(reply.content).toEqual({ menu: [], game_menu: [] });
      expect(reply.provider_count).toEqual([]);
      // The site record still comes, so the maintenance page can show its brand.
      expect(reply.site.site_name).not.toBe('');
      expect(reply.site.logo1).not.toBe('');
    });
  });

  describe('unknown domains', () => {
    it.each([['no-such-site.example.com'], ['slot18.localhost'], ['template1.localhost'], ['localhost.localhost']])(
      '%s answers 404 siteNotFound',
      async (domain) => {
        const { response, body } = await postJson(server.app, '/api/startup', { domain_name: domain });
        expect(response.statusCode).toBe(404);
        expect(body).toEqual({ statusCode: 0, message: 'siteNotFound' });
        expect(failureReply.safeParse(body).success).toBe(true);
      },
    );
  });

  describe('payload validation', () => {
    /** Sends a raw body and expects a 400 validationError naming `field`. */
    async function expectValidationError(
      request: { payload?: string; contentType?: string | null },
      field: string,
      reason?: string,
    ): Promise<Record<string, unknown>> {
      const headers: Record<string, string> = {};
      if (request.contentType !== null) headers['content-type'] = request.contentType ?? 'application/json';
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/startup',
        headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(response.body) as Record<string, unknown>;
      expect(body.statusCode).toBe(0);
      expect(body.message).toBe('validationError');
      expect(failureReply.safeParse(body).success).toBe(true);
      const errors = body.errors as Record<string, string[]>;
      expect(errors, JSON.stringify(body)).toHaveProperty([field]);
      expect(Array.isArray(errors[field])).toBe(true);
      expect(errors[field]!.length).toBeGreaterThan(0);
      if (reason) expect(errors[field]).toContain(reason);
      return body;
    }

    it.each([['{"domain_name":'], ['{domain_name: "localhost"}'], ['not json'], ['{"domain_name":"localhost"}}']])(
      'malformed JSON %j is a validationError on body',
      async (payload) => {
        await expectValidationError({ payload }, 'body', 'invalidJson');
      },
    );

    it.each([[123], [true], [null], [['localhost']], [{ host: 'localhost' }]])(
      'domain_name of the wrong type (%j) is a validationError on domain_name',
      async (value) => {
        await expectValidationError({ payload: JSON.stringify({ domain_name: value }) }, 'domain_name');
      },
    );

    it('a wrong type is reported as invalidType, not required', async () => {
      await expectValidationError({ payload: JSON.stringify({ domain_name: 123 }) }, 'domain_name', 'invalidType');
    });

    it('an unknown extra field is a validationError naming that field', async () => {
      const body = await expectValidationError(
        { payload: JSON.stringify({ domain_name: 'localhost', is_admin: true }) },
        'is_admin',
        'unknownField',
      );
      expect(Object.keys(body.errors as object)).toEqual(['is_admin']);
    });

    it('several unknown fields are each named', async () => {
      const body = await expectValidationError(
        { payload: JSON.stringify({ domain_name: 'localhost', a: 1, b: 2 }) },
        'a',
        'unknownField',
      );
      expect((body.errors as Record<string, string[]>).b).toEqual(['unknownField']);
    });

    it('a missing body (no content type) is a validationError: domain_name required', async () => {
      await expectValidationError({ contentType: null }, 'domain_name', 'required');
    });

    it('an empty JSON body is a validationError on body', async () => {
      await expectValidationError({ payload: '' }, 'body', 'invalidJson');
    });

    it.each([['{}'], ['null']])('a body of %s is a validationError: domain_name required', async (payload) => {
      await expectValidationError({ payload }, 'domain_name', 'required');
    });

    it('a JSON array instead of an object is a validationError on body', async () => {
      // The reason should be invalidType; see the known bug above.
      await expectValidationError({ payload: '["localhost"]' }, 'body');
    });

    it.each([
      ['empty', '', 'required'],
      ['blank', '   ', 'required'],
      ['over 253 characters', `${'a'.repeat(250)}.com`, 'domainLength'],
      ['with a path', 'localhost/admin', 'domainChars'],
      ['with a space inside', 'local host', 'domainChars'],
    ])('a domain_name %s is a validationError on domain_name', async (_label, value, reason) => {
      await expectValidationError({ payload: JSON.stringify({ domain_name: value }) }, 'domain_name', reason);
    });

    it.each([
      ['__proto__', '{"domain_name":"localhost","__proto__":{"isAdmin":true}}'],
      ['constructor.prototype', '{"domain_name":"localhost","constructor":{"prototype":{"isAdmin":true}}}'],
    ])('a body with a %s key (prototype poisoning) is refused as a validationError', async (_label, payload) => {
      await expectValidationError({ payload }, 'body');
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });

    it.each([
      ['arrays', `${'['.repeat(30_000)}${']'.repeat(30_000)}`],
      ['objects', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`],
    ])('deeply nested %s within the body limit are a validationError, not a crash', async (_label, payload) => {
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(64 * 1024);
      const { response, body } = await postJson(server.app, '/api/startup', payload);
      expect(response.statusCode).toBe(400);
      expect(body).toMatchObject({ statusCode: 0, message: 'validationError' });
    });

    it('a bracketed IPv6 host is refused without a 5xx', async () => {
      const { response, body } = await postJson(server.app, '/api/startup', { domain_name: '[::1]:3000' });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(body.statusCode).toBe(0);
    });

    it('a body of another media type is refused as a JSON validationError, not a 5xx', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/startup',
        headers: { 'content-type': 'text/plain' },
        payload: 'domain_name=localhost',
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      const body = JSON.parse(response.body) as Record<string, unknown>;
      expect(body).toMatchObject({ statusCode: 0, message: 'validationError' });
    });

    it('after all these refusals the server still answers', async () => {
      const reply = await startupOk('localhost');
      expect(reply.statusCode).toBe(1);
    });
  });
});
