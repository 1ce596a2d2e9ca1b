import { useEffect, useState } from 'react';
import { STATUS, type SpinInfoReply } from '@wl/contracts';
import { callApi, siteCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';

/** What a screen's request has answered so far. */
export type Load<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'unavailable' } | { kind: 'ready'; value: T };

/**
 * The site's wheel (spin_info: cost and prize table), loaded once the page runs in the browser.
 * A site without a wheel answers notFound: that is "unavailable", not an error to show in a dialog.
 * `retry` loads it again.
 */
export function useSpinInfo(site: { external_id: string } | null): { load: Load<SpinInfoReply>; retry: () => void } {
  const [load, setLoad] = useState<Load<SpinInfoReply>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const externalId = site?.external_id;

  useEffect(() => {
    if (!externalId) return;
    const controller = new AbortController();
    void callApi('spinInfo', siteCallPayload({ external_id: externalId }), { signal: controller.signal }).then((reply) => {
      if (controller.signal.aborted) return;
      if (reply.statusCode === STATUS.ok && 'prizes' in reply) return setLoad({ kind: 'ready', value: reply });
      if (reply.message === 'notFound') return setLoad({ kind: 'unavailable' });
      handleApiError(reply);
      setLoad({ kind: 'failed' });
    });
    return () => controller.abort();
  }, [externalId, attempt]);

  const retry = () => {
    setLoad({ kind: 'loading' });
    setAttempt((value) => value + 1);
  };
  return { load, retry };
}
