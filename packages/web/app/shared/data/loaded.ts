import { STATUS } from '@wl/contracts';

/**
 * What a route's loader answers for one call (ADR 0058): the reply, a failure (the page offers a
 * retry, which revalidates the route), `unavailable` for a feature the site has not set up (the
 * call answered notFound: said quietly, never an error dialog), or `guest` when a session call had
 * no player to ask for (the route guard takes the visitor away).
 */
export type Loaded<T> = { kind: 'ready'; value: T } | { kind: 'failed' } | { kind: 'unavailable' } | { kind: 'guest' };

/** A reply sorted into what the page shows: success, notFound (`unavailable`) or a failure. */
export function loadedOf<T>(reply: { statusCode: number; message?: unknown }): Loaded<T> {
  if (reply.statusCode === STATUS.ok) return { kind: 'ready', value: reply as T };
  return reply.message === 'notFound' ? { kind: 'unavailable' } : { kind: 'failed' };
}

/** The value of a loaded call, or null while it is anything else. */
export function valueOf<T>(loaded: Loaded<T>): T | null {
  return loaded.kind === 'ready' ? loaded.value : null;
}
