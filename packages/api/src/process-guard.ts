import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/*
 * The last line of defence of a process that serves every site at once (README, "Running in
 * production"): an error nobody handled is logged with the requests in flight (its own among them).
 * An error of one client's connection (it went away mid-answer) ends that answer only and the
 * process keeps serving; any other fault may have left shared state half-changed, so the process
 * closes what it can and exits, for its supervisor to start a clean one.
 */

/** Errors a client's connection raises when the client goes away: they concern that response only. */
const CONNECTION_ERROR_CODES = new Set([
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ABORT_ERR',
]);

export type FaultKind = 'connection' | 'fatal';

/** Whether an unhandled error is a client's connection ending ('connection') or anything else ('fatal'). */
export function classifyFault(error: unknown): FaultKind {
  if (!(error instanceof Error)) return 'fatal';
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return 'connection';
  // Node's own wording of an aborted request or a premature close (without a code in older streams).
  if (error.name === 'AbortError' || /^(?:aborted|premature close)$/i.test(error.message)) return 'connection';
  return 'fatal';
}

/**
 * The requests being served now, for the guard's log line. Not an AsyncLocalStorage: on Node 20 it
 * turns on a hook for every promise of the process, which cost the API calls a tenth of their
 * throughput (npm run bench:api, ADR 0018); nor a `close` listener per response, which cost
 * nearly as much. The app's own request hooks add and remove them; a response that never finished
 * (its client went away) is swept out once the set grows. The error's own request is among them.
 */
const inFlight = new Map<FastifyRequest, ServerResponse>();
/** The set is swept of ended responses when it reaches this size. */
const SWEEP_AT = 1024;
/** At most this many are named in one log line. */
const NAMED_IN_FLIGHT = 20;

/** From the app's onRequest hook: this request is being served. */
export function requestStarted(request: FastifyRequest, response: ServerResponse): void {
  if (inFlight.size >= SWEEP_AT) sweepEnded();
  inFlight.set(request, response);
}

/** From the app's onResponse hook: this request's response is sent. */
export function requestEnded(request: FastifyRequest): void {
  inFlight.delete(request);
}

function sweepEnded(): void {
  for (const [request, response] of inFlight) {
    if (response.writableFinished || response.destroyed || !response.socket || response.socket.destroyed) inFlight.delete(request);
  }
}

function requestsInFlight(): { reqId: string; method: string; url: string; host: string }[] {
  const named = [];
  for (const request of inFlight.keys()) {
    if (named.length === NAMED_IN_FLIGHT) break;
    named.push({ reqId: String(request.id), method: request.method, url: request.url, host: request.host });
  }
  return named;
}

export interface ProcessGuardOptions {
  log: FastifyBaseLogger;
  /** Closes what can be closed (the server, the database) before the process exits on a fatal fault. */
  close: () => Promise<void>;
  /** How long `close` may take before the process exits anyway. */
  closeTimeoutMs?: number;
  exit?: (code: number) => void;
}

/** What the guard does with an unhandled error: log it and keep serving, or log it, close and exit 1. */
export function createFaultHandler(options: ProcessGuardOptions): (error: unknown, origin: string) => FaultKind {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let exiting = false;
  return (error, origin) => {
    const requests = requestsInFlight();
    if (classifyFault(error) === 'connection') {
      // A client went away: its response is over, nothing shared was touched.
      options.log.debug({ err: error, origin, requestsInFlight: requests }, 'a client connection ended early');
      return 'connection';
    }
    options.log.fatal({ err: error, origin, requestsInFlight: requests }, 'unexpected error: the process exits so that its supervisor starts a clean one');
    if (exiting) return 'fatal';
    exiting = true;
    const timer = setTimeout(() => exit(1), options.closeTimeoutMs ?? 10_000);
    timer.unref();
    options
      .close()
      .catch((closeError: unknown) => options.log.error({ err: closeError }, 'closing after an unexpected error failed'))
      .finally(() => {
        clearTimeout(timer);
        exit(1);
      });
    return 'fatal';
  };
}

/** Installs the process-wide handlers of uncaught exceptions and unhandled rejections. Answers the function that removes them. */
export function installProcessGuard(options: ProcessGuardOptions): () => void {
  const handle = createFaultHandler(options);
  const onException = (error: Error, origin: string) => handle(error, origin);
  const onRejection = (reason: unknown) => handle(reason, 'unhandledRejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
