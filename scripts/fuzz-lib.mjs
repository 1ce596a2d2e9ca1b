// Request fuzzer (issue 28 §3, ADR 0064): malformed requests across every call of a running server,
// sent over raw TCP so nothing in a client library tidies them up, each reply classified.
//
// The calls and their payloads come from the server's own OpenAPI document (GET
// /api/docs/openapi.json, generated from the Zod schemas of packages/contracts), so the fuzzer
// runs against any base URL (one process, or the load balancer of the soak) from plain Node. A run
// is reproducible: the same seed, count and call list make the same requests in the same order.
//
// Used by scripts/fuzz.mjs, by the soak, and by packages/api/test/integration/fuzz-http.test.ts.
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';

/** The kinds of malformed request, in the order the summary table lists them. */
export const KINDS = [
  'wrong-type',
  'missing-field',
  'extra-field',
  'unicode',
  'huge-body',
  'deep-nesting',
  'wrong-method',
  'content-type',
  'bad-encoding',
  'truncated',
  'broken-framing',
  'garbage-query',
  'garbage-path',
  'page',
  'bad-host',
];

/** The reply shape a case must get: the sites' envelope, the provider wallet's, a page's, or anything the HTTP parser says. */
const EXPECT = { api: 'api', provider: 'provider', page: 'page', protocol: 'protocol' };

// ---------------------------------------------------------------------------------------------
// The calls

/**
 * The calls of an OpenAPI document: method, path (a path parameter filled with a plausible
 * value), the example payload and its field names, and which reply shape the call answers in.
 */
export function targetsFromOpenApi(document) {
  const targets = [];
  for (const [rawPath, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (method !== 'get' && method !== 'post') continue;
      const provider = operation['x-access'] === 'provider';
      const example = operation.requestBody?.content?.['application/json']?.example ?? {};
      targets.push({
        name: operation.operationId ?? `${method} ${rawPath}`,
        method: method.toUpperCase(),
        path: rawPath.replace(/\{[^}]+\}/g, 'PG'),
        expect: provider ? EXPECT.provider : EXPECT.api,
        example: example && typeof example === 'object' && !Array.isArray(example) ? example : {},
      });
    }
  }
  return targets;
}

/** The back office's sign-in calls (cookie based, not in the OpenAPI document). */
const BACK_OFFICE_TARGETS = ['login', 'totp', 'skip_enrol', 'me', 'logout', 'password'].map((name) => ({
  name: `admin.${name}`,
  method: 'POST',
  path: `/api/admin/auth/${name}`,
  expect: EXPECT.api,
  example: name === 'login' ? { username: 'owner', password: 'demo1234' } : {},
}));

/** Reads the server's OpenAPI document and answers its calls plus the back office's sign-in. */
export async function loadTargets(baseUrl, { timeoutMs = 10_000 } = {}) {
  const response = await fetch(new URL('/api/docs/openapi.json', baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`GET /api/docs/openapi.json answered ${response.status}`);
  return [...targetsFromOpenApi(await response.json()), ...BACK_OFFICE_TARGETS];
}

// ---------------------------------------------------------------------------------------------
// Generation

const TRICKY_STRINGS = [
  '', ' ', '0', '-1', '1e309', 'null', 'true', '[]', '{}', 'NaN', '-0', '0x10', '1.0000000000000000000001',
  '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '%00', '__proto__', 'constructor',
];
const TRICKY_NUMBERS = [0, -0, 1, -1, 1.5, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 1e308, 5e-324, -1e308];

/** Unicode a field may be sent: lone surrogates, NUL and control characters, direction marks, overlong text. */
const UNICODE_STRINGS = [
  '\uD800', '\uDFFF', 'a\uD83Dz', '\u0000', 'a\u0000b', '\u0001\u001f\u007f', '\u202Eevil\u202C', '\u200F\u200E\u061C',
  '\uFEFF', '\u200B\u200C\u200D\u2060', '\uFFFE\uFFFF', 'a\u0301\u0301\u0301', 'İı', 'ＡＢＣ１２３', '😀👨‍👩‍👧‍👦🏳️‍🌈',
  '\u2028\u2029', '\r\n', 'Z̵̡̛̛̖̗͇̹͉̜͎̰̳͍̘̹̿̆̃͛͑̐̾̔̿̓̍͐̕͝͝a̸l̸g̸o̸', '\uD800\uDC00', '\u{10FFFF}',
];

const junk = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
  { arbitrary: fc.constantFrom(...TRICKY_STRINGS), weight: 2 },
  { arbitrary: fc.constantFrom(...TRICKY_NUMBERS), weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), weight: 1 },
);

