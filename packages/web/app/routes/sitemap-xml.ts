import type { Route } from './+types/sitemap-xml';
import { siteFileResponse } from '../seo/resource.server';
import { buildSitemap } from '../seo/sitemap';

/** /sitemap.xml of the request's site: every route in every locale with messages. */
export function loader({ request, context }: Route.LoaderArgs) {
  return siteFileResponse(request, context, (_state, origin) => ({ body: buildSitemap(origin), contentType: 'application/xml; charset=utf-8' }));
}
