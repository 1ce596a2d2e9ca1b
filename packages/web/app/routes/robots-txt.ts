import type { Route } from './+types/robots-txt';
import { siteFileResponse } from '../seo/resource.server';
import { buildRobots } from '../seo/sitemap';

/** /robots.txt of the request's site. */
export function loader({ request, context }: Route.LoaderArgs) {
  return siteFileResponse(request, context, (_state, origin) => ({ body: buildRobots(origin), contentType: 'text/plain; charset=utf-8' }));
}
