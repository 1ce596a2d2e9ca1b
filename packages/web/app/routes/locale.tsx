import { data, isRouteErrorResponse, Link, Outlet, useLocation } from 'react-router';
import { localeFromPrefix } from '@wl/contracts';
import type { Route } from './+types/locale';
import { useLocale } from '../lib/use-locale';
import { loadSiteState } from '../lib/site.server';

/** The optional locale prefix of decisions.md §2: /vi/slots. Anything else in its place is a 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  // Under maintenance or when the site failed, the root's page and status stand for every path.
  if ((await loadSiteState(request, context)).kind !== 'ready') return null;
  if (params.lang !== undefined && !localeFromPrefix(params.lang)) {
    throw data(null, { status: 404, statusText: 'Not Found' });
  }
  return null;
}

export default function LocaleRoute() {
  return <Outlet />;
}

/** Inside the site frame: an unknown path shows the not-found page (spec §2, §8). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="not-found">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Please try again.</p>
    </section>
  );
}

export function NotFound() {
  const { pathname } = useLocation();
  const { locale } = useLocale();
  const home = localeFromPrefix(pathname.split('/')[1]) ? `/${locale.toLowerCase()}` : '/';
  return (
    <section className="not-found" data-testid="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found: {pathname}</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to={home} className="btn btn--primary">
        Back to home
      </Link>
    </section>
  );
}
