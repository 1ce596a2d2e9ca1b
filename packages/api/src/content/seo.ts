import { and, eq } from 'drizzle-orm';
import type { SeoRecord } from '@wl/contracts';
import type { CallHandlers } from '../http/calls.js';
import { publicCall } from '../http/guards.js';
import { seoPages } from '../db/schema.js';
import { sanitizeHtml } from './sanitize.js';

type SeoRow = typeof seoPages.$inferSelect;

/** The SEO record of docs/product.md §3 from its row; the page texts are sanitised HTML. */
export function seoRecordOf(row: SeoRow): SeoRecord {
  return {
    id: row.id,
    page_name: row.pageName,
    en_item_name: row.enItemName,
    en_body: sanitizeHtml(row.enBody),
    local_item_name: row.localItemName,
    local_body: sanitizeHtml(row.localBody),
    meta_title: row.metaTitle,
    meta_desc: row.metaDesc,
    meta_keywords: row.metaKeywords,
    meta_url: row.metaUrl,
    meta_canonical: row.metaCanonical,
    meta_author: row.metaAuthor,
    meta_publisher: row.metaPublisher,
    meta_lang: row.metaLang,
    meta_image_url: row.metaImageUrl,
  };
}

/**
 * /api/seo: the record of one page name (page names are case-insensitive and stored in lower
 * case). A page the site has no record for answers value null, and the client uses its defaults.
 */
export const seoHandlers: CallHandlers = {
  seo: publicCall<'seo'>(async ({ page_name }, { db, site }) => {
    const [row] = await db
      .select()
      .from(seoPages)
      .where(and(eq(seoPages.siteId, site.id), eq(seoPages.pageName, page_name.toLowerCase())))
      .limit(1);
    return { statusCode: 1, message: 'OK', value: row ? seoRecordOf(row) : null };
  }),
};
