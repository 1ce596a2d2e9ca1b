import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { loadSiteState } from '../lib/site.server';

/** Any path no route claims: HTTP 404, rendered by the locale route's error boundary. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Under maintenance or when the site failed, the root's page and status stand for every path.
  if ((await loadSiteState(request, context)).kind !== 'ready') return null;
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export default function NotFoundRoute() {
  return null;
}
