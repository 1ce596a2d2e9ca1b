import type { AppLoadContext } from 'react-router';
import { loadSiteState } from '../lib/site.server';
import type { MaintenanceSite, ReadySite } from '../lib/site-state';

/** The files change only with the site's settings: an hour in any cache is fine. */
export const SEO_FILE_CACHE = 'public, max-age=3600';
/**
 * One URL answers each site's own file, chosen by the Host header: a shared cache must key on it
 * too, or one site's sitemap would be served for another (issue 21 §8, ADR 0023).
 */
const VARY = 'Host';

export interface SiteFile {
  body: string;
  contentType: string;
}

/**
 * A per-site file (robots.txt, sitemap.xml, the manifest) for the site of the request's host. A host
 * with no site answers 404, a site that failed to load its own status; nothing is cached then.
 */
export async function siteFileResponse(
  request: Request,
  context: AppLoadContext,
  build: (state: ReadySite | MaintenanceSite, origin: string) => SiteFile,
): Promise<Response> {
  const state = await loadSiteState(request, context);
  if (state.kind === 'error') {
    return new Response(state.status === 404 ? 'Not Found' : state.message, {
      status: state.status,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', vary: VARY },
    });
  }
  const { body, contentType } = build(state, new URL(request.url).origin);
  return new Response(body, { headers: { 'content-type': contentType, 'cache-control': SEO_FILE_CACHE, vary: VARY } });
}
