import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_BALANCE_EVENTS, type ErrorKey, type GetBalanceReply } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { readBalances } from '../ledger/index.js';
import { checkSiteOpen } from '../sites/index.js';
import type { PlayerCache } from './player-cache.js';
import { checkSessionQuietly } from './sessions.js';

/**
 * The live balance streams of this process (ADR 0031). The player cache's notification
 * connections (player-cache.ts: the wallets' and sessions' NOTIFY, sent on commit by the triggers
 * of drizzle/0002_session_wallet_notify.sql) tell which player's wallet or session changed; the hub
 * reads that player's balances once and writes them to each of the player's streams, and ends the
 * streams whose session ended. No LISTEN of its own, no amount in any notification.
 */

/** A comment line this often keeps proxies from closing an idle stream and finds vanished clients. */
export const LIVE_HEARTBEAT_MS = 25_000;
export const MAX_STREAMS_PER_PLAYER = 5;
export const MAX_STREAMS_PER_PROCESS = 10_000;
/** A client that leaves this much unread is too slow to follow: its stream is dropped. */
const MAX_UNSENT_BYTES = 64 * 1024;

export interface LiveBalanceHubOptions {
  heartbeatMs?: number;
  maxPerPlayer?: number;
  maxPerProcess?: number;
  log?: FastifyBaseLogger;
}

/** Whose stream it is: the session it was opened with (its token only as a hash). */
export interface StreamOwner {
  playerId: number;
  accountId: string;
  tokenHash: string;
  /** When the session ends unless the player is active meanwhile (checked again then). */
  endsAt: number;
}

/**
 * One client's stream. Writes respect backpressure: while the socket's buffer is full, only the
 * latest event waits (a balance replaces the one before it), so a slow client holds one event,
 * never a queue; one that stays full past a heartbeat, or errs, is dropped.
 */
export class BalanceStream {
  private waiting: string | null = null;
  private blockedSince: number | null = null;
  private closed = false;

