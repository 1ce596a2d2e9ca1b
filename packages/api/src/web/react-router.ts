import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants as zlib } from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { withFrameAncestors } from '../http/site-preview.js';

export type GetLoadContext = (request: FastifyRequest) => unknown;

export interface WebHandlerOptions {
  /** The React Router server build, or a function that loads it per request (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  getLoadContext: GetLoadContext;
  /** Origins that may frame this request's pages besides the site itself: the back office's preview (ADR 0049). */
  frameAncestors?: (request: FastifyRequest) => string[];
}

/** Turns a Fastify request into the web Request React Router expects (body left unparsed). */
function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
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

/** Pages, their data requests and the text resource routes (sitemap, robots, manifest). */
const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|xml|manifest\+json|javascript))/i;

/**
 * Page compression by @fastify/compress, scoped to the pages (the API compresses its replies once,
 * http/calls.ts; static files are pre-compressed at build time, and compressed twice by nothing).
 * It ends a response the client abandoned quietly; the stream the page is rendered into has its own
 * error listener (entry.server.tsx): without one, about twenty abandoned pages took the whole
 * process down (ADR 0018). Each chunk is flushed as it comes, so a streamed page still reaches the browser piece by piece
 * (the head and its preloads first); brotli at a fast level, as the page is compressed per request.
 */
const PAGE_COMPRESSION: FastifyCompressOptions = {
  global: true,
  encodings: ['br', 'gzip'],
  customTypes: COMPRESSIBLE_TYPE,
  // Request bodies stay React Router's to read, as they come.
  globalDecompression: false,
  brotliOptions: {
    flush: zlib.BROTLI_OPERATION_FLUSH,
    params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
  },
  zlibOptions: { level: 6, flush: zlib.Z_SYNC_FLUSH },
};

/** A client that goes away ends its own response only: logged at debug level, as the client's choice. */
function onClientGone(request: FastifyRequest, reply: FastifyReply): void {
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) request.log.debug({ url: request.url }, 'client went away before the page was sent');
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response, frameAncestors: string[] = []): Promise<void> {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'content-security-policy') reply.header(key, withFrameAncestors(value, frameAncestors));
    else if (key !== 'set-cookie') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  // A stream, so server rendering reaches the browser as it is produced; compressed (or not) by
  // the scope's onSend hook.
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/**
 * Hands every path no other route claims to the React Router request handler. Registered in its
 * own plugin scope, so its content-type parsers (none: the body stays a stream) touch nothing else.
 */
export async function registerWebHandler(app: FastifyInstance, options: WebHandlerOptions): Promise<void> {
  const handle = createRequestHandler(options.build, options.mode);
  await app.register(async (scope) => {
    await scope.register(fastifyCompress, PAGE_COMPRESSION);
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        onClientGone(request, reply);
        const response = await handle(toWebRequest(request, reply), options.getLoadContext(request) as never);
        return sendWebResponse(reply, response, options.frameAncestors?.(request));
      },
    });
  });
}
