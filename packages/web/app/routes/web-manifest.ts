import type { Route } from './+types/web-manifest';
import { siteFileResponse } from '../seo/resource.server';
import { buildManifest } from '../seo/manifest';

/** /manifest.webmanifest of the request's site, from its settings. */
export function loader({ request, context }: Route.LoaderArgs) {
  return siteFileResponse(request, context, (state) => ({
    body: JSON.stringify(buildManifest(state)),
    contentType: 'application/manifest+json; charset=utf-8',
  }));
}
