import { useMemo, useSyncExternalStore } from 'react';
import { LIVE_SPORTS_PATH, STATUS, type Match } from '@wl/contracts';
import { callApi } from '../client/api';
import { refreshMatches } from './board';

/*
 * Prices kept live while a page shows them (ADR 0035: a price changes, a match is suspended or
 * ends). One reader for the whole page, however many parts use it: the live sports board's
 * Server-Sent Events (ADR 0036) push the matches that changed, merged into the list match_list
 * gave; match_list is read again when the stream (re)opens (nothing missed while it was down),
 * every minute while it is open, and every 5 s while it is not (no EventSource, a proxy that
 * cuts it), and at once when the page is shown again after that long.
 */

export const LIVE_MATCHES_INTERVAL_MS = 5_000;
/** While the stream is open, match_list is only a safety net. */
const STREAMING_INTERVAL_MS = 60_000;

let latest: Match[] | null = null;
let readAt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let reading: AbortController | null = null;
let stream: EventSource | null = null;
let streaming = false;
const listeners = new Set<() => void>();

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
const notify = () => {
  for (const listener of [...listeners]) listener();
};

function schedule(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (!listeners.size || !visible() || reading) return;
  const interval = streaming ? STREAMING_INTERVAL_MS : LIVE_MATCHES_INTERVAL_MS;
  timer = setTimeout(() => void read(), Math.max(0, readAt + interval - Date.now()));
}

async function read(): Promise<void> {
  timer = undefined;
  reading?.abort();
  const controller = new AbortController();
  reading = controller;
  const reply = await callApi('matchList', {}, { signal: controller.signal });
  if (reading !== controller) return;
  reading = null;
  readAt = Date.now();
  // A failed read (the empty list of docs/product.md §8) keeps what the page shows.
  if (reply.statusCode === STATUS.ok && 'value' in reply) {
    latest = reply.value;
    notify();
  }
  schedule();
}

/** Pushed matches replace theirs (a finished one stays, marked finished, for refreshMatches to drop). */
export function mergeMatches(list: readonly Match[], changed: readonly Match[]): Match[] {
  const byId = new Map(list.map((match) => [match.match_id, match]));
  for (const match of changed) byId.set(match.match_id, match);
  return [...byId.values()].sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time) || a.match_id - b.match_id);
}

function openStream(): void {
  if (stream || typeof EventSource === 'undefined') return;
  const source = new EventSource(LIVE_SPORTS_PATH);
  stream = source;
  source.addEventListener('open', () => {
    streaming = true;
    // What changed before the stream (re)opened is read whole.
    void read();
  });
  source.addEventListener('error', () => {
    // The browser reconnects by itself; until then match_list is read every few seconds.
    streaming = false;
    schedule();
  });
  source.addEventListener('matches', (event) => {
    if (!latest) return;
    try {
      const changed = (JSON.parse((event as MessageEvent<string>).data) as { value?: Match[] }).value;
      if (!Array.isArray(changed) || changed.length === 0) return;
      latest = mergeMatches(latest, changed);
      notify();
    } catch {
      // A garbled event: the next read of match_list puts the page right.
    }
  });
}

function subscribe(listener: () => void): () => void {
  if (!listeners.size) {
    // The page's own data was read just now (its loader): the first read is one interval later.
    readAt = Date.now();
    document.addEventListener('visibilitychange', schedule);
    openStream();
  }
  listeners.add(listener);
  schedule();
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    // Nobody shows prices any more: stop, and forget the read (the next page brings its own data).
    document.removeEventListener('visibilitychange', schedule);
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    reading?.abort();
    reading = null;
    stream?.close();
    stream = null;
    streaming = false;
    latest = null;
  };
}

const noSubscription = () => () => undefined;

/** The feed's matches as last read while this page is open (null before the first read, and on the server). */
export function useLiveFeed(enabled = true): Match[] | null {
  return useSyncExternalStore(
    enabled ? subscribe : noSubscription,
    () => (enabled ? latest : null),
    () => null,
  );
}

/**
 * A page's matches, live: each with its prices, suspension, status, score and minute as last
 * read; a match the feed no longer lists (it ended) left out.
 */
export function useLiveMatches<T extends Match>(shown: T[]): T[] {
  const feed = useLiveFeed();
  return useMemo(() => (feed ? refreshMatches(shown, feed) : shown), [shown, feed]);
}
