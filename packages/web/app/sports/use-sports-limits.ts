import { useEffect, useSyncExternalStore } from 'react';
import { STATUS } from '@wl/contracts';
import { callApi, siteCallPayload } from '../client/api';
import { useReadySite } from '../shared/hooks/use-ready-site';
import type { StakeLimits } from './stake-limits';

/*
 * The site's stake limits (sports/limits), asked once per page load when a slip first shows a
 * stake and kept for the page's life: an operator's change reaches the slip on the next load. Until
 * they are known, or if the site cannot answer, the slip offers the usual quick stakes and checks
 * nothing itself: the server holds every bet to the limits anyway.
 */

let known: StakeLimits | null = null;
let asked = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function ask(externalId: string): void {
  if (asked) return;
  asked = true;
  void callApi('sportsLimits', siteCallPayload({ external_id: externalId })).then((reply) => {
    if (reply.statusCode === STATUS.ok && 'min_stake' in reply) {
      known = { min_stake: reply.min_stake, max_stake: reply.max_stake };
      for (const listener of [...listeners]) listener();
    } else if (reply.statusCode < 0) {
      // No answer: the next slip to show a stake asks again. A refusal (the site's own) is not retried.
      asked = false;
    }
  });
}

/** The site's stake limits once known, else null (on the server, and while the answer is awaited). */
export function useSportsLimits(): StakeLimits | null {
  const externalId = useReadySite()?.site.external_id;
  const limits = useSyncExternalStore(
    subscribe,
    () => known,
    () => null,
  );
  useEffect(() => {
    if (externalId) ask(externalId);
  }, [externalId]);
  return limits;
}

/** The limits as known now, for a handler that runs after the render that made it (placing a bet). */
export function sportsLimitsNow(): StakeLimits | null {
  return known;
}
