import type { MetaDescriptor } from 'react-router';
import { mergeMeta, parentMeta } from '../seo/merge-meta';
import { i18n } from '../i18n/instance';
import { LOCALE_LANGS } from '@wl/contracts';
import { splitLocale } from '../lib/locale';
import type { PromotionsPage } from './promotions-data';

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

/** The parent's canonical address with the item's id: each item is a page of its own for search engines. */
function itemUrl(parent: readonly MetaDescriptor[], id: number): string | null {
  const canonical = parent.find((tag) => (tag as Record<string, unknown>).rel === 'canonical') as { href?: string } | undefined;
  if (!canonical?.href) return null;
  try {
    const url = new URL(canonical.href);
    url.search = `?id=${id}`;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * The page head: the list keeps the locale route's (the SEO record of /promotions or /news, else
 * the screen's title); a detail view is titled and described by its item, with its own canonical
 * address; an unknown id is titled as not found and kept out of search indexes.
 */
export function promotionsMeta({
  data,
  matches,
  pathname,
}: {
  data: PromotionsPage | null | undefined;
  matches: readonly (MetaMatch | undefined)[];
  pathname: string;
}): MetaDescriptor[] {
  const parent = parentMeta(matches);
  const siteName = siteNameOf(matches);
  const titled = (title: string) => (siteName ? `${title} · ${siteName}` : title);
  if (data?.view === 'missing') {
    const t = i18n.getFixedT(LOCALE_LANGS[splitLocale(pathname).locale]);
    return mergeMeta(parent, [{ title: titled(t('seo.pageNotFound')) }, { name: 'robots', content: 'noindex' }]);
  }
  if (data?.view !== 'detail') return parent;
  const { item } = data;
  const title = titled(item.title);
  const url = itemUrl(parent, item.promotion_id);
  const own: MetaDescriptor[] = [
    { title },
    { name: 'description', content: item.summary },
    { property: 'og:title', content: title },
    { property: 'og:description', content: item.summary },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: item.summary },
  ];
  if (url) own.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  return mergeMeta(parent, own);
}
