import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CALLS,
  RECEIPT_BODY_LIMIT_BYTES,
  STATUS,
  type AnyReplyOf,
  type CallName,
  type ErrorKey,
  type FailureReply,
  type ParsedPayloadOf,
} from '@wl/contracts';
import { isConnectionError, type Db } from '../db/client.js';
import type { CallContext, Services } from './context.js';
import { fieldErrorsOf } from '../shared/field-errors.js';
import { failure } from './failure.js';

type Calls = typeof CALLS;

/**
 * The context of a call made over HTTP (and by the server-side renderer for a page request). The
 * client address, user agent and origin are read from the request only when a handler asks: with
 * a trusted proxy each is a header parse, and the hot calls (get_balance, startup) use none.
 * Each call gets its own instance (the guards add the site or session to it).
 */
export class HttpCallContext implements CallContext {
  readonly log: FastifyBaseLogger;

  constructor(
    readonly db: Db,
    readonly services: Services,
    private readonly request: FastifyRequest,
  ) {
    this.log = request.log;
  }

  get clientIp(): string {
    return this.request.ip;
  }

  get userAgent(): string {
    return this.request.headers['user-agent'] ?? '';
  }

  get origin(): string {
    return `${this.request.protocol}://${this.request.host}`;
  }
}

/**
 * A reply with its JSON text, for replies a handler keeps ready (startup): the route sends the
 * text as is, in-process callers (the web's server rendering) get the object. The text must be
 * JSON.stringify(reply). Kept replies are large (about 10 KB) and read by every page load, so
 * their brotli and gzip forms are made once, on first demand, and sent to clients that accept them.
 */
export class PreSerialized<R> {
  #encoded: Partial<Record<ContentEncoding, Buffer>> = {};

  constructor(
    readonly reply: R,
    readonly json: string,
  ) {}

  encoded(encoding: ContentEncoding): Buffer {
    return (this.#encoded[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(this.json, {
            params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.json.length },
          })
        : gzipSync(this.json, { level: 9 }));
  }
}

type ContentEncoding = 'br' | 'gzip';
/** Below this size compressing costs more than it saves. */
const COMPRESS_MIN_BYTES = 1024;
const encodingNegotiator = new Negotiator<ContentEncoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

function sendPreSerialized(reply: FastifyReply, acceptEncoding: string | undefined, result: PreSerialized<{ statusCode: number; message: string }>) {
  reply.code(httpStatusOf(result.reply)).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = acceptEncoding && result.json.length >= COMPRESS_MIN_BYTES ? encodingNegotiator.negotiate(acceptEncoding) : null;
  if (encoding === 'br' || encoding === 'gzip') return reply.header('content-encoding', encoding).send(result.encoded(encoding));
  return reply.send(result.json);
}

export type CallHandler<N extends CallName> = (
  payload: ParsedPayloadOf<Calls[N]>,
  ctx: CallContext,
) => Promise<AnyReplyOf<Calls[N]> | PreSerialized<AnyReplyOf<Calls[N]>>>;
export type CallHandlers = { [N in CallName]?: CallHandler<N> };

export { failure };

/** HTTP status of a failure reply; the JSON body is what the client reads (docs/product.md D4). */
const HTTP_STATUS: Partial<Record<ErrorKey, number>> = {
  validationError: 400,
  invalidCredentials: 401,
  sessionExpired: 401,
  BLOCK: 403,
  CLOSE: 403,
  permissionDenied: 403,
  selfExcluded: 403,
  timedOut: 403,
  // A rule refuses, not the credentials: 403 like BLOCK, also where it ends a session (ADR 0041).
  sessionLimitReached: 403,
  siteNotFound: 404,
  notFound: 404,
  gameNotFound: 404,
  accountExists: 409,
  alreadyClaimed: 409,
  bankAccountExists: 409,
  notPending: 409,
  receiptInUse: 409,
  idempotencyConflict: 409,
  invalidApiKey: 401,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  internalServerError: 500,
  serviceUnavailable: 503,
};

export function httpStatusOf(reply: { statusCode: number; message: string }): number {
  if (reply.statusCode === STATUS.ok) return 200;
  return HTTP_STATUS[reply.message as ErrorKey] ?? 422;
}

/**
 * Runs one call: validates the raw payload with the contract, then the handler. The Fastify
 * routes and the server-side renderer both come through here, so both get the same checks.
 */
export async function invokeCall<N extends CallName>(
  handlers: CallHandlers,
  name: N,
  rawPayload: unknown,
  ctx: CallContext,
): Promise<AnyReplyOf<Calls[N]> | FailureReply> {
  const result = await runCall(handlers, name, rawPayload, ctx);
  return result instanceof PreSerialized ? result.reply : result;
}

/** invokeCall, answering a handler's pre-serialised reply as such (the HTTP routes send its text). */
async function runCall<N extends CallName>(
  handlers: CallHandlers,
  name: N,
  rawPayload: unknown,
  ctx: CallContext,
): Promise<AnyReplyOf<Calls[N]> | FailureReply | PreSerialized<AnyReplyOf<Calls[N]>>> {
  const handler = handlers[name] as CallHandler<N> | undefined;
  if (!handler) return failure('notFound');
  const schema = CALLS[name].payload;
  const parsed = schema.safeParse(rawPayload ?? {});
  if (!parsed.success) {
    // Again with reportInput, which lets the field map tell a missing value from one of the wrong
    // type; only on failure, as it turns off Zod's compiled fast path (five times the cost).
    const detailed = schema.safeParse(rawPayload ?? {}, { reportInput: true });
    return failure('validationError', fieldErrorsOf(detailed.success ? parsed.error : detailed.error));
  }
  try {
    return await handler(parsed.data as ParsedPayloadOf<Calls[N]>, ctx);
  } catch (error) {
    ctx.log.error({ err: error, call: name }, 'call failed');
    return failure(isConnectionError(error) ? 'serviceUnavailable' : 'internalServerError');
  }
}

/** Body limits of the calls that need more than the app's JSON limit. */
const CALL_BODY_LIMITS: Partial<Record<CallName, number>> = { receiptUpload: RECEIPT_BODY_LIMIT_BYTES, kycUpload: RECEIPT_BODY_LIMIT_BYTES };

/** Registers one route per call of the contracts that has a handler. */
export function registerCallRoutes(app: FastifyInstance, handlers: CallHandlers, db: Db, services: Services): void {
  for (const name of Object.keys(CALLS) as CallName[]) {
    if (!handlers[name]) continue;
    const call = CALLS[name];
    app.route({
      method: call.method,
      url: call.path,
      // The few calls that carry files (a receipt, an identity document) take larger bodies than the app's default.
      ...(CALL_BODY_LIMITS[name] ? { bodyLimit: CALL_BODY_LIMITS[name] } : {}),
      // Not an async function: Fastify would then also wait on the returned reply (a thenable),
      // more turns of the event loop per request. The reply is sent when the call settles.
      handler: (request, reply) => {
        const payload = call.method === 'GET' ? (request.query ?? {}) : request.body;
        runCall(handlers, name, payload, new HttpCallContext(db, services, request)).then(
          (result) => {
            if (result instanceof PreSerialized) sendPreSerialized(reply, request.headers['accept-encoding'], result);
            else reply.code(httpStatusOf(result)).send(result);
          },
          (error: unknown) => reply.send(error),
        );
      },
    });
  }
}
