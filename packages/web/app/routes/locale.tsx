import { data, isRouteErrorResponse, Link, Outlet, useLocation, type ShouldRevalidateFunction } from 'react-router';
import { localeFromPrefix } from '@wl/contracts';
import type { Route } from './+types/locale';
import { useLocale } from '../lib/use-locale';
import { loadSiteState } from '../lib/site.server';
import { loadPageHead } from '../seo/page-head.server';
import { localeRouteMeta } from '../seo/route-meta';
import { useT } from '../i18n/use-t';
import { prepareLocale } from '../i18n/prepare.client';

/**
 * The optional locale prefix of docs/product.md D2: /vi/slots. Anything else in its place is a 404.
 * Also the page's head, from its SEO record (docs/product.md §2, §3).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  // Under maintenance or when the site failed, the root's page and status stand for every path.
  const state = await loadSiteState(request, context);
  if (state.kind !== 'ready') return { head: null };
  if (params.lang !== undefined && !localeFromPrefix(params.lang)) {
    throw data(null, { status: 404, statusText: 'Not Found' });
  }
  return { head: await loadPageHead(request, context, state) };
}

/** Each page has its own head: reload it whenever the path changes (the root's data stays). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || (formMethod ? defaultShouldRevalidate : false);

/** Title, description, canonical, Open Graph, Twitter and hreflang tags of the page (see seo/). */
export const meta: Route.MetaFunction = ({ data: loaderData, matches, error, location }) =>
  localeRouteMeta({ data: loaderData, matches, error, pathname: location.pathname });

/**
 * Client navigations: the target locale's messages load (once, fallback first) alongside the
 * page's data, so the new page renders in its language at once. The first page's messages are
 * loaded before hydration (entry.client).
 */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), prepareLocale(localeFromPrefix(params.lang))]);
  return data;
}

export default function LocaleRoute() {
  return <Outlet />;
}

/** Inside the site frame: an unknown path shows the not-found page (docs/product.md §2, §8). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="not-found">
      <h1>{t('notFound.errorTitle')}</h1>
      <p>{t('notFound.errorLead')}</p>
    </section>
  );
}

export function NotFound() {
  const { pathname } = useLocation();
  const { locale } = useLocale();
  const { t } = useT();
  const home = localeFromPrefix(pathname.split('/')[1]) ? `/${locale.toLowerCase()}` : '/';
  return (
    <section className="not-found" data-testid="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title', { path: pathname })}</h1>
      <p>{t('notFound.lead')}</p>
      <Link to={home} className="btn btn--primary">
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
