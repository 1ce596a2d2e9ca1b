import type { LocaleCode, PromotionDetailReply, PromotionSummary } from '@wl/contracts';
import { dateFormat } from '../i18n/dates';
import type { PromotionCategory, PromotionKind } from './query';

/**
 * An item's period as text in the page's language. Formatted on the server (the loader), in UTC:
 * the first HTML and the hydrated page show the same dates whatever the visitor's time zone.
 */
export interface PeriodText {
  start: string;
  /** Null when the item is open-ended ("ongoing"). */
  end: string | null;
}

export type PromotionItem = PromotionSummary & { period: PeriodText };
export type PromotionDetailItem = PromotionItem & Pick<PromotionDetailReply['value'], 'body'>;

/** What a /promotions or /news page shows (the loader's data). */
export type PromotionsPage =
  | {
      view: 'list';
      kind: PromotionKind;
      /** The category filter of the URL, null for every category. */
      category: PromotionCategory | null;
      page: number;
      pageSize: number;
      total: number;
      /** The categories that have items, for the filter chips. */
      categories: PromotionCategory[];
      items: PromotionItem[];
      /** The list call failed: the page offers to try again. */
      failed: boolean;
    }
  | {
      view: 'detail';
      kind: PromotionKind;
      /** The body is sanitised HTML (by the API, and again by the web server). */
      item: PromotionDetailItem;
      /** The item's end has passed: it can still be read, not joined. */
      ended: boolean;
    }
  /** No item of this kind with the URL's id on this site: HTTP 404. */
  | { view: 'missing'; kind: PromotionKind }
  /** The detail call failed (not a missing item): the page offers to try again. */
  | { view: 'failed'; kind: PromotionKind };

const PERIOD_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };

/** An item's period in the page's language (UTC dates, see PeriodText). */
export function periodText(item: Pick<PromotionSummary, 'start_at' | 'end_at'>, locale: LocaleCode): PeriodText {
  const format = dateFormat(locale, PERIOD_DATE);
  return { start: format.format(new Date(item.start_at)), end: item.end_at ? format.format(new Date(item.end_at)) : null };
}

/** Whether the item can be joined or claimed at all (spec: claim_type none is read only). */
export function needsButton(item: Pick<PromotionSummary, 'claim_type'>): boolean {
  return item.claim_type !== 'none';
}
