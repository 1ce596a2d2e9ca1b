import { PROMOTION_CATEGORIES, type PromotionSummary } from '@wl/contracts';

export type PromotionKind = PromotionSummary['kind'];
export type PromotionCategory = PromotionSummary['category'];

/** The screen of each kind: /promotions lists promotions, /news the news (one entity, ADR 0014). */
export const KIND_PATHS = { promotion: '/promotions', news: '/news' } as const satisfies Record<PromotionKind, string>;

/** The largest id the API takes (a PostgreSQL integer). */
const MAX_ID = 2_147_483_647;
/** The largest page the list call takes. */
const MAX_PAGE = 10_000;

/**
 * What a /promotions or /news URL asks for (routes have no path parameters, docs/product.md §2):
 * ?id=<promotion_id> opens one item; otherwise ?category=<category>&page=<n> narrow the list.
 * `id` is 'invalid' when the URL names an id that cannot be one (the page answers not found).
 */
export interface PromotionsQuery {
  id: number | 'invalid' | null;
  category: PromotionCategory | null;
  page: number;
}

/**
 * The query of a URL's search parameters, made safe to send: an unknown category is ignored (the
 * whole list), a page that is not a whole number from 1 is the first.
 */
export function parsePromotionsQuery(search: URLSearchParams): PromotionsQuery {
  const rawId = search.get('id');
  let id: PromotionsQuery['id'] = null;
  if (rawId !== null) {
    const number = /^\d{1,10}$/.test(rawId.trim()) ? Number(rawId.trim()) : NaN;
    id = Number.isInteger(number) && number >= 1 && number <= MAX_ID ? number : 'invalid';
  }
  const rawCategory = (search.get('category') ?? '').trim().toLowerCase();
  const category = PROMOTION_CATEGORIES.find((known) => known === rawCategory) ?? null;
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return { id, category, page: Number.isFinite(page) ? Math.min(Math.max(page, 1), MAX_PAGE) : 1 };
}

/** The query string of a list (no category and page 1 left out), with its '?' when not empty. */
export function listSearch(query: { category?: PromotionCategory | null; page?: number }): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The query string of one item's detail view. */
export function detailSearch(id: number): string {
  return `?id=${id}`;
}
