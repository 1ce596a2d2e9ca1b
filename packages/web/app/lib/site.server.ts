import type { AppLoadContext } from 'react-router';
import { normaliseDomain } from '@wl/contracts';
import { siteStateFrom, type SiteState } from './site-state';

const cache = new WeakMap<AppLoadContext, Promise<SiteState>>();

/**
 * The site of this request, from its Host, through /api/startup. Loaders of one request run in
 * parallel; they share one startup call through the request's context.
 */
export function loadSiteState(request: Request, context: AppLoadContext): Promise<SiteState> {
  let state = cache.get(context);
  if (!state) {
    const domain = normaliseDomain(new URL(request.url).host);
    state = context.api.call('startup', { domain_name: domain }).then(siteStateFrom);
    cache.set(context, state);
  }
  return state;
}
