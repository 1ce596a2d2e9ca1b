/**
 * A live balance stream (src/accounts/live-balance.ts, ADR 0031) never queues for a slow client:
 * while the socket's buffer is full only the latest balance waits and is sent on drain; a client
 * still blocked at the next heartbeat, or one whose socket errs or closes, is dropped and leaves
 * its hub. The response stands in for a socket that stops accepting writes.
 */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { BalanceStream } from '../../src/accounts/live-balance.js';

const HEARTBEAT_MS = 25_000;
const owner = { playerId: 1, accountId: 'demo', tokenHash: 'hash', endsAt: Number.MAX_SAFE_INTEGER };
const balance = (amount: string) => ({ statusCode: 1 as const, message: 'OK' as const, game_balance: amount, game_token: '0.0000' });

/** A response whose socket accepts writes while `accepting` (write answers false otherwise, as a full buffer does). */
class FakeResponse extends EventEmitter {
  written: string[] = [];
  accepting = true;
  destroyed = false;
  writableEnded = false;
  writableLength = 0;
  write(chunk: string): boolean {
    this.written.push(chunk);
    if (!this.accepting) this.writableLength += chunk.length;
    return this.accepting;
  }
  end(): void {
    this.writableEnded = true;
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }
  drain(): void {
    this.accepting = true;
    this.writableLength = 0;
    this.emit('drain');
  }
}

function open(): { response: FakeResponse; stream: BalanceStream; closed: BalanceStream[] } {
  const response = new FakeResponse();
  const closed: BalanceStream[] = [];
  const stream = new BalanceStream(owner, response as unknown as ServerResponse, (gone) => closed.push(gone));
  return { response, stream, closed };
}

describe('BalanceStream', () => {
  it('keeps only the latest balance while the client reads nothing, and sends it on drain', () => {
    const { response, stream } = open();
    response.accepting = false;
    stream.sendBalance(balance('1.0000'));
    // The buffer is full: these wait, each replacing the one before; heartbeats are skipped.
    for (let i = 2; i <= 1_000; i++) stream.sendBalance(balance(`${i}.0000`));
    stream.heartbeat(Date.now(), HEARTBEAT_MS);
    expect(response.written).toHaveLength(1);
    response.drain();
    expect(response.written).toHaveLength(2);
    expect(response.written[1]).toContain('"game_balance":"1000.0000"');
  });

  it('drops a client still blocked at the next heartbeat, and leaves the hub', () => {
    const { response, stream, closed } = open();
    response.accepting = false;
    stream.sendBalance(balance('1.0000'));
    stream.heartbeat(Date.now() + HEARTBEAT_MS, HEARTBEAT_MS);
    expect(response.destroyed).toBe(true);
    expect(stream.isClosed).toBe(true);
    expect(closed).toEqual([stream]);
  });

  it('closes once on a socket error or close, and writes nothing after', () => {
    const { response, stream, closed } = open();
    response.emit('error', new Error('ECONNRESET'));
    response.emit('close');
    stream.sendBalance(balance('2.0000'));
    expect(closed).toEqual([stream]);
    expect(response.written).toEqual([]);
  });

  it('says why when the session ends, then ends the response', () => {
    const { response, stream, closed } = open();
    stream.end('sessionExpired');
    expect(response.written).toEqual(['event: end\ndata: {"statusCode":0,"message":"sessionExpired"}\n\n']);
    expect(response.writableEnded).toBe(true);
    expect(closed).toEqual([stream]);
  });
});