/** A value of another JSON type than `value`. */
function wrongTypeOf(value) {
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return junk.filter((other) => (other === null ? 'null' : Array.isArray(other) ? 'array' : typeof other) !== type);
}

const unicodeText = fc.oneof(
  { arbitrary: fc.constantFrom(...UNICODE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 3 },
  { arbitrary: fc.tuple(fc.constantFrom(...UNICODE_STRINGS), fc.integer({ min: 100, max: 6_000 })).map(([text, times]) => text.repeat(times).slice(0, 30_000)), weight: 1 },
  { arbitrary: fc.integer({ min: 300, max: 30_000 }).map((length) => 'x'.repeat(length)), weight: 1 },
);

/** Stands for a value spliced into JSON text afterwards. */
const SPLICE_MARK = '\u0001fuzz-splice';

/** JSON text of a deep nest written directly (JSON.stringify itself recurses). */
function nestedText(depth, kind) {
  return kind === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const CONTENT_TYPES = [
  null, '', 'text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x',
  'multipart/form-data', 'application/xml', 'application/octet-stream', 'application/json; charset=utf-16', 'application/json; charset=latin1',
  'application/json;;;', 'application/jsonx', 'json', '*/*', 'application/json, text/plain', 'application/vnd.api+json', 'application/ld+json',
  'APPLICATION/JSON; CHARSET="UTF-8"', 'application/json; boundary=\u00ff', 'invalid content type', '\u0000',
];

const WRONG_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE'];
/** Methods the HTTP parser itself refuses (it answers, the app never sees them). */
const UNKNOWN_METHODS = ['FOO', 'get', 'P0ST', 'CONNECT'];

const INVALID_UTF8 = [
  [0xff], [0xfe, 0xff], [0xc0, 0x80], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80],
];

const GARBAGE_QUERIES = [
  'a[b]=1&a[b]=2', '%zz=%', '%', '%%%', '__proto__[polluted]=1', 'constructor[prototype][polluted]=1', '__proto__=1&constructor=2',
  '=&&=&', 'a=%E0%A4%A', 'a=%C0%80', 'a=%ED%A0%80', 'a=%00', 'a=1&a=2&a=3', '?', '??&&', 'x=' + 'y'.repeat(6_000),
  Array.from({ length: 1_500 }, (_, i) => `k${i}=1`).join('&'),
];

const GARBAGE_PATH_SUFFIXES = [
  '/', '//', '/..', '/../..', '/%2e%2e/%2e%2e', '/%', '/%zz', '/%00', '/%E0%A4%A', '/%C0%AE', '/x?y', '.json', ';a=b', '/\u00e9',
  '%20', '/' + 'a'.repeat(3_000), '/%u0041', '/?#', '/*', '/.%2e/',
];

const PAGE_PATHS = [
  '/', '/%', '/%zz', '/%00', '/%E0%A4%A', '/..%2f..%2fetc%2fpasswd', '//', '///x', '/games/%ff', '/games/' + 'a'.repeat(4_000),
  '/?a[b]=1&a[b]=2', '/?__proto__[x]=1', '/login?redirect=%0d%0aSet-Cookie:x', '/index.html', '/.env', '/wp-admin', '/\u00e9\u00e8',
  '/games?page=-1', '/games?page=1e309', '/favicon.ico', '/assets/%2e%2e/x.js', '/promotions/%00', '/games.data?x=%', '/_root.data',
];

/**
 * Bytes HTTP forbids in a header value or a request line (NUL, non-ASCII): the server's parser or a
 * load balancer in front refuses such a request in its own words, so any 4xx will do.
 */
// eslint-disable-next-line no-control-regex -- NUL is the very byte to find
const INVALID_HTTP = /[\u0000\u0080-\uffff]/;

/** Host header values no URL can hold, or that name something odd. */
const BAD_HOSTS = ['a b', '[::1', 'x:99999', 'x:-1', '..', 'exa mple.com:80', '%', '@', 'user@host', 'h/o/s/t', '\\host', 'a'.repeat(300), 'é.example', 'localhost:3000:1', '[', ':'];

function jsonBody(payload) {
  return Buffer.from(JSON.stringify(payload) ?? '', 'utf8');
}

function replacing(example, key, value) {
  return { ...example, [key]: value };
}

/** The arbitrary of one kind of case for a call. */
function kindArbitraries(target) {
  const { example } = target;
  const keys = Object.keys(example);
  const anyKey = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x');
  const post = (body, extra = {}) => ({ method: 'POST', path: target.path, body, contentType: 'application/json', ...extra });
  // A GET call's payload travels in the query string: the fields of a payload as parameters.
  const send = (payload) =>
    target.method === 'GET'
      ? { method: 'GET', path: `${target.path}?${queryOf(payload)}`, body: Buffer.alloc(0), contentType: null }
      : post(jsonBody(payload));
  const expect = target.expect;
  return {
    'wrong-type': fc
      .oneof(
        anyKey.chain((key) => wrongTypeOf(example[key]).map((value) => replacing(example, key, value))),
        fc.tuple(...keys.map((key) => fc.option(wrongTypeOf(example[key]), { nil: undefined }))).map((values) =>
          Object.fromEntries(keys.map((key, index) => [key, values[index] === undefined ? example[key] : values[index]])),
        ),
        junk,
      )
      .map((payload) => ({ ...send(payload), expect })),
    'missing-field': fc
      .oneof(
        fc.subarray(keys).map((kept) => Object.fromEntries(kept.map((key) => [key, example[key]]))),
        fc.constantFrom({}, null, []),
      )
      .map((payload) => ({ ...send(payload), expect })),
    'extra-field': fc
      .dictionary(fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString')), junk, {
        minKeys: 1,
        maxKeys: 5,
      })
      .map((extra) => ({ ...send({ ...example, ...extra }), expect })),
    unicode: fc.tuple(anyKey, unicodeText).map(([key, text]) => ({ ...send(replacing(example, key, text)), expect })),
    'huge-body': fc.oneof(
      // Past the app's 64 KiB limit (and past the few calls' larger ones, by the declared length).
      fc.tuple(anyKey, fc.integer({ min: 65 * 1024, max: 300 * 1024 })).map(([key, length]) => ({ ...post(jsonBody(replacing(example, key, 'x'.repeat(length)))), expect })),
      fc.constantFrom(2 ** 31, 10 ** 12, 50 * 1024 * 1024).map((declared) => ({ ...post(Buffer.from('{"a":"'), { declaredLength: declared, close: 'destroy-after-reply' }), expect })),
    ),
    'deep-nesting': fc
      .tuple(fc.integer({ min: 64, max: 20_000 }), fc.constantFrom('array', 'object'), fc.boolean(), anyKey)
      .map(([depth, kind, whole, key]) => {
        if (whole) return { ...post(Buffer.from(nestedText(depth, kind))), expect };
        // Inside a field of an otherwise valid payload (the depth kept within the body limit).
        const inner = nestedText(Math.min(depth, 9_000), kind);
        if (target.method === 'GET') return { method: 'GET', path: `${target.path}?${encodeURIComponent(key)}=${encodeURIComponent(inner)}`, body: Buffer.alloc(0), contentType: null, expect };
        const text = JSON.stringify(replacing(example, key, SPLICE_MARK)).replace(JSON.stringify(SPLICE_MARK), inner);
        return { ...post(Buffer.from(text)), expect };
      }),
    'wrong-method': fc.oneof(
      fc.constantFrom(...WRONG_METHODS.filter((method) => method !== target.method)).map((method) => ({
        method,
        path: target.path,
        body: method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : jsonBody(example),
        contentType: method === 'GET' || method === 'HEAD' ? null : 'application/json',
        expect,
      })),
      fc.constantFrom(...UNKNOWN_METHODS).map((method) => ({ method, path: target.path, body: jsonBody(example), contentType: 'application/json', expect: EXPECT.protocol })),
    ),
    'content-type': fc
      .constantFrom(...CONTENT_TYPES)
      .map((contentType) => ({ method: 'POST', path: target.path, body: jsonBody(example), contentType, expect: INVALID_HTTP.test(contentType ?? '') ? EXPECT.protocol : expect })),
    'bad-encoding': fc.oneof(
      // Invalid UTF-8 bytes inside a JSON string, or as the whole body.
      fc.tuple(anyKey, fc.constantFrom(...INVALID_UTF8), fc.boolean()).map(([key, bytes, whole]) => {
        if (whole) return { ...post(Buffer.from(bytes)), expect };
        const [before, after] = JSON.stringify(replacing(example, key, SPLICE_MARK)).split(JSON.stringify(SPLICE_MARK).slice(1, -1));
        return { ...post(Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)])), expect };
      }),
      // A content encoding the server does not take: broken gzip, real gzip, unknown names.
      fc.constantFrom('gzip', 'deflate', 'br', 'zstd', 'x-unknown', 'gzip, gzip', 'identity').chain((encoding) =>
        fc.boolean().map((valid) => ({
          ...post(valid && encoding.startsWith('gzip') ? gzipSync(jsonBody(example)) : valid ? jsonBody(example) : Buffer.from([0x1f, 0x8b, 8, 0, 0xde, 0xad, 0xbe, 0xef])),
          contentEncoding: encoding,
          expect,
        })),
      ),
      // A UTF-16 body, a byte order mark, a body in Latin-1 claiming JSON.
      fc.constantFrom('utf16le', 'bom', 'latin1').map((form) => {
        const text = JSON.stringify(replacing(example, keys[0] ?? 'x', 'é€'));
        const body = form === 'utf16le' ? Buffer.from(text, 'utf16le') : form === 'bom' ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]) : Buffer.from(text, 'latin1');
        return { ...post(body), expect };
      }),
    ),
    // Content-Length promises more than arrives: the client half-closes, or drops the connection.
    truncated: fc
      .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 100_000 }), fc.constantFrom('end', 'destroy'))
      .map(([kept, missing, close]) => {
        const body = jsonBody(example).subarray(0, kept);
        return { ...post(body, { declaredLength: body.length + missing, close }), expect: EXPECT.protocol };
      }),
    // Framing the HTTP parser refuses: bad chunk sizes, both lengths, negative or doubled lengths, huge headers.
    'broken-framing': fc
      .constantFrom('bad-chunk', 'unterminated-chunk', 'both-lengths', 'negative-length', 'two-lengths', 'huge-header', 'bare-lf', 'space-in-header-name')
      // The client half-closes after sending: a body left unfinished ends there, not at the server's timeout.
      .map((framing) => ({ ...post(jsonBody(example)), framing, close: 'end', expect: EXPECT.protocol })),
    'garbage-query': fc
      .oneof(fc.constantFrom(...GARBAGE_QUERIES), fc.string({ unit: 'binary-ascii', maxLength: 200 }).map(escapeForRequestLine))
      .map((query) => ({
        method: target.method,
        path: `${target.path}?${query}`,
        body: target.method === 'GET' ? Buffer.alloc(0) : jsonBody(example),
        contentType: target.method === 'GET' ? null : 'application/json',
        expect,
      })),
    'garbage-path': fc
      .oneof(fc.constantFrom(...GARBAGE_PATH_SUFFIXES), fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 80 }).map((text) => `/${escapeForRequestLine(text)}`))
      .map((suffix) => ({ method: target.method, path: `${target.path}${suffix}`, body: jsonBody(example), contentType: 'application/json', expect: INVALID_HTTP.test(suffix) ? EXPECT.protocol : expect })),
    // Host headers that name no host a URL can hold; the call's own request, or a page. Such a
    // request is not valid HTTP: a load balancer in front may refuse it in its own words.
    'bad-host': fc.tuple(fc.constantFrom(...BAD_HOSTS), fc.boolean()).map(([hostHeader, page]) =>
      page
        ? { method: 'GET', path: '/', body: Buffer.alloc(0), contentType: null, hostHeader, expect: EXPECT.page }
        : { ...send(example), hostHeader, expect: EXPECT.protocol },
    ),
    page: fc
      .oneof(fc.constantFrom(...PAGE_PATHS), fc.string({ unit: 'binary-ascii', maxLength: 80 }).map((text) => `/${escapeForRequestLine(text)}`))
      .map((path) => ({ method: 'GET', path, body: Buffer.alloc(0), contentType: null, expect: EXPECT.page })),
  };
}

