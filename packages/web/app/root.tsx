import type { CSSProperties, ReactNode } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { Route } from './+types/root';
import './lib/context';
import stylesheet from './styles/app.css?url';
import shellStylesheet from './styles/shell.css?url';
import floatingStylesheet from './styles/floating.css?url';
import { loadSiteState } from './lib/site.server';
import { splitLocale } from './lib/locale';
import { paletteFor } from './theme/palette';
import { headerColor, templateConfig, toneOfThemeCode } from './theme/templates';
import { SiteFrame } from './frame/SiteFrame';
import { MaintenancePage } from './frame/MaintenancePage';
import { SiteErrorPage } from './frame/SiteErrorPage';
import { usePageLifecycle } from './floating/lifecycle';
import { DATE_LOCALES } from '@wl/contracts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: shellStylesheet },
  { rel: 'stylesheet', href: floatingStylesheet },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await loadSiteState(request, context);
  const { locale } = splitLocale(new URL(request.url).pathname);
  const status = state.kind === 'error' ? state.status : state.kind === 'maintenance' ? 503 : 200;
  const headers: HeadersInit = state.kind === 'maintenance' ? { 'retry-after': '3600' } : {};
  return data({ state, locale }, { status, headers });
}

/** The root's headers (Retry-After under maintenance) reach every page; routes below add theirs. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The site's data does not change between navigations; reload it only after a form submission. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  const state = loaderData?.state;
  if (!state || state.kind === 'error') return [{ title: 'Site unavailable' }];
  const tone = toneOfThemeCode(state.site.theme_code);
  const tokens = paletteFor(state.site.theme_color, tone).tokens;
  const themeColor = state.kind === 'ready' ? headerColor(tokens, templateConfig(state.template).headerTone) : tokens['--c-deep'];
  return [{ title: state.site.site_name }, { name: 'theme-color', content: themeColor ?? tokens['--c-bg'] }];
};

export function Layout({ children }: { children: ReactNode }) {
  const loaderData = useRouteLoaderData<typeof loader>('root');
  const state = loaderData?.state;
  const color = state?.kind === 'ready' ? state.color : state?.kind === 'maintenance' ? state.color : null;
  // Platform-level error pages (no site) use a neutral colour.
  const site = state && state.kind !== 'error' ? state.site : null;
  // The template's preferred tone (light or dark surfaces) joins the colour in the palette.
  const palette = paletteFor(color ?? 'slate', site ? toneOfThemeCode(site.theme_code) : undefined);
  return (
    <html
      lang={DATE_LOCALES[loaderData?.locale ?? 'EN']}
      data-template={state?.kind === 'ready' ? state.template : undefined}
      data-mode={palette.mode}
      // Becomes "ready" once hydrated (usePageLifecycle); React never sets it again, the value is constant.
      data-lifecycle="hydrating"
      style={palette.tokens as CSSProperties}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* No site, no icon: an empty one stops the browser asking for /favicon.ico. */}
        <link rel="icon" type="image/svg+xml" href={site ? site.logo2 : 'data:,'} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { state } = useLoaderData<typeof loader>();
  // Every page, maintenance and error pages included, goes from hydrating to ready (spec §4).
  usePageLifecycle();
  if (state.kind === 'error') return <SiteErrorPage message={state.message} />;
  if (state.kind === 'maintenance') return <MaintenancePage site={state.site} maintenance={state.maintenance} />;
  return (
    <SiteFrame state={state}>
      <Outlet />
    </SiteFrame>
  );
}

/** Last resort: the root loader itself failed (the API did not answer). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'internalServerError';
  if (!isRouteErrorResponse(error)) console.error(error);
  return <SiteErrorPage message={message} />;
}
