import { useEffect } from 'react';
import {
  LIVE_BALANCE_CHANNEL,
  LIVE_BALANCE_EVENTS,
  LIVE_BALANCE_LOCK,
  LIVE_BALANCE_PATH,
  STATUS,
  isSessionEndMessage,
  type GetBalanceReply,
} from '@wl/contracts';
import { handleApiError } from '../client/errors';
import { getSession, subscribeSession, updateSession } from '../client/session';

/*
 * The balance pushed live (ADR 0031): one stream per browser, not per tab. The tab holding the
 * Web Lock reads GET /api/live (fetch with the token in the Authorization header: EventSource
 * cannot send one, and a URL is logged) and shares each event on a BroadcastChannel; the other
 * tabs wait for the lock and listen. When the leading tab closes, the browser hands the lock to
 * another, which opens the stream. Every balance on screen reads the session's balance, which
 * each event updates.
 */

/** Reconnect delays: doubling from 1 s up to 30 s, each with jitter, so a restarted server is not hit by every browser at once. */
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
/** A stream that lived this long was a success: the next reconnect starts from the shortest delay again. */
const STABLE_STREAM_MS = 10_000;
/** The server sends a heartbeat every 25 s: nothing for this long means a dead connection. */
const SILENT_STREAM_MS = 60_000;

/** What the leading tab shares: each message names the account, so a tab of another session ignores it. */
type LiveMessage =
  | { kind: 'balance'; account: string; reply: GetBalanceReply }
  | { kind: 'end'; account: string; message: string };

const changeListeners = new Set<() => void>();

/** Calls `listener` after each live balance this tab shows (pages whose own data follows the money); answers the unsubscribe. */
export function onLiveBalance(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => void changeListeners.delete(listener);
}

function apply(message: LiveMessage): void {
  const session = getSession();
  if (!session.isAuthenticated || session.user?.account_id !== message.account) return;
  if (message.kind === 'end') {
    // The session ended elsewhere (logout, expiry, revocation): the usual session-expired flow.
    handleApiError({ statusCode: STATUS.failure, message: message.message }, { toast: true });
    return;
  }
  updateSession({ game: { balance: message.reply.game_balance, token: message.reply.game_token } });
  for (const listener of [...changeListeners]) listener();
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = window.setTimeout(done, ms);
    function done() {
      window.clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/** The n-th reconnect delay: 1 s, 2 s, 4 s... up to 30 s, between half and all of it (jitter). */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Resolves when a logged-in session is there (or on abort). */
function sessionReady(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!signal.aborted && !getSession().isAuthenticated) return;
      unsubscribe();
      signal.removeEventListener('abort', check);
      resolve();
    };
    const unsubscribe = subscribeSession(check);
    signal.addEventListener('abort', check);
    check();
  });
}

type StreamOutcome = 'ended' | 'lost';

/**
 * Reads one stream of the current session until it ends: 'ended' when the session did (or
 * changed: another login, a logout), 'lost' when the connection went or was refused.
 */
async function readStream(publish: (message: LiveMessage) => void, stop: AbortSignal): Promise<StreamOutcome> {
  const session = getSession();
  const account = session.user?.account_id ?? '';
  const token = session.token ?? '';
  const controller = new AbortController();
  const abort = () => controller.abort();
  stop.addEventListener('abort', abort);
  // Another login or a logout in this browser: this stream is not theirs.
  const unsubscribe = subscribeSession(() => {
    if (getSession().token !== token) abort();
  });
  let silence = window.setTimeout(abort, SILENT_STREAM_MS);
  const heard = () => {
    window.clearTimeout(silence);
    silence = window.setTimeout(abort, SILENT_STREAM_MS);
  };
  try {
    const response = await fetch(`${LIVE_BALANCE_PATH}?account_id=${encodeURIComponent(account)}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      credentials: 'same-origin',
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok || !response.body) {
      const reply = (await response.json().catch(() => null)) as { message?: string } | null;
      if (isSessionEndMessage(reply?.message)) {
        publish({ kind: 'end', account, message: reply!.message! });
        return 'ended';
      }
      return 'lost';
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return getSession().token === token ? 'lost' : 'ended';
      heard();
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = '';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        if (!event || !data) continue;
        const parsed = JSON.parse(data) as GetBalanceReply | { statusCode: number; message: string };
        if (event === LIVE_BALANCE_EVENTS.balance && 'game_balance' in parsed) publish({ kind: 'balance', account, reply: parsed });
        else if (event === LIVE_BALANCE_EVENTS.end) {
          // A session that ended ends here too; anything else (a site switched off) is tried again later.
          if (!isSessionEndMessage(parsed.message)) return 'lost';
          publish({ kind: 'end', account, message: parsed.message });
          return 'ended';
        }
      }
    }
  } catch {
    return getSession().token === token ? 'lost' : 'ended';
  } finally {
    window.clearTimeout(silence);
    unsubscribe();
    stop.removeEventListener('abort', abort);
    controller.abort();
  }
}

/** The leading tab's work: a stream while there is a session, reconnecting with backoff, until `stop`. */
async function lead(publish: (message: LiveMessage) => void, stop: AbortSignal): Promise<void> {
  let attempt = 0;
  while (!stop.aborted) {
    await sessionReady(stop);
    if (stop.aborted) return;
    const started = Date.now();
    const outcome = await readStream(publish, stop);
    if (stop.aborted) return;
    if (outcome === 'ended') {
      // A new session (or none yet): its stream starts at once.
      attempt = 0;
      await delay(RECONNECT_MIN_MS, stop);
      continue;
    }
    if (Date.now() - started >= STABLE_STREAM_MS) attempt = 0;
    await delay(reconnectDelay(attempt), stop);
    attempt += 1;
  }
}

/**
 * Starts the browser's live balance for this tab: leads (reads the stream) while it holds the lock,
 * listens to the leader otherwise. Answers the stop. Without Web Locks or BroadcastChannel each tab
 * reads a stream of its own.
 */
export function startLiveBalance(): () => void {
  const stop = new AbortController();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LIVE_BALANCE_CHANNEL);
  if (channel) channel.onmessage = (event: MessageEvent<LiveMessage>) => apply(event.data);
  const publish = (message: LiveMessage) => {
    apply(message);
    channel?.postMessage(message);
  };
  if (typeof navigator !== 'undefined' && navigator.locks) {
    // Held for as long as `lead` runs: until this tab stops (or closes, when the browser lets it go).
    navigator.locks.request(LIVE_BALANCE_LOCK, { signal: stop.signal }, () => lead(publish, stop.signal)).catch(() => undefined);
  } else {
    void lead(publish, stop.signal);
  }
  return () => {
    stop.abort();
    channel?.close();
  };
}

/** Runs the browser's live balance while the client shell is mounted (once per tab). */
export function useLiveBalance(): void {
  useEffect(() => startLiveBalance(), []);
}
