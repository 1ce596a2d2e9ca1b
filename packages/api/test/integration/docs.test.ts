/**
 * The API reference: GET /api/docs/openapi.json is an OpenAPI 3.1 document generated from the
 * contracts (every call with its method, payload, replies and error statuses) and GET /api/docs a
 * self-contained, escaped HTML page naming every call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, ERROR_KEYS, OPERATOR_CALLS, PROVIDER_WALLET_ACTIONS, type CallDefinition, type CallName } from '@wl/contracts';
import { backends, createTestServer, jsonOf, type TestServer } from './helpers.js';
import { buildOpenApiDocument, errorStatuses } from '../../src/docs/openapi.js';
import type { OpenApiDocument } from '../../src/docs/openapi-types.js';
import { renderDocsPage } from '../../src/docs/html.js';
import { escapeHtml } from '../../src/escape.js';
import { fieldRows, jsonSchemaOf } from '../../src/docs/json-schema.js';

const ENTRIES = Object.entries(CALLS) as [CallName, CallDefinition][];

/** Every `$ref` anywhere in a value. */
function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsOf(inner, found);
    }
  }
  return found;
}

/** Every key anywhere in a value. */
function keysOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      found.add(key);
      keysOf(inner, found);
    }
  }
  return found;
}

function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), doc);
}

const OPENAPI_TOP_KEYS = new Set(['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags', 'externalDocs']);
const OPERATION_KEYS = new Set(['tags', 'summary', 'description', 'externalDocs', 'operationId', 'parameters', 'requestBody', 'responses', 'callbacks', 'deprecated', 'security', 'servers']);

