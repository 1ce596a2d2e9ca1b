import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { domainName, normaliseDomain, type RequestContext } from '@wl/contracts';
import { withFrameAncestors } from '../http/site-preview.js';
import { failure } from '../http/failure.js';
import { compressedBuffer, compressedStream, pageEncoding } from './page-compression.js';
import { PAGE_CACHE_HEADER, nonceOfPolicy, pageKey, storedPage, type PageCache, type StoredPage } from './page-cache.js';

export type GetLoadContext = (request: FastifyRequest) => unknown;

export interface WebHandlerOptions {
  /** The React Router server build, or a function that loads it per request (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  getLoadContext: GetLoadContext;
  /** Origins that may frame this request's pages besides the site itself: the back office's preview (ADR 0049). */
  frameAncestors?: (request: FastifyRequest) => string[];
  /** The pages rendered in the last seconds (ADR 0061); none: every page is rendered. */
  pageCache?: PageCache | null;
}

/** An encoded tab or line break in a path: the URL parser drops them, so `/%09` becomes `//`. */
const ENCODED_BREAK_IN_PATH = /^[^?]*%0[9ad]/i;

/**
 * The page's URL, or which part of the request no page can have. The target is joined to this
 * origin, not resolved against it: `new URL('//x', origin)` reads `//x` as another host (or throws,
 * a 500, for `//`); React Router throws the same way on a path segment of tabs or line breaks
 * (`/%09`). A Host no site can have (no URL holds it, credentials, not a domain name): the web
 * Request cannot hold some (a 500), the startup call refuses the rest (the page showed a 503).
 * All found by the request fuzzer (ADR 0064).
 */
function pageUrlOf(request: FastifyRequest): { url: URL } | { invalid: 'host' | 'url' } {
  if (ENCODED_BREAK_IN_PATH.test(request.url)) return { invalid: 'url' };
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}${request.url.startsWith('/') ? '' : '/'}${request.url}`);
  } catch {
    return { invalid: 'host' };
  }
  // The domain the page's startup call will name (packages/web/app/lib/site.server.ts), checked as that call checks it.
  if (url.username || url.password || !domainName.safeParse(normaliseDomain(url.host)).success) return { invalid: 'host' };
  return { url };
}

/** Turns a Fastify request into the web Request React Router expects (body left unparsed). */
function toWebRequest(request: FastifyRequest, reply: FastifyReply, url: URL): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else headers.set(key, value);
  }
  const controller = new AbortController();
  // Abort rendering when the client goes away before the response is done.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(request.raw);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/** A client that goes away ends its own response only: logged at debug level, as the client's choice. */
function onClientGone(request: FastifyRequest, reply: FastifyReply): void {
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) request.log.debug({ url: request.url }, 'client went away before the page was sent');
  });
}

async function sendWebResponse(request: FastifyRequest, reply: FastifyReply, response: Response, frameAncestors: string[] = []): Promise<void> {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'content-security-policy') reply.header(key, withFrameAncestors(value, frameAncestors));
    else if (key !== 'set-cookie') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  // A stream, so server rendering reaches the browser as it is produced, compressed as it comes.
  const body = Readable.fromWeb(response.body as NodeReadableStream);
  const encoding = pageEncoding(request.headers['accept-encoding'], reply, response.headers.get('content-type'), response.status);
  return reply.send(encoding ? compressedStream(reply, body, encoding) : body);
}

/** A stored page, sent as a rendered one is (the policy gets this request's frame ancestors). */
async function sendStoredPage(request: FastifyRequest, reply: FastifyReply, page: StoredPage, frameAncestors: string[] = []): Promise<FastifyReply> {
  reply.status(page.status);
  let contentType: string | null = null;
  for (const [key, value] of page.headers) {
    reply.header(key, key === 'content-security-policy' ? withFrameAncestors(value, frameAncestors) : value);
    if (key === 'content-type') contentType = value;
  }
  reply.header(PAGE_CACHE_HEADER, 'hit');
  const encoding = pageEncoding(request.headers['accept-encoding'], reply, contentType, page.status);
  return reply.send(await compressedBuffer(reply, page.body, encoding));
}

/** Headers a stored page does not carry over: the length and framing are the new response's. */
const UNSTORED_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'set-cookie', PAGE_CACHE_HEADER]);

/**
 * The page a response may be stored as (ADR 0061), read from `copy` (a branch of its body) once the
 * render has ended; null when it must not be kept.
 */
async function storablePage(response: Response, copy: ReadableStream<Uint8Array>, render: { keepable: boolean }): Promise<StoredPage | null> {
  const nonce = nonceOfPolicy(response.headers.get('content-security-policy'));
  const storable =
    response.status === 200 &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    response.headers.getSetCookie().length === 0 &&
    response.headers.get('cache-control') === 'private, no-cache' &&
    nonce !== null;
  if (!storable) {
    await copy.cancel().catch(() => undefined);
    return null;
  }
  const body = Buffer.from(await new Response(copy).arrayBuffer());
  if (!render.keepable) return null;
  const headers = [...response.headers].filter(([name]) => !UNSTORED_HEADERS.has(name));
  return storedPage(200, headers, body, nonce);
}

/**
 * Hands every path no other route claims to the React Router request handler. Registered in its
 * own plugin scope, so its content-type parsers (none: the body stays a stream) touch nothing else.
 */
export async function registerWebHandler(app: FastifyInstance, options: WebHandlerOptions): Promise<void> {
  const handle = createRequestHandler(options.build, options.mode);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        onClientGone(request, reply);
        const page = pageUrlOf(request);
        if ('invalid' in page) return reply.code(400).send(failure('validationError', page.invalid === 'host' ? { host: ['invalidValue'] } : { url: ['invalidUrl'] }));
        const { url } = page;
        const cache = options.pageCache ?? null;
        const key = cache ? pageKey(request) : null;
        if (!cache || key === null) {
          const response = await handle(toWebRequest(request, reply, url), options.getLoadContext(request) as never);
          return sendWebResponse(request, reply, response, options.frameAncestors?.(request));
        }
        // The stored page, or the one a render under way is about to store.
        const stored = await cache.take(key);
        if (stored) return sendStoredPage(request, reply, stored, options.frameAncestors?.(request));

        const finish = cache.begin(key);
        let response: Response;
        const render = { keepable: true };
        try {
          const context = options.getLoadContext(request) as RequestContext;
          context.render = render;
          response = await handle(toWebRequest(request, reply, url), context as never);
        } catch (error) {
          finish(null);
          throw error;
        }
        reply.header(PAGE_CACHE_HEADER, 'miss');
        if (!response.body) {
          finish(null);
          return sendWebResponse(request, reply, response, options.frameAncestors?.(request));
        }
        const [toClient, toStore] = response.body.tee();
        storablePage(response, toStore, render).then(finish, () => finish(null));
        return sendWebResponse(request, reply, new Response(toClient, { status: response.status, headers: response.headers }), options.frameAncestors?.(request));
      },
    });
  });
}
