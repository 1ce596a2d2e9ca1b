import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { headMeta, type PageHead } from './head';
import { mergeMeta, parentMeta } from './merge-meta';
import { LOCALE_LANGS } from '@wl/contracts';
import { i18n } from '../i18n/instance';
import { splitLocale } from '../lib/locale';

interface MetaMatch {
  id: string;
  data: unknown;
  meta: MetaDescriptor[];
}

/** The site's name from the root route's data, when the site loaded. */
function siteNameOf(matches: readonly (MetaMatch | undefined)[]): string {
  const root = matches.find((match) => match?.id === 'root')?.data as { state?: { site?: { site_name?: string } } } | undefined;
  return root?.state?.site?.site_name ?? '';
}

/**
 * The locale route's tags: the page's head on top of the root's (theme colour). A failed page
 * (unknown path or locale prefix) is titled as such and kept out of search indexes; under
 * maintenance or when the site failed, the root's own title stands.
 */
export function localeRouteMeta({
  data,
  matches,
  error,
  pathname,
}: {
  pathname: string;
  data: unknown;
  matches: readonly (MetaMatch | undefined)[];
  error: unknown;
}): MetaDescriptor[] {
  const parent = parentMeta(matches);
  if (error) {
    const t = i18n.getFixedT(LOCALE_LANGS[splitLocale(pathname).locale]);
    const failure = isRouteErrorResponse(error) && error.status === 404 ? t('seo.pageNotFound') : t('seo.pageFailed');
    const siteName = siteNameOf(matches);
    return mergeMeta(parent, [{ title: siteName ? `${failure} · ${siteName}` : failure }, { name: 'robots', content: 'noindex' }]);
  }
  const head = (data as { head?: PageHead | null } | null | undefined)?.head;
  return head ? mergeMeta(parent, headMeta(head)) : parent;
}
