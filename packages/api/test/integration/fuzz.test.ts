/**
 * Property-based fuzzing of every call (issue 3, docs/product.md D4): generated malformed payloads —
 * random JSON, wrong types per field, missing and extra fields, huge strings, deep nesting,
 * numbers where strings go, any unicode, prototype keys — and raw bodies that are not JSON at
 * all. Whatever comes in, the reply is a JSON application reply (statusCode 0 or 1), never a 5xx.
 *
 * FUZZ_RUNS sets the runs per call (40 by default); a failure prints fast-check's seed and the
 * shrunk payload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { CALLS, type CallDefinition, type CallName } from '@wl/contracts';
import { backends, createTestServer, postJson, type TestServer } from './helpers.js';
import { exampleOf, jsonSchemaOf } from '../../src/docs/json-schema.js';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || 40);
const ENTRIES = Object.entries(CALLS) as [CallName, CallDefinition][];

/** What one run sends: a JSON body (POST) or a query string (GET), and the content type. */
interface Sent {
  method: 'GET' | 'POST';
  body?: string;
  query?: string;
  contentType?: string;
}

/** A nest of arrays or objects `depth` levels deep. */
function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

const TRICKY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'NaN',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  "'); DROP TABLE sites; --",
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\uD800',
  '\uFEFF',
  '\u202Eevil',
  '😀'.repeat(40),
  'ＡＢＣ１２３',
  'İı',
  'a\u0301',
  '__proto__',
  'constructor',
  'localhost',
  'demo',
];

const TRICKY_NUMBERS = [0, -0, 1, -1, 1.5, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, 5e-324];

/** Any value a field should not hold (or might, by chance). */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(...TRICKY_STRINGS), weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(...TRICKY_NUMBERS), weight: 2 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.integer(), weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), weight: 1 },
  // Huge strings: near and past the body limit.
  { arbitrary: fc.integer({ min: 300, max: 70_000 }).map((length) => 'x'.repeat(length)), weight: 1 },
  { arbitrary: fc.integer({ min: 50, max: 20_000 }).map((length) => '界'.repeat(length)), weight: 1 },
  // Deep nesting.
  { arbitrary: fc.tuple(fc.integer({ min: 2, max: 3_000 }), fc.constantFrom<'array' | 'object'>('array', 'object')).map(([depth, kind]) => nested(depth, kind)), weight: 1 },
);

const KEEP = Symbol('keep');
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** JSON text of a value; undefined (a lone undefined field) becomes no body at all. */
function jsonText(value: unknown): string | undefined {
  return JSON.stringify(value);
}

/** Malformed payloads of one call, built around a valid example so most fields are nearly right. */
function jsonPayloads(call: CallDefinition): fc.Arbitrary<unknown> {
  const example = exampleOf(jsonSchemaOf(call.payload, 'input')) as Record<string, unknown>;
  const keys = Object.keys(example);
  const withValues = (values: unknown[]) => {
    const payload: Record<string, unknown> = { ...example };
    keys.forEach((key, index) => {
      if (values[index] !== KEEP) payload[key] = values[index];
    });
    return payload;
  };
  const variants: fc.Arbitrary<unknown>[] = [
    // Anything at all as the whole payload.
    fc.jsonValue({ maxDepth: 4 }),
    junk,
    // Wrong types per field (each field kept or replaced).
    fc.tuple(...keys.map(() => fc.oneof(fc.constant<unknown>(KEEP), junk))).map(withValues),
    // Numbers where strings go, strings of any unicode everywhere.
    fc.tuple(...keys.map(() => fc.oneof(fc.integer(), fc.double(), fc.constantFrom(...TRICKY_NUMBERS)))).map(withValues),
    fc.tuple(...keys.map(() => fc.string({ unit: 'binary', maxLength: 300 }))).map(withValues),
    // Missing fields.
    fc.subarray(keys).map((kept) => Object.fromEntries(kept.map((key) => [key, example[key]]))),
    // Extra fields.
    fc
      .dictionary(fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }), junk, { minKeys: 1, maxKeys: 5 })
      .map((extra) => ({ ...example, ...extra })),
    // Nested junk inside an otherwise valid payload.
    fc.jsonValue({ maxDepth: 6 }).map((value) => ({ ...example, [keys[0] ?? 'x']: { nested: value } })),
  ];
  return fc.oneof(...variants);
}

/** Raw JSON text that JSON.stringify never writes: prototype keys, duplicates, truncation. */
function rawJsonTexts(call: CallDefinition): fc.Arbitrary<string> {
  const example = exampleOf(jsonSchemaOf(call.payload, 'input')) as Record<string, unknown>;
  const exampleText = JSON.stringify(example);
  const inner = exampleText.slice(1, -1);
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...PROTOTYPE_KEYS), junk)
      .map(([key, value]) => `{"${key}":${jsonText(value) ?? 'null'}${inner ? `,${inner}` : ''}}`),
    fc.constant(`{"constructor":{"prototype":{"polluted":true}}${inner ? `,${inner}` : ''}}`),
    fc.constant(`{"__proto__":{"polluted":true}${inner ? `,${inner}` : ''}}`),
    // Duplicate keys: the last one wins in JSON.parse.
    fc.constant(inner ? `{${inner},${inner}}` : '{}'),
    // Truncated, padded or concatenated JSON.
    fc.integer({ min: 0, max: exampleText.length }).map((length) => exampleText.slice(0, length)),
    fc.constantFrom(`\uFEFF${exampleText}`, `${exampleText}${exampleText}`, `${exampleText} trailing`, ` \n\t${exampleText}\n `),
  );
}

