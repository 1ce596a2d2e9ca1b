import type { CALLS, CallName } from './calls/index.js';
import type { AnyReplyOf, PayloadOf } from './envelope.js';

type Calls = typeof CALLS;

/** Calls the platform's API by contract name. */
export interface ApiCaller {
  call<N extends CallName>(name: N, payload: PayloadOf<Calls[N]>): Promise<AnyReplyOf<Calls[N]>>;
}

/**
 * What the server hands the web site's loaders and actions with each request: the API, called
 * in-process with the same validation as over HTTP, and the client's address.
 */
export interface RequestContext {
  api: ApiCaller;
  clientIp: string;
  /**
   * Origins (scheme://host[:port]) of the configured game providers' launch addresses: pages may
   * frame them (/playnow), beside any https: origin.
   */
  gameFrameOrigins: readonly string[];
  /**
   * What became of this request's render, for the server's page cache (ADR 0061): the renderer
   * and the API caller clear `keepable` when the page was cut short, failed in part, or shows a
   * failed call, so such a page is never served to anyone else. Absent: nothing is kept.
   */
  render?: { keepable: boolean };
}
