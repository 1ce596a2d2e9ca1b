import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './failure.js';

/**
 * Requests Fastify refuses before any route or error handler runs answer in the sites' envelope
 * too (docs/product.md D4), not in Fastify's own shape: a client reads one error shape whatever it
 * sent. Found by the request fuzzer (ADR 0064).
 */

/** A URL that does not decode (`/api/x/%zz`): validationError, as a payload that does not parse. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send(failure('validationError', { url: [error.code === 'FST_ERR_BAD_URL' ? 'invalidUrl' : 'invalidValue'] }));
}

/**
 * What the HTTP parser refuses (a bad header, broken framing, headers too large, a body that
 * never all came): Node's status, the envelope as the body, then the connection closed, as
 * Fastify's own handler does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(status === 431 ? failure('payloadTooLarge') : failure('validationError', { request: [status === 408 ? 'timedOut' : 'malformedRequest'] }));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
