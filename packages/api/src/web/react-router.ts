import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';

export type GetLoadContext = (request: FastifyRequest) => unknown;

export interface WebHandlerOptions {
  /** The React Router server build, or a function that loads it per request (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  getLoadContext: GetLoadContext;
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

type ContentEncoding = 'br' | 'gzip';
const encodings = new Negotiator<ContentEncoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });
/** Pages, their data requests and the text resource routes (sitemap, robots, manifest). */
const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|xml|manifest\+json|javascript))/i;

/**
 * A compressing stream that flushes each chunk as it comes, so a streamed page still reaches the
 * browser piece by piece (the head and its preloads first). Brotli at a fast level: the page is
 * compressed per request.
 */
function compressor(encoding: ContentEncoding) {
  return encoding === 'br'
    ? createBrotliCompress({
        flush: zlib.BROTLI_OPERATION_FLUSH,
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
      })
    : createGzip({ level: 6, flush: zlib.Z_SYNC_FLUSH });
}

/** The encoding to send a response in: one the client accepts, for a text body not encoded yet. */
function encodingFor(request: FastifyRequest, response: Response): ContentEncoding | null {
  const accept = request.headers['accept-encoding'];
  if (!accept || !response.body || response.headers.has('content-encoding')) return null;
  if (!COMPRESSIBLE_TYPE.test(response.headers.get('content-type') ?? '')) return null;
  const encoding = encodings.negotiate(accept);
  return encoding === 'br' || encoding === 'gzip' ? encoding : null;
}

async function sendWebResponse(request: FastifyRequest, reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  // A stream, so server rendering reaches the browser as it is produced.
  const body = Readable.fromWeb(response.body as NodeReadableStream);
  const encoding = encodingFor(request, response);
  if (!encoding) return reply.send(body);
  const vary = response.headers.get('vary');
  reply.header('content-encoding', encoding).header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  reply.removeHeader('content-length');
  // pipeline() ends the compressor with the page and destroys both if either fails.
  return reply.send(pipeline(body, compressor(encoding), () => undefined));
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
        const response = await handle(toWebRequest(request, reply), options.getLoadContext(request) as never);
        return sendWebResponse(request, reply, response);
      },
    });
  });
}
