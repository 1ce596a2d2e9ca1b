import type { AppLoadContext } from 'react-router';
import { PAGINATION, type LocaleCode } from '@wl/contracts';
import { loadSiteState } from '../lib/site.server';
import { splitLocale } from '../lib/locale';
import { settledReply, sitePayloadOf } from '../lib/api-calls.server';
import { sanitizeBody } from '../content/sanitize.server';
import { parsePromotionsQuery, type PromotionKind, type PromotionsQuery } from './query';
import { periodText, type PromotionsPage } from './promotions-data';

type Site = { domain_name: string; external_id: string };

/**
 * The data of a /promotions or /news page, loaded in the web server (the lists are public: the
 * first HTML has them, for a fast first paint and for search engines) in the visitor's language,
 * with the API's English fallback. Null when the site is not ready (maintenance, failed startup).
 */
export async function loadPromotionsPage(request: Request, context: AppLoadContext, kind: PromotionKind): Promise<PromotionsPage | null> {
  const state = await loadSiteState(request, context);
  if (state.kind !== 'ready') return null;
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const query = parsePromotionsQuery(url.searchParams);
  const site = sitePayloadOf(request, state);
  return query.id === null ? loadList(context, site, kind, query, locale) : loadDetail(context, site, kind, query.id, locale);
}

async function loadList(context: AppLoadContext, site: Site, kind: PromotionKind, query: PromotionsQuery, locale: LocaleCode): Promise<PromotionsPage> {
  const pageSize = PAGINATION.perPage;
  const ask = (page: number) =>
    settledReply(
      'promotions/list',
      context.api.call('promotionList', { ...site, kind, ...(query.category ? { category: query.category } : {}), language: locale, page, page_size: pageSize }),
    );
  let reply = await ask(query.page);
  // A page past the end (an old link, a list that got shorter) shows the last page instead of nothing.
  if (reply && reply.value.length === 0 && reply.total > 0 && query.page > 1) reply = await ask(Math.ceil(reply.total / pageSize));
  return {
    view: 'list',
    kind,
    category: query.category,
    page: reply?.page ?? query.page,
    pageSize,
    total: reply?.total ?? 0,
    categories: reply?.categories ?? [],
    items: (reply?.value ?? []).map((item) => ({ ...item, period: periodText(item, locale) })),
    failed: reply === null,
  };
}

async function loadDetail(context: AppLoadContext, site: Site, kind: PromotionKind, id: number | 'invalid', locale: LocaleCode): Promise<PromotionsPage> {
  if (id === 'invalid') return { view: 'missing', kind };
  try {
    const reply = await context.api.call('promotionDetail', { ...site, promotion_id: id, language: locale });
    if (reply.statusCode !== 1 || !('value' in reply)) return reply.message === 'notFound' ? { view: 'missing', kind } : { view: 'failed', kind };
    const item = reply.value;
    // The other kind's id (a news id on /promotions) is not an item of this page.
    if (item.kind !== kind) return { view: 'missing', kind };
    const ended = item.end_at !== null && Date.parse(item.end_at) <= Date.now();
    return { view: 'detail', kind, ended, item: { ...item, body: nestHeadings(sanitizeBody(item.body)), period: periodText(item, locale) } };
  } catch (error) {
    console.error('promotions/detail call failed', error);
    return { view: 'failed', kind };
  }
}

/**
 * The body's headings renumbered to sit under the page's h1: its highest heading becomes an h2 and
 * the others keep their distance below it (an operator's body starting at h3 would otherwise skip a
 * level, which screen-reader users navigating by headings notice). Runs on sanitised HTML, whose
 * tags the sanitiser has written out itself: a "<h3" in text is escaped there, so only tags match.
 */
export function nestHeadings(cleanHtml: string): string {
  const levels = [...cleanHtml.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
  if (!levels.length) return cleanHtml;
  const shift = Math.min(...levels) - 2;
  if (shift === 0) return cleanHtml;
  const level = (n: string) => Math.min(6, Math.max(2, Number(n) - shift));
  return cleanHtml.replace(/<(\/?)h([1-6])(?=[\s>])/g, (_tag, slash: string, n: string) => `<${slash}h${level(n)}`);
}