/** Only characters a request line can carry; the rest percent-encoded (a space or # would end the path). */
function escapeForRequestLine(text) {
  return text.replace(/[^\x21-\x7e]|#/g, (char) => encodeURIComponent(char));
}

/** A query string of a payload: strings as they are, anything else as JSON. */
function queryOf(payload) {
  const params = new URLSearchParams();
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
    for (const [key, value] of Object.entries(payload)) {
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
    }
  } else {
    params.append('value', JSON.stringify(payload) ?? '');
  }
  return params.toString();
}

/**
 * `count` cases spread evenly over the calls and the kinds (call i, kind i mod kinds), each
 * generated by fast-check from `seed`: the same seed, count and calls give the same cases.
 */
export function generateCases({ targets, count, seed, kinds = KINDS }) {
  if (targets.length === 0) throw new Error('No calls to fuzz');
  const perTarget = Math.ceil(count / targets.length);
  const byTarget = targets.map((target, targetIndex) => {
    const arbitraries = kindArbitraries(target);
    return Array.from({ length: perTarget }, (_, round) => {
      const kind = kinds[(targetIndex + round) % kinds.length];
      const [drawn] = fc.sample(arbitraries[kind], { seed: seed + targetIndex * 7_919 + round, numRuns: 1 });
      return { kind, target: target.name, ...drawn };
    });
  });
  const cases = [];
  for (let round = 0; round < perTarget && cases.length < count; round++) {
    for (let index = 0; index < byTarget.length && cases.length < count; index++) cases.push({ index: cases.length, ...byTarget[index][round] });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// Sending

/** The bytes of a case's request, framing mistakes included; `headers` (name → value) go on every request. */
export function requestBytes(fuzzCase, host, headers = {}) {
  const { method, path, body, contentType, contentEncoding, declaredLength, framing } = fuzzCase;
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${fuzzCase.hostHeader ?? host}`, 'Connection: close', 'Accept: application/json'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (contentType !== null && contentType !== undefined) lines.push(`Content-Type: ${contentType}`);
  if (contentEncoding) lines.push(`Content-Encoding: ${contentEncoding}`);
  let payload = body;
  switch (framing) {
    case 'bad-chunk':
      lines.push('Transfer-Encoding: chunked');
      payload = Buffer.concat([Buffer.from('zz\r\n'), body, Buffer.from('\r\n0\r\n\r\n')]);
      break;
    case 'unterminated-chunk':
      lines.push('Transfer-Encoding: chunked');
      payload = Buffer.concat([Buffer.from(`${(body.length + 50).toString(16)}\r\n`), body]);
      break;
    case 'both-lengths':
      lines.push('Transfer-Encoding: chunked', `Content-Length: ${body.length}`);
      break;
    case 'negative-length':
      lines.push('Content-Length: -1');
      break;
    case 'two-lengths':
      lines.push(`Content-Length: ${body.length}`, `Content-Length: ${body.length + 1}`);
      break;
    case 'huge-header':
      lines.push(`X-Padding: ${'a'.repeat(20_000)}`, `Content-Length: ${body.length}`);
      break;
    case 'bare-lf':
      return Buffer.concat([Buffer.from(`${[...lines, `Content-Length: ${body.length}`].join('\n')}\n\n`), body]);
    case 'space-in-header-name':
      lines.push('Bad Header: 1', `Content-Length: ${body.length}`);
      break;
    default:
      if (body.length > 0 || method === 'POST' || declaredLength !== undefined) lines.push(`Content-Length: ${declaredLength ?? body.length}`);
  }
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

/**
 * Sends one case on a connection of its own and reads the reply until the server closes it.
 * Answers { status, headers, body } or { error: 'reset' | 'timeout' | 'closed' | 'abandoned' }
 * with the milliseconds taken.
 */
export function sendCase(baseUrl, fuzzCase, { timeoutMs = 10_000, host, headers } = {}) {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks = [];
    let settled = false;
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 80) });
    const done = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...outcome, ms: Math.round(performance.now() - started) });
    };
    const timer = setTimeout(() => done({ error: 'timeout' }), timeoutMs);
    socket.on('connect', () => {
      socket.write(requestBytes(fuzzCase, host ?? url.host, headers));
      if (fuzzCase.close === 'end') socket.end();
      // Dropped mid-body: nothing more to learn here; whether the server lived on, the next cases show.
      if (fuzzCase.close === 'destroy') setTimeout(() => done({ error: 'abandoned' }), 20);
    });
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (fuzzCase.close === 'destroy-after-reply' && Buffer.concat(chunks).includes('\r\n\r\n')) {
        // The reply to a huge declared body: its head is enough, the server may wait for a body never sent.
        setTimeout(() => done(parseReply(Buffer.concat(chunks))), 50);
      }
    });
    socket.on('end', () => done(chunks.length > 0 ? parseReply(Buffer.concat(chunks)) : { error: 'closed' }));
    socket.on('close', () => done(chunks.length > 0 ? parseReply(Buffer.concat(chunks)) : { error: 'closed' }));
    socket.on('error', (error) => {
      if (chunks.length > 0) done(parseReply(Buffer.concat(chunks)));
      else done({ error: error.code === 'ECONNRESET' || error.code === 'EPIPE' ? 'reset' : `error ${error.code ?? error.message}` });
    });
  });
}

/** Status, headers and body of a raw HTTP/1.1 reply (a chunked body joined). */
export function parseReply(raw) {
  const headEnd = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, headEnd === -1 ? raw.length : headEnd).toString('latin1');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  const headers = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = headEnd === -1 ? Buffer.alloc(0) : raw.subarray(headEnd + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  if (Number.isNaN(status)) return { error: 'unparsable reply', body: raw.subarray(0, 200).toString('latin1') };
  return { status, headers, body: body.toString('utf8') };
}

function dechunk(body) {
  const parts = [];
  let offset = 0;
  while (offset < body.length) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd === -1) break;
    const size = parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

// ---------------------------------------------------------------------------------------------
// Classification

/** Paths under /api whose success is not JSON (documentation, images, live streams, CSV exports). */
const NON_JSON_API = /^\/api\/(docs|media|live)(\/|$|\?)|^\/api\/ops\/[a-z]+\.csv/;

/**
 * What a reply means for its case: 'ok', 'failure' (a status ≥ 500, or a reply that is not a clear
 * error), or 'reset' / 'timeout' (no reply; expected only of truncated and dropped requests).
 */
/** The characters RFC 3986 allows in a path and query (percent escapes included). */
const VALID_REQUEST_TARGET = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/;

export function classify(fuzzCase, outcome) {
  if (outcome.error) {
    if (outcome.error === 'abandoned') return { verdict: 'ok' };
    // A request whose body never all arrived, or that the HTTP parser refused: the server may just close it.
    if (fuzzCase.expect === EXPECT.protocol && (outcome.error === 'closed' || outcome.error === 'reset')) return { verdict: 'ok' };
    if (outcome.error === 'timeout') return { verdict: 'timeout', reason: `no reply in time` };
    if (outcome.error === 'reset' || outcome.error === 'closed') return { verdict: 'reset', reason: `connection ${outcome.error} without a reply` };
    return { verdict: 'failure', reason: outcome.error };
  }
  const { status, headers, body } = outcome;
  if (status >= 500) return { verdict: 'failure', reason: `HTTP ${status}: ${body.slice(0, 200)}` };
  // A request-target HTTP itself forbids (a fragment, a space, a byte outside RFC 3986): a load
  // balancer refuses it before any server sees it, in its own words (HAProxy: an HTML 400).
  if (status >= 400 && !VALID_REQUEST_TARGET.test(fuzzCase.path)) return { verdict: 'ok' };
  // So is a request line longer than its buffer (HAProxy: 16 KB for the whole head); a server
  // reached directly answers the envelope's 431 or 413.
  if (status >= 400 && fuzzCase.path.length > 8_000) return { verdict: 'ok' };
  if (fuzzCase.expect === EXPECT.page || fuzzCase.expect === EXPECT.protocol) return { verdict: 'ok' };
  if (fuzzCase.method === 'HEAD' || status === 304 || status === 204) return { verdict: 'ok' };
  if (status < 400 && NON_JSON_API.test(fuzzCase.path)) return { verdict: 'ok' };
  const contentType = headers['content-type'] ?? '';
  let reply;
  try {
    reply = JSON.parse(body);
  } catch {
    return { verdict: 'failure', reason: `HTTP ${status} ${contentType}: not JSON: ${body.slice(0, 200)}` };
  }
  if (!contentType.startsWith('application/json')) return { verdict: 'failure', reason: `HTTP ${status}: content type ${contentType || '(none)'}` };
  if (reply === null || typeof reply !== 'object') return { verdict: 'failure', reason: `HTTP ${status}: the reply is not an object: ${body.slice(0, 200)}` };
  // The provider wallet's own error shape (a path beside its routes gets the sites' notFound).
  if (fuzzCase.expect === EXPECT.provider && status >= 400 && reply.status === 'ERROR' && typeof reply.code === 'string') return { verdict: 'ok' };
  if (typeof reply.message !== 'string') return { verdict: 'failure', reason: `HTTP ${status}: no message: ${body.slice(0, 200)}` };
  if (status >= 400 ? reply.statusCode !== 0 : reply.statusCode !== 0 && reply.statusCode !== 1) {
    return { verdict: 'failure', reason: `HTTP ${status}: statusCode ${String(reply.statusCode)}: ${body.slice(0, 200)}` };
  }
  return { verdict: 'ok' };
}

// ---------------------------------------------------------------------------------------------
// A run

/**
 * Generates and sends `count` cases with at most `concurrency` in flight, and answers the tallies
 * by kind, the failures, resets and timeouts (each with its case), and whether the server still
 * answered /healthz at the end.
 */
export async function runFuzz({ baseUrl, count = 10_000, seed = Date.now() % 2 ** 31, concurrency = 8, timeoutMs = 10_000, host, headers, targets, kinds, onProgress }) {
  const calls = targets ?? (await loadTargets(baseUrl));
  const cases = generateCases({ targets: calls, count, seed, ...(kinds ? { kinds } : {}) });
  const byKind = new Map((kinds ?? KINDS).map((kind) => [kind, { sent: 0, ok: 0, failures: 0, resets: 0, timeouts: 0, statuses: new Map() }]));
  const problems = [];
  const started = performance.now();
  let next = 0;
  let finished = 0;
  const worker = async () => {
    while (next < cases.length) {
      const fuzzCase = cases[next++];
      const sentAt = Date.now();
      const outcome = await sendCase(baseUrl, fuzzCase, { timeoutMs, host, headers });
      const { verdict, reason } = classify(fuzzCase, outcome);
      const row = byKind.get(fuzzCase.kind);
      row.sent++;
      const statusKey = outcome.status ?? outcome.error;
      row.statuses.set(statusKey, (row.statuses.get(statusKey) ?? 0) + 1);
      if (verdict === 'ok') row.ok++;
      else {
        if (verdict === 'failure') row.failures++;
        else if (verdict === 'reset') row.resets++;
        else row.timeouts++;
        // When, so a run beside injected faults (npm run soak) can tell their failures apart.
        problems.push({ verdict, reason, fuzzCase, sentAt, answeredAt: Date.now() });
      }
      finished++;
      onProgress?.(finished, cases.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const seconds = (performance.now() - started) / 1000;
  const health = await sendCase(baseUrl, { method: 'GET', path: '/healthz', body: Buffer.alloc(0), contentType: null }, { timeoutMs, host });
  return {
    seed,
    count: cases.length,
    calls: calls.length,
    seconds,
    byKind,
    problems,
    failures: problems.filter((problem) => problem.verdict === 'failure'),
    aliveAfter: health.status === 200,
  };
}

/** The summary as a text table, one row per kind. */
export function formatSummary(summary) {
  const header = ['kind', 'sent', 'ok', 'failures', 'resets', 'timeouts', 'replies (status: count)'];
  const rows = [...summary.byKind].map(([kind, row]) => [
    kind,
    row.sent,
    row.ok,
    row.failures,
    row.resets,
    row.timeouts,
    [...row.statuses].sort((a, b) => b[1] - a[1]).map(([status, times]) => `${status}:${times}`).join(' '),
  ]);
  const totals = ['total', ...[1, 2, 3, 4, 5].map((column) => rows.reduce((sum, row) => sum + row[column], 0)), ''];
  const table = [header, ...rows, totals].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...table.map((row) => (column === header.length - 1 ? 0 : row[column].length))));
  return table.map((row) => row.map((cell, column) => (column === 0 || column === header.length - 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')).join('\n');
}

/** One problem as a line to reproduce it: the seed and case index, and the start of its request bytes. */
export function reproducerOf(problem, summary, host = 'HOST') {
  const { fuzzCase, verdict, reason } = problem;
  const bytes = requestBytes(fuzzCase, host);
  const shown = JSON.stringify(bytes.subarray(0, 400).toString('latin1'));
  return `#${fuzzCase.index} ${fuzzCase.kind} ${fuzzCase.target} (${verdict}: ${reason})\n    replay: --seed ${summary.seed} --count ${summary.count} --only ${fuzzCase.index}\n    request (${bytes.length} bytes): ${shown}${bytes.length > 400 ? '…' : ''}`;
}
