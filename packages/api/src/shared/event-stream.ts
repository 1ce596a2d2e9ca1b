import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Told of each stream opened, with its route pattern and response (the metrics count them, ADR 0062). */
type StreamListener = (route: string, response: ServerResponse) => void;
const streamListeners = new Set<StreamListener>();

/** Calls `listener` for each event stream opened; answers the unsubscribe. */
export function onEventStreamOpened(listener: StreamListener): () => void {
  streamListeners.add(listener);
  return () => void streamListeners.delete(listener);
}

/**
 * Turns a request into a Server-Sent Events stream (the live balance, ADR 0031; the live sports
 * board, ADR 0036): Fastify lets go of the response, the headers go out with no caching and no
 * proxy buffering, and `opening` (a comment, a retry delay) is written at once so the client
 * knows the stream is open. Answers the raw response to write events to.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, opening: string): ServerResponse {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // Proxies that buffer responses (nginx) pass this one through as it comes.
    'x-accel-buffering': 'no',
  });
  request.raw.socket.setNoDelay(true);
  for (const listener of streamListeners) listener(request.routeOptions.url ?? 'unknown', response);
  response.write(opening);
  return response;
}