describe.each(backends)('API docs on %s', (backend) => {
  let server: TestServer;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    // The docs read nothing from the database: no demo data needed.
    server = await createTestServer({ backend, seed: false });
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    doc = jsonOf(response) as unknown as OpenApiDocument;
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('GET /api/docs/openapi.json', () => {
    it('is an OpenAPI 3.1 document with the fields the specification requires', () => {
      expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
      for (const key of Object.keys(doc)) expect(OPENAPI_TOP_KEYS.has(key), `top-level key ${key}`).toBe(true);
      expect(typeof doc.info.title).toBe('string');
      expect(doc.info.title.length).toBeGreaterThan(0);
      expect(typeof doc.info.version).toBe('string');
      expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
      for (const path of Object.keys(doc.paths)) expect(path.startsWith('/'), path).toBe(true);
      // Schemas are embedded without their own $schema (the document's dialect applies).
      expect(keysOf(doc.paths).has('$schema')).toBe(false);
    });

    it('holds every call of the contracts with its path, method, summary and tag', () => {
      const declaredTags = new Set(doc.tags.map((tag) => tag.name));
      for (const [name, call] of ENTRIES) {
        const operation = doc.paths[call.path]?.[call.method.toLowerCase()];
        expect(operation, `${call.method} ${call.path}`).toBeDefined();
        expect(operation!.operationId).toBe(name);
        expect(operation!.summary.length).toBeGreaterThan(0);
        expect(call.summary.startsWith(operation!.summary)).toBe(true);
        // The whole contract summary (with its failure keys) and the access rule are in the description.
        expect(operation!.description).toContain(call.summary);
        expect(operation!.description).toContain('**Access.**');
        expect(operation!['x-access']).toBe(call.access);
        expect(operation!.tags).toEqual([call.tag]);
        expect(declaredTags.has(call.tag), call.tag).toBe(true);
        for (const key of Object.keys(operation!)) {
          expect(OPERATION_KEYS.has(key) || key.startsWith('x-'), `${name}: operation key ${key}`).toBe(true);
        }
      }
      const operationCount = Object.values(doc.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
      // Besides the calls: the game providers' wallet callbacks (provider-wallet.test.ts checks them) and the operator API (banking-operators.test.ts).
      expect(operationCount).toBe(ENTRIES.length + PROVIDER_WALLET_ACTIONS.length + Object.keys(OPERATOR_CALLS).length);
      const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('describes each payload from its schema: POST as a JSON body with an example that passes the contract, GET as query parameters', () => {
      for (const [name, call] of ENTRIES) {
        const operation = doc.paths[call.path]![call.method.toLowerCase()]!;
        const expected = jsonSchemaOf(call.payload, 'input');
        if (call.method === 'GET') {
          expect(operation.requestBody, name).toBeUndefined();
          expect(operation.parameters?.map((parameter) => parameter.name).sort()).toEqual(Object.keys(expected.properties ?? {}).sort());
          continue;
        }
        const body = operation.requestBody!.content['application/json'];
        expect(body.schema, name).toEqual(expected);
        expect(body.schema.type).toBe('object');
        expect(body.schema.additionalProperties, `${name}: unknown fields are refused`).toBe(false);
        const parsed = call.payload.safeParse(body.example);
        expect(parsed.success, `${name} example: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
      }
    });

    it('answers 200 with oneOf [the reply schema, FailureReply], and the failure statuses by reference', () => {
      expect(doc.components.schemas.FailureReply).toMatchObject({ type: 'object', required: ['statusCode', 'message'] });
      for (const [name, call] of ENTRIES) {
        const operation = doc.paths[call.path]![call.method.toLowerCase()]!;
        const ok = operation.responses['200'] as { description: string; content: { 'application/json': { schema: { oneOf: unknown[] } } } };
        expect(ok.description.length).toBeGreaterThan(0);
        const [reply, failed] = ok.content['application/json'].schema.oneOf;
        expect(reply, name).toEqual(jsonSchemaOf(call.reply, 'output'));
        expect(failed).toEqual({ $ref: '#/components/schemas/FailureReply' });
        for (const [status, response] of Object.entries(operation.responses)) {
          expect(status, name).toMatch(/^[1-5]\d\d$/);
          if (status !== '200') expect(response).toEqual({ $ref: '#/components/responses/Failure' });
        }
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '500']));
        if (call.access === 'session') expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403']));
      }
    });

    it('every $ref resolves inside the document', () => {
      const refs = refsOf(doc);
      expect(refs.length).toBeGreaterThan(0);
      for (const ref of new Set(refs)) expect(resolvePointer(doc, ref), ref).toBeDefined();
    });

    it('explains the error keys with their HTTP statuses and the session/public access', () => {
      const text = doc.info.description;
      for (const key of ERROR_KEYS) expect(text, key).toContain(key);
      const statuses = new Map(errorStatuses().map(({ key, status }) => [key, status]));
      expect(statuses.get('validationError')).toBe(400);
      expect(statuses.get('sessionExpired')).toBe(401);
      expect(statuses.get('BLOCK')).toBe(403);
      expect(statuses.get('tooManyRequests')).toBe(429);
      expect(text).toMatch(/\*\*401\*\*: [^\n]*sessionExpired/);
      expect(text).toMatch(/account_id/);
      expect(text).toMatch(/`auth`/);
      expect(text).toMatch(/external_id/);
      expect(text).toContain('422');
    });

    it('says where the statistics of docs/product.md §3 are: fetch_transactions, in `statistics`', () => {
      const operation = doc.paths['/api/home/fetch_transactions']!.post!;
      for (const field of ['withrawal', 'winner', 'hour_withdrawal', 'registered_player', 'active_player', 'deposited_player']) {
        expect(operation.description, field).toContain(field);
      }
      expect(operation.description).toContain('`statistics`');
      expect(doc.info.description).toContain('/api/home/fetch_transactions');
    });

    it('is generated once: two requests answer the same bytes', async () => {
      const [first, second] = await Promise.all([
        server.app.inject({ method: 'GET', url: '/api/docs/openapi.json' }),
        server.app.inject({ method: 'GET', url: '/api/docs/openapi.json' }),
      ]);
      expect(first.body).toBe(second.body);
      expect(first.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('GET /api/docs', () => {
    let html: string;
    let headers: Record<string, unknown>;

    beforeAll(async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/docs' });
      expect(response.statusCode).toBe(200);
      html = response.body;
      headers = response.headers;
    });

    it('is an HTML page with the security headers and a CSP that allows nothing external', () => {
      expect(headers['content-type']).toMatch(/^text\/html/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(String(headers['content-security-policy'])).toContain("default-src 'none'");
      expect(html.startsWith('<!doctype html>')).toBe(true);
      expect(html).toContain('<nav');
    });

    it('names every call: its path, its method and its tag in the sidebar', () => {
      for (const [name, call] of ENTRIES) {
        expect(html, call.path).toContain(`<code class="path">${escapeHtml(call.path)}</code>`);
        expect(html, name).toContain(`href="#op-${name}"`);
        expect(html, name).toContain(`id="op-${name}"`);
        expect(html).toContain(`<h2>${escapeHtml(call.tag)}</h2>`);
      }
      expect(html).toContain('<span class="method get">GET</span>');
      expect(html).toContain('<span class="method post">POST</span>');
    });

    it('shows payload and reply field tables with types, required flags and rules, and example payloads', () => {
      // login: account_id is required, 4–16 characters; the reply carries the token.
      const login = html.slice(html.indexOf('id="op-login"'), html.indexOf('</article>', html.indexOf('id="op-login"')));
      expect(login).toContain('Payload (JSON body)');
      expect(login).toMatch(/<code>account_id<\/code><\/td><td>string<\/td><td>yes<\/td><td><span class="rule">4–16 characters<\/span>/);
      expect(login).toContain('Success reply (statusCode 1)');
      expect(login).toContain('<code>token</code>');
      expect(login).toContain('<code>user.session_token</code>');
      expect(login).toContain('Example payload');
      expect(login).toContain('&quot;account_id&quot;: &quot;demo&quot;');
      // Lists of objects are flattened with [].
      expect(html).toContain('<code>value[].game_code</code>');
    });

    it('is self-contained: no script, no external stylesheet, image or font', () => {
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<link\b/i);
      expect(html).not.toMatch(/\bsrc=/i);
      expect(html).not.toMatch(/url\(/i);
      expect(html).not.toMatch(/href="(?:https?:)?\/\//i);
    });
  });
});

describe('API docs rendering', () => {
  it('escapes everything it renders', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    const doc = buildOpenApiDocument({ bodyLimitBytes: 65_536 });
    const attack = '<img src=x onerror=alert(1)>';
    doc.info.title = attack;
    doc.info.description = `**${attack}** \`${attack}\`\n- ${attack}`;
    const operation = doc.paths['/api/startup']!.post!;
    operation.description = attack;
    operation.requestBody!.content['application/json'].example = { domain_name: attack };
    operation.requestBody!.content['application/json'].schema.properties!.domain_name!.description = attack;
    const html = renderDocsPage(doc);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('flattens nested reply fields with their rules', () => {
    const rows = fieldRows(jsonSchemaOf(CALLS.startup.reply, 'output'));
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get('statusCode')).toMatchObject({ required: true, rules: ['always 1'] });
    expect(byName.get('maintenance.start_date')).toMatchObject({ type: 'string | null' });
    expect(byName.get('maintenance.start_date')!.rules).toEqual(expect.arrayContaining(['may be null', 'format date-time']));
    expect(byName.get('content.game_menu[].children[].content_id')).toMatchObject({ type: 'string', required: true });
    expect(byName.get('provider_count[].count')!.rules).toEqual(expect.arrayContaining(['whole number', '≥ 0']));
  });
});
