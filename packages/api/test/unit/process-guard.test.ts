import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { classifyFault, createFaultHandler, requestEnded, requestStarted } from '../../src/process-guard.js';

/** Issue 21, section 1: a dropped connection never stops the process; any other unhandled fault does. */

function codeError(code: string, message = code): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

function fakeLog() {
  return { debug: vi.fn(), fatal: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger & Record<'debug' | 'fatal' | 'error', ReturnType<typeof vi.fn>>;
}

describe('classifyFault', () => {
  it.each(['ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ABORT_ERR'])(
    'counts %s as a client connection ending',
    (code) => expect(classifyFault(codeError(code))).toBe('connection'),
  );

  it('counts an aborted request and a premature close without a code as a connection ending', () => {
    expect(classifyFault(new Error('aborted'))).toBe('connection');
    expect(classifyFault(new Error('premature close'))).toBe('connection');
    expect(classifyFault(Object.assign(new Error('The operation was aborted'), { name: 'AbortError' }))).toBe('connection');
  });

  it('counts every other error, and a thrown non-error, as fatal', () => {
    expect(classifyFault(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe('fatal');
    expect(classifyFault(codeError('ENOSPC'))).toBe('fatal');
    expect(classifyFault(new RangeError('Invalid array length'))).toBe('fatal');
    expect(classifyFault('a string')).toBe('fatal');
    expect(classifyFault(undefined)).toBe('fatal');
  });
});

describe('createFaultHandler', () => {
  it('logs a dropped connection at debug level and neither closes nor exits', async () => {
    const log = fakeLog();
    const close = vi.fn(async () => undefined);
    const exit = vi.fn();
    const handle = createFaultHandler({ log, close, exit });
    expect(handle(codeError('ERR_STREAM_PREMATURE_CLOSE', 'Premature close'), 'uncaughtException')).toBe('connection');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(log.debug).toHaveBeenCalledOnce();
    expect(log.fatal).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
    expect(exit).not.toHaveBeenCalled();
  });

  it('logs any other fault as fatal, closes once, then exits with code 1', async () => {
    const log = fakeLog();
    const close = vi.fn(async () => undefined);
    const exit = vi.fn();
    const handle = createFaultHandler({ log, close, exit });
    const fault = new TypeError('state is broken');
    expect(handle(fault, 'uncaughtException')).toBe('fatal');
    expect(handle(new Error('a second one'), 'unhandledRejection')).toBe('fatal');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
    expect(close).toHaveBeenCalledOnce();
    expect(exit).toHaveBeenCalledOnce();
    expect(log.fatal).toHaveBeenCalledTimes(2);
    expect(log.fatal.mock.calls[0]![0]).toMatchObject({ err: fault, origin: 'uncaughtException' });
  });

  it('names the requests in flight in the fatal line, and forgets each once its response is sent', () => {
    const served = { id: 'req-7', method: 'GET', url: '/slots?page=2', host: 'slot5.localhost' } as unknown as FastifyRequest;
    const finished = { id: 'req-6', method: 'POST', url: '/api/auth/get_balance', host: 'localhost' } as unknown as FastifyRequest;
    const response = {} as ServerResponse;
    requestStarted(served, response);
    requestStarted(finished, response);
    requestEnded(finished);
    const log = fakeLog();
    createFaultHandler({ log, close: async () => undefined, exit: vi.fn() })(new Error('boom'), 'uncaughtException');
    expect(log.fatal.mock.calls[0]![0]).toMatchObject({ requestsInFlight: [{ reqId: 'req-7', method: 'GET', url: '/slots?page=2', host: 'slot5.localhost' }] });
    requestEnded(served);
  });

  it('sweeps out responses that ended without being sent (their client went away)', () => {
    const abandoned = Array.from({ length: 1100 }, (_, index) => ({ id: `gone-${index}`, method: 'GET', url: '/', host: 'localhost' }) as unknown as FastifyRequest);
    for (const request of abandoned) requestStarted(request, { writableFinished: false, destroyed: true, socket: null } as unknown as ServerResponse);
    const live = { id: 'live', method: 'GET', url: '/live', host: 'localhost' } as unknown as FastifyRequest;
    requestStarted(live, { writableFinished: false, destroyed: false, socket: { destroyed: false } } as unknown as ServerResponse);
    const log = fakeLog();
    createFaultHandler({ log, close: async () => undefined, exit: vi.fn() })(new Error('boom'), 'uncaughtException');
    const named = (log.fatal.mock.calls[0]![0] as { requestsInFlight: { reqId: string }[] }).requestsInFlight;
    // The first 1,024 were swept when the set reached that size; those that came after remain, and
    // the line names the first 20 of them.
    expect(named).toHaveLength(20);
    expect(named[0]!.reqId).toBe('gone-1024');
    requestEnded(live);
    for (const request of abandoned) requestEnded(request);
  });

  it('exits even when closing hangs', async () => {
    const exit = vi.fn();
    const handle = createFaultHandler({ log: fakeLog(), close: () => new Promise(() => undefined), exit, closeTimeoutMs: 20 });
    handle(new Error('boom'), 'uncaughtException');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
  });
});