/** Bodies that are not JSON at all, under any content type. */
const rawBodies: fc.Arbitrary<{ body: string; contentType?: string }> = fc.record(
  {
    body: fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ unit: 'binary-ascii', maxLength: 200 }),
      fc.constantFrom('', 'nul', 'tru', '{', '}', '[', '{"a":', '{"a" 1}', "{'a':1}", '{a:1}', 'NaN', 'Infinity', 'undefined', '0x10', '01', '1e', '"unterminated'),
      fc.constantFrom('a=1&b=2', 'domain_name=localhost', '<xml><a>1</a></xml>', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'),
      fc.integer({ min: 1, max: 5_000 }).map((depth) => '['.repeat(depth)),
      fc.integer({ min: 1, max: 5_000 }).map((depth) => '{"a":'.repeat(depth)),
    ),
    contentType: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=latin1',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/octet-stream',
      'application/vnd.api+json',
      'invalid content type',
    ),
  },
  { requiredKeys: ['body'] },
);

/** A query string of a payload: strings as they are, anything else as JSON. */
function queryOf(payload: unknown): string {
  const params = new URLSearchParams();
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
    for (const [key, value] of Object.entries(payload)) {
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, typeof item === 'string' ? item : JSON.stringify(item) ?? '');
    }
  } else {
    params.append('value', JSON.stringify(payload) ?? '');
  }
  return params.toString();
}

/** Raw query strings: brackets, bad escapes, prototype keys; only characters a request line can carry. */
const rawQueries: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'a[b]=1&a[b]=2',
    '%zz=%',
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    '__proto__=1&constructor=2&prototype=3',
    'domain_name=localhost&domain_name=localhost',
    '=&&=&',
    'x=' + 'y'.repeat(10_000),
  ),
  fc.string({ unit: 'binary-ascii', maxLength: 200 }).map((text) => text.replace(/[^\x21-\x7e]|#/g, (char) => encodeURIComponent(char))),
);

function sentOf(call: CallDefinition): fc.Arbitrary<Sent> {
  if (call.method === 'GET') {
    return fc.oneof(
      jsonPayloads(call).map((payload): Sent => ({ method: 'GET', query: queryOf(payload) })),
      rawQueries.map((query): Sent => ({ method: 'GET', query })),
      // A body on a GET, or a POST to a GET call.
      jsonPayloads(call).map((payload): Sent => ({ method: 'POST', body: jsonText(payload) ?? '', contentType: 'application/json' })),
    );
  }
  return fc.oneof(
    { arbitrary: jsonPayloads(call).map((payload): Sent => ({ method: 'POST', body: jsonText(payload), contentType: 'application/json' })), weight: 5 },
    { arbitrary: rawJsonTexts(call).map((body): Sent => ({ method: 'POST', body, contentType: 'application/json' })), weight: 2 },
    {
      arbitrary: rawBodies.map(({ body, contentType }): Sent => ({ method: 'POST', body, ...(contentType ? { contentType } : {}) })),
      weight: 2,
    },
    // A GET of a POST call, with the payload as query.
    { arbitrary: jsonPayloads(call).map((payload): Sent => ({ method: 'GET', query: queryOf(payload) })), weight: 1 },
  );
}

function describeSent(sent: Sent): string {
  const text = sent.method === 'GET' ? `?${sent.query ?? ''}` : `${sent.contentType ?? '(no content type)'} ${sent.body ?? '(no body)'}`;
  return `${sent.method} ${text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text}`;
}

/** The property: a JSON application reply, statusCode 0 or 1, never a 5xx. */
function expectApplicationReply(response: LightMyRequestResponse, label: string): void {
  if (response.statusCode >= 500) throw new Error(`${label}: HTTP ${response.statusCode} ${response.body.slice(0, 300)}`);
  let body: { statusCode?: unknown; message?: unknown };
  try {
    body = JSON.parse(response.body) as typeof body;
  } catch {
    throw new Error(`${label}: HTTP ${response.statusCode}, body is not JSON: ${response.body.slice(0, 200)}`);
  }
  if (body === null || typeof body !== 'object') throw new Error(`${label}: the reply is not a JSON object: ${response.body.slice(0, 200)}`);
  if (body.statusCode !== 0 && body.statusCode !== 1) throw new Error(`${label}: statusCode ${String(body.statusCode)} in ${response.body.slice(0, 200)}`);
  if (typeof body.message !== 'string') throw new Error(`${label}: no message in ${response.body.slice(0, 200)}`);
  if (!String(response.headers['content-type']).startsWith('application/json')) {
    throw new Error(`${label}: content type ${String(response.headers['content-type'])}`);
  }
}

describe.each(backends)('fuzzing every call on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({ backend });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function send(call: CallDefinition, sent: Sent): Promise<LightMyRequestResponse> {
    if (sent.method === 'GET') return server.app.inject({ method: 'GET', url: sent.query ? `${call.path}?${sent.query}` : call.path });
    return server.app.inject({
      method: 'POST',
      url: call.path,
      headers: sent.contentType ? { 'content-type': sent.contentType } : {},
      ...(sent.body !== undefined ? { payload: sent.body } : {}),
    });
  }

  it.each(ENTRIES)('%s: generated malformed payloads never get a 5xx', async (name, call) => {
    await fc.assert(
      fc.asyncProperty(sentOf(call), async (sent) => {
        const response = await send(call, sent);
        expectApplicationReply(response, `${name} ${describeSent(sent)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('no payload polluted Object.prototype, and the server still answers', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    const { response, body } = await postJson(server.app, '/api/startup', { domain_name: 'localhost' });
    expect(response.statusCode).toBe(200);
    expect(body.statusCode).toBe(1);
  });
});
