import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
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

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  // A stream, so server rendering reaches the browser as it is produced.
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
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
        return sendWebResponse(reply, response);
      },
    });
  });
}
