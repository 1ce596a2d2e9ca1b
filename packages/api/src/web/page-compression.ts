import { pipeline, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';

/*
 * Compression of the site's pages (and its text resource routes: sitemap, robots, manifest).
 * Written here rather than left to @fastify/compress (9.2): its stream path wraps the compressor in
 * a transform of its own and, when the client leaves mid-page, destroys only the wrapper; each
 * abandoned page kept its brotli compressor open, with its native buffers (megabytes), for good.
 * Here the compressor is the response's own payload, which Fastify destroys with the response.
 *
 * A streamed page is compressed as it comes, each chunk flushed so the browser gets the head and
 * its preloads first; brotli at a fast level, as every page is compressed per response (its nonce
 * differs). A stored page (page-cache.ts) is one buffer, compressed off the main thread.
 */

type PageEncoding = 'br' | 'gzip';

/** Pages, their data requests and the text resource routes. */
const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|xml|manifest\+json|javascript))/i;
/** Below this size compressing costs more than it saves. */
const MIN_BYTES = 1024;

const negotiator = new Negotiator<PageEncoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

const BROTLI_OPTIONS: zlib.BrotliOptions = {
  flush: zlib.constants.BROTLI_OPERATION_FLUSH,
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    // A 1 MB window: more than any page, a quarter of the default's memory per response.
    [zlib.constants.BROTLI_PARAM_LGWIN]: 20,
  },
};
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6, flush: zlib.constants.Z_SYNC_FLUSH };

const brotliBuffer = promisify(zlib.brotliCompress);
const gzipBuffer = promisify(zlib.gzip);

/** The encoding to answer this response in, or null (none accepted, not text, already encoded, no body). */
export function pageEncoding(acceptEncoding: string | undefined, reply: FastifyReply, contentType: string | null, status: number): PageEncoding | null {
  if (!acceptEncoding || !contentType || !COMPRESSIBLE_TYPE.test(contentType)) return null;
  if (status === 204 || status === 304 || reply.hasHeader('content-encoding')) return null;
  const encoding = negotiator.negotiate(acceptEncoding);
  return encoding === 'br' || encoding === 'gzip' ? encoding : null;
}

function markEncoded(reply: FastifyReply, encoding: PageEncoding): void {
  reply.header('content-encoding', encoding);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  reply.removeHeader('content-length');
}

/** A streamed body, compressed: the compressor is the payload to send (destroyed with the response). */
export function compressedStream(reply: FastifyReply, body: Readable, encoding: PageEncoding): Readable {
  markEncoded(reply, encoding);
  const compressor = encoding === 'br' ? zlib.createBrotliCompress(BROTLI_OPTIONS) : zlib.createGzip(GZIP_OPTIONS);
  // An error either side ends both: the source (the render) stops, the compressor frees its buffers.
  pipeline(body, compressor, () => undefined);
  return compressor;
}

/** A whole body, compressed (a stored page): in the thread pool, not on the main thread. */
export async function compressedBuffer(reply: FastifyReply, body: Buffer, encoding: PageEncoding | null): Promise<Buffer> {
  if (!encoding || body.length < MIN_BYTES) return body;
  const compressed = encoding === 'br' ? await brotliBuffer(body, BROTLI_OPTIONS) : await gzipBuffer(body, GZIP_OPTIONS);
  markEncoded(reply, encoding);
  return compressed;
}
