import { useLocation, useNavigation, useRevalidator } from 'react-router';
import type { Loaded } from '../shared/data/loaded';

/**
 * What a records screen shows: the first load (the route's fallback), a failure (the global
 * handler has told the player), or a reply (with the key it answered), kept on screen while the
 * next one loads (`stale`) so a filter or page change does not blank the list.
 */
export type HistoryLoad<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; reply: T; stale: boolean; key: string };

/**
 * A records screen's list as its route's clientLoader answered it for `key` (the screen's query
 * string: ADR 0058): stale while a navigation to another query of this screen loads; its retry
 * revalidates the route.
 */
export function useHistoryLoad<T>(key: string, loaded: Loaded<T>): { load: HistoryLoad<T>; retry: () => void } {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const { revalidate } = useRevalidator();
  const stale = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const load: HistoryLoad<T> =
    loaded.kind === 'ready' ? { kind: 'ready', reply: loaded.value, stale, key } : loaded.kind === 'guest' ? { kind: 'loading' } : { kind: 'failed' };
  return { load, retry: () => void revalidate() };
}
