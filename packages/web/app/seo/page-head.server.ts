import type { AppLoadContext } from 'react-router';
import { LOCALE_LANGS, isSuccessReply, normaliseDomain, type LocaleCode, type RoutePath, type SeoRecord } from '@wl/contracts';
import type { ReadySite } from '../lib/site-state';
import { i18n } from '../i18n/instance';
import { loadLocaleMessages } from '../i18n/messages';
import { screenKey } from '../i18n/screen-titles';
import { pageHead, type PageHead } from './head';
import { pageOfPath, seoPageName } from './page-name';

/** The site's name alone on the home page; elsewhere the screen's title before it. */
function fallbackTitle(path: RoutePath, locale: LocaleCode, siteName: string): string {
  if (path === '/') return siteName;
  return `${i18n.getFixedT(LOCALE_LANGS[locale], '_m')(screenKey(path))} · ${siteName}`;
}

/** The SEO record of a page, or null when the site has none or the call failed (the page still renders). */
async function loadSeoRecord(context: AppLoadContext, url: URL, site: ReadySite['site'], pageName: string): Promise<SeoRecord | null> {
  try {
    const payload = { domain_name: normaliseDomain(url.host), external_id: site.external_id, page_name: pageName };
    const reply = await context.api.call('seo', payload);
    return isSuccessReply(reply) && 'value' in reply ? reply.value : null;
  } catch (error) {
    console.error('SEO record of page', pageName, 'failed:', error);
    return null;
  }
}

/** The head of the requested page (docs/product.md §2: the home page's record is 'home'); null for a path that is no page. */
export async function loadPageHead(request: Request, context: AppLoadContext, state: ReadySite): Promise<PageHead | null> {
  const url = new URL(request.url);
  const page = pageOfPath(url.pathname);
  const pageName = seoPageName(url.pathname);
  if (!page || !pageName) return null;
  const record = await loadSeoRecord(context, url, state.site, pageName);
  const { locale, path } = page;
  // The root loader loads the page's messages too; both run at once, and share the load.
  await loadLocaleMessages(locale);
  return pageHead({ record, site: state.site, locale, path, origin: url.origin, fallbackTitle: fallbackTitle(path, locale, state.site.site_name) });
}
