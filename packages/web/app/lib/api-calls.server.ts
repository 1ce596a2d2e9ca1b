import { normaliseDomain } from '@wl/contracts';
import type { ReadySite } from './site-state';

/** The site part of a public call's payload (docs/product.md §6) for this request's host and site. */
export function sitePayloadOf(request: Request, state: ReadySite): { domain_name: string; external_id: string } {
  return { domain_name: normaliseDomain(new URL(request.url).host), external_id: state.site.external_id };
}

/**
 * A reply's success part, or null when the call failed or threw (logged as `what`): a page's
 * lists and feeds fall back to empty each on its own (docs/product.md §8).
 */
export async function settledReply<R extends { statusCode: number }>(what: string, call: Promise<R>): Promise<Extract<R, { statusCode: 1 }> | null> {
  try {
    const reply = await call;
    return reply.statusCode === 1 ? (reply as Extract<R, { statusCode: 1 }>) : null;
  } catch (error) {
    console.error(`${what} call failed`, error);
    return null;
  }
}
