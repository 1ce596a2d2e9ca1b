import { useCallback, useEffect, useState } from 'react';
import { STATUS } from '@wl/contracts';
import { handleApiError, type ApiErrorReply } from '../client/errors';

/**
 * What a records screen shows: the first load, a failure (the global handler has told the
 * player), or a reply (with the key it answered), kept on screen while the next one loads
 * (`stale`) so a filter or page change does not blank the list.
 */
export type HistoryLoad<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; reply: T; stale: boolean; key: string };

/** The last answer, with the request (query and attempt) it answered. */
type Settled<T> = { kind: 'ready'; reply: T; request: string; key: string } | { kind: 'failed'; request: string };

/**
 * Asks `request` for the page of `key` (the screen's query string) once the page runs in the
 * browser and again whenever the key changes; a reply for a key that is no longer current is
 * dropped. Failures go to the global handler (a session end logs out; a network failure is
 * only logged) and leave the screen's failed state, whose retry asks again.
 */
export function useHistoryLoad<R extends ApiErrorReply, T>(
  key: string,
  enabled: boolean,
  request: (signal: AbortSignal) => Promise<R>,
  /** The reply as the screen reads it; null for a reply without it (a failure). */
  pick: (reply: R) => T | null,
): { load: HistoryLoad<T>; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const current = `${attempt}|${key}`;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    request(controller.signal).then(
      (reply) => {
        if (controller.signal.aborted) return;
        const picked = reply.statusCode === STATUS.ok ? pick(reply) : null;
        if (picked !== null) {
          setSettled({ kind: 'ready', reply: picked, request: current, key });
          return;
        }
        handleApiError(reply);
        setSettled({ kind: 'failed', request: current });
      },
      () => {
        if (!controller.signal.aborted) setSettled({ kind: 'failed', request: current });
      },
    );
    return () => controller.abort();
    // `request` and `pick` are rebuilt each render from the same query: the key says when to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, enabled]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const load: HistoryLoad<T> =
    settled?.kind === 'ready'
      ? { kind: 'ready', reply: settled.reply, stale: settled.request !== current, key: settled.key }
      : settled?.kind === 'failed' && settled.request === current
        ? { kind: 'failed' }
        : { kind: 'loading' };
  return { load, retry };
}