  constructor(
    readonly owner: StreamOwner,
    private readonly response: ServerResponse,
    private readonly onClosed: (stream: BalanceStream) => void,
  ) {
    response.on('drain', () => this.drained());
    // Without an error listener a reset connection would be an uncaught error (ADR 0018).
    response.on('error', () => this.close());
    response.on('close', () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  sendBalance(reply: GetBalanceReply): void {
    this.write(`event: ${LIVE_BALANCE_EVENTS.balance}\ndata: ${JSON.stringify(reply)}\n\n`, true);
  }

  /** The session ended: says why, then closes. */
  end(message: ErrorKey): void {
    if (this.closed) return;
    this.write(`event: ${LIVE_BALANCE_EVENTS.end}\ndata: ${JSON.stringify({ statusCode: 0, message })}\n\n`, true);
    this.response.end();
    this.close();
  }

  /** A heartbeat; a client that read nothing since the last one is dropped. */
  heartbeat(now: number, heartbeatMs: number): void {
    if (this.blockedSince !== null && now - this.blockedSince >= heartbeatMs) {
      this.response.destroy();
      this.close();
      return;
    }
    this.write(': ping\n\n', false);
  }

  /**
   * Ends the stream without a reason (the client left, or the server is closing): its connection
   * goes too, so nothing half-closed keeps the server from closing; a client reconnects.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.waiting = null;
    if (!this.response.writableEnded) this.response.destroy();
    this.onClosed(this);
  }

  private write(chunk: string, replaces: boolean): void {
    if (this.closed || this.response.destroyed) return;
    if (this.blockedSince !== null) {
      // A heartbeat while blocked is pointless; an event replaces the one waiting.
      if (replaces) this.waiting = chunk;
      return;
    }
    const accepted = this.response.write(chunk);
    if (this.response.writableLength > MAX_UNSENT_BYTES) {
      this.response.destroy();
      this.close();
      return;
    }
    if (!accepted) this.blockedSince = Date.now();
  }

  private drained(): void {
    this.blockedSince = null;
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) this.write(waiting, true);
  }
}

export type OpenRefusal = 'tooManyRequests' | 'serviceUnavailable';

/**
 * The streams of one app, by player. Reads are coalesced per player: notifications arriving while
 * a read runs make one more read after it, whatever their number.
 */
export class LiveBalanceHub {
  private readonly streams = new Map<number, Set<BalanceStream>>();
  private count = 0;
  /** player id → a read is running (true: another is due after it). */
  private readonly reading = new Map<number, boolean>();
  private readonly heartbeatMs: number;
  private readonly maxPerPlayer: number;
  private readonly maxPerProcess: number;
  private readonly log: FastifyBaseLogger | undefined;
  private readonly unfollow: () => void;
  private readonly timer: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly cache: PlayerCache,
    options: LiveBalanceHubOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
    this.maxPerPlayer = options.maxPerPlayer ?? MAX_STREAMS_PER_PLAYER;
    this.maxPerProcess = options.maxPerProcess ?? MAX_STREAMS_PER_PROCESS;
    this.log = options.log;
    this.unfollow = cache.follow({
      walletChanged: (playerId) => (playerId === null ? this.everyone((id) => this.push(id)) : this.push(playerId)),
      sessionChanged: (playerId) => (playerId === null ? this.everyone((id) => this.recheck(id)) : this.recheck(playerId)),
      // Back after a gap: whatever was missed is read again.
      listeningChanged: (listening) => {
        if (listening) this.everyone((id) => (this.push(id), this.recheck(id)));
      },
    });
    this.timer = setInterval(() => this.beat(), this.heartbeatMs);
    this.timer.unref();
  }

  get size(): number {
    return this.count;
  }

  /** Why a new stream of this player cannot open now, or null. */
  refusal(playerId: number): OpenRefusal | null {
    if (this.stopped || this.count >= this.maxPerProcess) return 'serviceUnavailable';
    if ((this.streams.get(playerId)?.size ?? 0) >= this.maxPerPlayer) return 'tooManyRequests';
    return null;
  }

  /** Adds a stream whose response headers are sent (check `refusal` first), and sends it the balances. */
  add(owner: StreamOwner, response: ServerResponse): BalanceStream {
    const stream = new BalanceStream(owner, response, (closed) => this.remove(closed));
    let set = this.streams.get(owner.playerId);
    if (!set) this.streams.set(owner.playerId, (set = new Set()));
    set.add(stream);
    this.count += 1;
    // Through the player's one read at a time, so a snapshot never overtakes a newer one.
    this.push(owner.playerId);
    return stream;
  }

  /** Ends every stream (the app is closing) and stops following. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    this.unfollow();
    for (const set of [...this.streams.values()]) for (const stream of [...set]) stream.close();
  }

  private remove(stream: BalanceStream): void {
    const set = this.streams.get(stream.owner.playerId);
    if (!set?.delete(stream)) return;
    this.count -= 1;
    if (!set.size) this.streams.delete(stream.owner.playerId);
  }

  private everyone(fn: (playerId: number) => void): void {
    for (const playerId of [...this.streams.keys()]) fn(playerId);
  }

  /** The player's wallet changed (committed): their streams get the balances read after it. */
  private push(playerId: number): void {
    if (!this.streams.has(playerId)) return;
    if (this.reading.has(playerId)) {
      this.reading.set(playerId, true);
      return;
    }
    this.reading.set(playerId, false);
    this.readBalances(playerId)
      .then(
        (reply) => {
          for (const stream of this.streams.get(playerId) ?? []) stream.sendBalance(reply);
        },
        (error: unknown) => this.log?.warn({ err: error }, 'live balance: cannot read changed balances'),
      )
      .finally(() => {
        const again = this.reading.get(playerId);
        this.reading.delete(playerId);
        if (again) this.push(playerId);
      });
  }

  private async readBalances(playerId: number): Promise<GetBalanceReply> {
    // The cache forgot the wallet on the notification; an own write's hold reads the database.
    const { balance, tokens } = await this.cache.balances(playerId, readBalances, this.db);
    return { statusCode: 1, message: 'OK', game_balance: balance, game_token: tokens };
  }

  /** The player's sessions may have changed: each stream's session is checked again. */
  private recheck(playerId: number): void {
    for (const stream of this.streams.get(playerId) ?? []) void this.checkStream(stream);
  }

  private async checkStream(stream: BalanceStream): Promise<void> {
    const { accountId, tokenHash } = stream.owner;
    try {
      const check = await checkSessionQuietly(this.db, this.cache, accountId, tokenHash);
      if (stream.isClosed) return;
      if (!check.ok) return stream.end(check.message);
      const site = checkSiteOpen(check.context.site);
      if (!site.ok) return stream.end(site.message);
      stream.owner.endsAt = check.endsAt ?? Date.now();
    } catch (error) {
      this.log?.warn({ err: error }, 'live balance: cannot check the session of a stream');
    }
  }

  private beat(): void {
    const now = Date.now();
    for (const set of [...this.streams.values()]) {
      for (const stream of [...set]) {
        stream.heartbeat(now, this.heartbeatMs);
        // Past the time its session would end without activity: checked again (ended or lives on).
        if (!stream.isClosed && stream.owner.endsAt <= now) void this.checkStream(stream);
      }
    }
  }
}
