import { useState, type CSSProperties, type ReactNode } from 'react';
import {
  data,
  isRouteErrorResponse,
  redirect,
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
// eslint-disable-next-line no-restricted-imports -- the site's base styles, imported only here, go first in the head by URL
import stylesheet from './styles/site.css?url';
import { loadSiteState } from './lib/site.server';
import { splitLocale } from './lib/locale';
import { paletteFor } from './theme/palette';
import { toneOfThemeCode } from './theme/templates';
import { siteColors } from './seo/site-colors';
import { SiteFrame } from './frame/SiteFrame';
import { MaintenancePage } from './frame/MaintenancePage';
import { SiteErrorPage } from './frame/SiteErrorPage';
import { usePageLifecycle } from './floating/lifecycle';
import { deviceOfRequest } from './device/device.server';
import { useDeviceDescriptor, useViewport, type DeviceState } from './device/store';
import { useDeviceSync } from './device/sync';
import { deviceKind } from './device/descriptor';
import { DEFAULT_LOCALE, LOCALE_LANGS, contentLang } from '@wl/contracts';
import { rootLocaleDecision } from './i18n/root-redirect.server';
import { loadLocaleMessages } from './i18n/messages';
import { i18n } from './i18n/instance';
import { useLocale } from './lib/use-locale';
import { requestNonce } from './security/csp.server';
import { loadAnalytics } from './analytics/analytics.server';
import { NO_ANALYTICS } from './analytics/script-tags';
import { AnalyticsScripts } from './analytics/AnalyticsScripts';
import { useSiteTracking } from './analytics/use-site-tracking';
import { ZodWithoutEval } from './security/ZodWithoutEval';
import { SessionStorageFallback } from './security/SessionStorageFallback';
import { useDeployments } from './deploy/use-deployments';

/*
 * The stylesheet has a precedence: React then sends it at the top of the head, before the module
 * preloads of the page's scripts, so a browser (over HTTP/1.1, six connections to a host) fetches
 * what blocks the first paint first. One file for every page (styles/site.css).
 */
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  // Per site, from its settings (routes/web-manifest.ts).
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // A first visit to / goes to the player's language (docs/product.md D2).
  const localeDecision = rootLocaleDecision(request);
  if (localeDecision.kind === 'redirect') {
    const redirectHeaders = new Headers({ vary: 'Accept-Language, Cookie' });
    if (localeDecision.setCookie) redirectHeaders.set('set-cookie', localeDecision.setCookie);
    throw redirect(localeDecision.location, { headers: redirectHeaders });
  }
  const { locale } = splitLocale(new URL(request.url).pathname);
  // get_analytics names the site by domain, like startup: both at once, with the page's messages.
  const [state, siteAnalytics] = await Promise.all([
    loadSiteState(request, context),
    loadAnalytics(request, context),
    loadLocaleMessages(locale),
  ]);
  const status = state.kind === 'error' ? state.status : state.kind === 'maintenance' ? 503 : 200;
  const headers = new Headers(state.kind === 'maintenance' ? { 'retry-after': '3600' } : {});
  if (localeDecision.kind === 'stay') {
    headers.set('set-cookie', localeDecision.setCookie);
    headers.set('vary', 'Accept-Language, Cookie');
  }
  // The device and the breakpoint (viewport cookie) the page is rendered for (docs/product.md §3, §9).
  const { device, viewport }: DeviceState = deviceOfRequest(request);
  // The CSP nonce of this response (entry.server sends it in the header) and the analytics scripts
  // that carry it; maintenance and error pages load nothing more (docs/product.md §4).
  const analytics = state.kind === 'ready' ? siteAnalytics : NO_ANALYTICS;
  // The page's colours, worked out here so the browser needs no palette arithmetic (theme/look.ts).
  const site = state.kind === 'error' ? null : state;
  // Platform-level error pages (no site) use a neutral colour; the template's tone joins the colour.
  const palette = paletteFor(site?.color ?? 'slate', site ? toneOfThemeCode(site.site.theme_code) : undefined);
  const themeColor = site ? siteColors(site).themeColor : null;
  return data({ state, locale, device, viewport, nonce: requestNonce(context), analytics, palette, themeColor }, { status, headers });
}

/** The root's headers (Retry-After under maintenance) reach every page; routes below add theirs. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The site's data does not change between navigations; reload it only after a form submission. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  const state = loaderData?.state;
  if (!state || state.kind === 'error') return [{ title: i18n.getFixedT(LOCALE_LANGS[loaderData?.locale ?? DEFAULT_LOCALE])('siteError.pageTitle') }];
  // The site's name until the locale route puts the page's own head on top (seo/route-meta.ts).
  return [{ title: state.site.site_name }, { name: 'theme-color', content: loaderData.themeColor }];
};

export function Layout({ children }: { children: ReactNode }) {
  const loaderData = useRouteLoaderData<typeof loader>('root');
  // From the URL, not the root's data: that stays as loaded while the player changes language.
  const { locale } = useLocale();
  const state = loaderData?.state;
  const site = state && state.kind !== 'error' ? state.site : null;
  const palette = loaderData?.palette;
  const viewport = useViewport();
  const device = useDeviceDescriptor();
  // The document's nonce, kept: a later revalidation of the root loader makes another that no policy names.
  const [nonce] = useState(loaderData?.nonce);
  const analytics = loaderData?.analytics ?? NO_ANALYTICS;
  return (
    <html
      lang={contentLang(locale)}
      data-template={state?.kind === 'ready' ? state.template : undefined}
      data-mode={palette?.mode}
      // The breakpoint (docs/product.md §9) and the kind of device: the server's guess, then the browser's measure.
      data-viewport={viewport}
      data-device={deviceKind(device)}
      // Becomes "ready" once hydrated (usePageLifecycle); React never sets it again, the value is constant.
      data-lifecycle="hydrating"
      style={palette?.tokens as CSSProperties | undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {nonce ? <SessionStorageFallback nonce={nonce} /> : null}
        {nonce ? <ZodWithoutEval nonce={nonce} /> : null}
        {/* No site, no icon: an empty one stops the browser asking for /favicon.ico. */}
        <link rel="icon" type="image/svg+xml" href={site ? site.logo2 : 'data:,'} />
        <Meta />
        <Links nonce={nonce} />
        {/* Vite's preload helper gives the modulepreload links it adds this nonce. */}
        {nonce ? <meta property="csp-nonce" nonce={nonce} /> : null}
        <AnalyticsScripts scripts={analytics.head} nonce={nonce} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <AnalyticsScripts scripts={analytics.body} nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { state } = useLoaderData<typeof loader>();
  // Every page, maintenance and error pages included, goes from hydrating to ready (docs/product.md §4).
  usePageLifecycle();
  useDeviceSync();
  useSiteTracking(state.kind === 'ready' ? state.site : null);
  // A new deployment: the next navigation loads its page in full (app/deploy/).
  useDeployments();
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
